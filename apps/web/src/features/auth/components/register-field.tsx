/** The look of every text, number, date and select control of the register form. */
export const CONTROL_CLASS =
  'block h-11 w-full rounded-md border border-zinc-300 bg-white px-3 text-base text-zinc-900 shadow-sm transition-colors placeholder:text-zinc-400 focus-visible:border-brand-600 [&[readonly]]:bg-zinc-50 [&[readonly]]:text-zinc-600 aria-[invalid=true]:border-red-600 sm:text-sm dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:[&[readonly]]:bg-zinc-900 dark:[&[readonly]]:text-zinc-400 dark:aria-[invalid=true]:border-red-500';

export interface ControlDescription {
  /** Goes on the control: `aria-describedby`, pointing at the hint and the message. */
  describedBy: string | undefined;
  invalid: boolean;
}

/** Ids of the hint and the inline message of a control, for `aria-describedby`. */
export function describeControl(id: string, hasHint: boolean, error: string | undefined): ControlDescription {
  const ids = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((value) => value !== null);
  return { describedBy: ids.length > 0 ? ids.join(' ') : undefined, invalid: Boolean(error) };
}
