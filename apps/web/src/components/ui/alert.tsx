import { CircleAlert, CircleCheck, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { Failure } from '@/lib/failure';

const TONES = {
  error: {
    box: 'border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300',
    icon: CircleAlert,
  },
  warning: {
    box: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200',
    icon: TriangleAlert,
  },
  success: {
    box: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200',
    icon: CircleCheck,
  },
} as const;

export type AlertTone = keyof typeof TONES;

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> {
  /** Red for a failure (the default), amber for a warning or a notice, green for a success. */
  tone?: AlertTone;
  /** The first line, in bold. */
  title?: ReactNode;
  /** Replaces the tone's icon. */
  icon?: LucideIcon;
  /**
   * True (the default): `role="alert"`, read out as it appears. False for a standing notice that is
   * part of the page from the start.
   */
  live?: boolean;
  /** Tighter padding, for a box inside a small form or a modal's footer. */
  compact?: boolean;
}

/** The inline box for a failure or a warning: an icon, an optional bold line, then the content. */
export function Alert({
  tone = 'error',
  title,
  icon,
  live = true,
  compact = false,
  className,
  children,
  ...props
}: AlertProps) {
  const Icon = icon ?? TONES[tone].icon;
  return (
    <div
      {...props}
      role={live ? 'alert' : undefined}
      className={cn(
        'flex rounded-lg border text-sm',
        compact ? 'gap-2 px-3 py-2' : 'gap-3 p-4',
        TONES[tone].box,
        className,
      )}
    >
      <Icon className={cn('mt-0.5 shrink-0', compact ? 'h-4 w-4' : 'h-5 w-5')} aria-hidden />
      <div className="min-w-0 flex-1 space-y-1 break-words">
        {title && <p className="font-medium">{title}</p>}
        {children}
      </div>
    </div>
  );
}

/** A failed call, in red: its own line, then the server's messages when it sent any. */
export function FailureAlert({ failure, className }: { failure: Failure; className?: string }) {
  return (
    <Alert title={failure.message} className={className}>
      {failure.details.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5">
          {failure.details.map((detail, index) => (
            <li key={`${index}-${detail}`}>{detail}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
