import type { TrainingSession } from '@openmat/contract/sessions';
import type { TFunction } from 'i18next';
import { CalendarCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const STATUS_CLASS: Record<TrainingSession['status'], string> = {
  Active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  Completed: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  Cancelled: 'bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-300',
};

/** The session's status as the server has it, as a coloured pill. */
export function SessionStatusBadge({ status, t }: { status: TrainingSession['status']; t: TFunction }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        STATUS_CLASS[status],
      )}
    >
      {t(`sessions.statuses.${status}`)}
    </span>
  );
}

export interface SessionActionsProps {
  session: TrainingSession;
  /** Students check in; instructors edit and manage. */
  isStudent: boolean;
  /** The session is over: a student gets an Ended label instead of Check-In. */
  ended: boolean;
  t: TFunction;
  /** `card`: bigger buttons that share the card's width, for a phone. */
  layout?: 'row' | 'card';
}

/** What the user can do with one session, in a table row or on a card. */
export function SessionActions({ session, isStudent, ended, t, layout = 'row' }: SessionActionsProps) {
  const card = layout === 'card';
  const size = card ? 'md' : 'sm';
  if (isStudent && ended) {
    return (
      <span
        className={cn(
          'inline-flex items-center gap-1.5 text-sm font-medium whitespace-nowrap text-zinc-500 dark:text-zinc-400',
          card && 'h-10',
        )}
      >
        <CalendarCheck className="h-4 w-4" aria-hidden />
        {t('sessions.list.ended')}
      </span>
    );
  }
  if (isStudent) {
    return (
      <Button asChild size={size} className={cn(card && 'w-full')}>
        <Link to={`/session-details/${session.id}`}>{t('sessions.list.checkIn')}</Link>
      </Button>
    );
  }
  return (
    <div className={cn('flex gap-2', card && 'w-full')}>
      <Button asChild size={size} variant="secondary" className={cn(card && 'flex-1')}>
        <Link to={`/edit-session/${session.id}`}>{t('sessions.list.edit')}</Link>
      </Button>
      <Button asChild size={size} className={cn(card && 'flex-1')}>
        <Link to={`/session-details/${session.id}`}>{t('sessions.list.manage')}</Link>
      </Button>
    </div>
  );
}
