import { createContext, useContext } from 'react';
import { cn } from '@/lib/cn';

/** What a labelled field tells the control inside it: its id, and the ids of the texts that describe it. */
export interface FieldControl {
  id: string;
  /** The hint and the inline message, for `aria-describedby`; undefined when there are neither. */
  describedBy: string | undefined;
  invalid: boolean;
}

/** Set by `FormField` (components/forms/form-field.tsx) around its control. */
export const FieldControlContext = createContext<FieldControl | null>(null);

/** Heights of a control: `sm` for dense grids, `md` for most forms, `lg` for touch-first forms. */
export type ControlSize = 'sm' | 'md' | 'lg';

const BASE =
  'block w-full rounded-md border border-zinc-300 bg-white text-base text-zinc-900 shadow-sm transition-colors placeholder:text-zinc-400 focus-visible:border-brand-600 aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:border-zinc-200 disabled:bg-zinc-100 disabled:text-zinc-400 disabled:shadow-none sm:text-sm dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:aria-[invalid=true]:border-red-500 dark:disabled:border-zinc-800 dark:disabled:bg-zinc-900 dark:disabled:text-zinc-600';

/** A read-only text control looks inert. (Not with `read-only:`, which also matches every select.) */
const READ_ONLY =
  '[&[readonly]]:bg-zinc-50 [&[readonly]]:text-zinc-600 dark:[&[readonly]]:bg-zinc-900 dark:[&[readonly]]:text-zinc-400';

const SIZES: Record<ControlSize, string> = {
  sm: 'h-10 px-2 sm:h-9',
  md: 'h-10 px-3',
  lg: 'h-11 px-3',
};

/** The one look of inputs, selects and text areas. */
export function controlClass(kind: 'input' | 'select' | 'textarea', size: ControlSize, className?: string): string {
  return cn(BASE, kind === 'textarea' ? 'px-3 py-2' : SIZES[size], kind !== 'select' && READ_ONLY, className);
}

/**
 * The id and ARIA wiring of a control: what the control was given, else what its `FormField` says.
 */
export function useFieldControl(own: {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
}) {
  const field = useContext(FieldControlContext);
  return {
    id: own.id ?? field?.id,
    'aria-describedby': own['aria-describedby'] ?? field?.describedBy,
    'aria-invalid': own['aria-invalid'] ?? field?.invalid,
  };
}
