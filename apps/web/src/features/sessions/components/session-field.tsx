import { CircleAlert } from 'lucide-react';

/** The look of every input, select and textarea of the session form. */
export const CONTROL_CLASS =
  'block w-full rounded-md border border-zinc-300 bg-white px-3 text-base text-zinc-900 shadow-sm transition-colors placeholder:text-zinc-400 focus-visible:border-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:aria-[invalid=true]:border-red-500';

/** A read-only input looks inert. (Not with `read-only:`, which also matches every select.) */
export const READ_ONLY_CLASS = 'bg-zinc-50 text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400';

/** `aria-describedby` of a control with an optional inline message. */
export function errorIdOf(id: string, error: string | undefined): string | undefined {
  return error ? `${id}-error` : undefined;
}

/** A failed call, in red: one line, then the server's own messages when it sent any. */
export function FailureAlert({ message, details }: { message: string; details: string[] }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
    >
      <CircleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-1 break-words">
        <p className="font-medium">{message}</p>
        {details.length > 0 && (
          <ul className="list-disc space-y-0.5 pl-5">
            {details.map((detail, index) => (
              <li key={`${index}-${detail}`}>{detail}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
