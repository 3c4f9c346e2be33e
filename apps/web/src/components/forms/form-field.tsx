import type { ReactNode } from 'react';
import { FieldControlContext } from '@/components/ui/field-control';
import { cn } from '@/lib/cn';

/** `aria-describedby` of a control with an optional hint and an optional inline message. */
function describedBy(id: string, { hint, error }: { hint?: string; error?: string }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((value) => value !== null);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A label above its control, then an optional hint and the inline message in red. The hint and the
 * message carry the ids `${id}-hint` and `${id}-error`. An `Input`, `Select` or `Textarea` inside
 * takes the id, `aria-describedby` (hint, then message) and `aria-invalid` from the field by itself.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <FieldControlContext value={{ id, describedBy: describedBy(id, { hint, error }), invalid: Boolean(error) }}>
        {children}
      </FieldControlContext>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
