import type { TrainingSession } from '@openmat/contract/sessions';
import type { TFunction } from 'i18next';
import { CalendarCheck, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const STATUS_CLASS: Record<TrainingSession['status'], string> = {
  Active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  Completed: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  Cancelled: 'bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-300',
};

const ENDED_CLASS = STATUS_CLASS.Completed;

/**
 * Whether to read Ended rather than the stored status: the class is over but still Active on the server
 * (nobody closed it). A closed class keeps its own status, Completed or Cancelled, which says more.
 */
export function showsEnded(status: TrainingSession['status'], ended: boolean): boolean {
  return ended && status === 'Active';
}

/** The status a person should read: Ended once an Active class is over, otherwise the stored status. */
export function sessionStatusLabel(status: TrainingSession['status'], ended: boolean, t: TFunction): string {
  return showsEnded(status, ended) ? t('sessions.list.ended') : t(`sessions.statuses.${status}`);
}

/** The session's status as a coloured pill: Ended once the class is over (see `sessionStatusLabel`). */
export function SessionStatusBadge({
  status,
  ended,
  t,
}: {
  status: TrainingSession['status'];
  ended: boolean;
  t: TFunction;
}) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        showsEnded(status, ended) ? ENDED_CLASS : STATUS_CLASS[status],
      )}
    >
      {sessionStatusLabel(status, ended, t)}
    </span>
  );
}

export interface SessionActionsProps {
  session: TrainingSession;
  /** Students check in; instructors manage, and edit their own sessions. */
  isStudent: boolean;
  /** The signed-in user's fighter id: whose session it is, and whether a student is checked in. */
  fighterId: number | null;
  /** The session is over: a student gets an Ended label instead of Check-In. */
  ended: boolean;
  t: TFunction;
  /** `card`: bigger buttons that share the card's width, for a phone. */
  layout?: 'row' | 'card';
}

/** What the user can do with one session, in a table row or on a card. */
export function SessionActions({ session, isStudent, fighterId, ended, t, layout = 'row' }: SessionActionsProps) {
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
  if (isStudent && fighterId !== null && session.studentIds.includes(fighterId)) {
    return (
      <Button asChild size={size} variant="secondary" className={cn(card && 'w-full')}>
        <Link to={`/session-details/${session.id}`}>
          <CircleCheck className="h-4 w-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
          {t('sessions.list.checkedIn')}
        </Link>
      </Button>
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
      {/* Only the instructor who created the session may change it (the server refuses anyone else). */}
      {fighterId !== null && session.instructorId === fighterId && (
        <Button asChild size={size} variant="secondary" className={cn(card && 'flex-1')}>
          <Link to={`/edit-session/${session.id}`}>{t('sessions.list.edit')}</Link>
        </Button>
      )}
      <Button asChild size={size} className={cn(card && 'flex-1')}>
        <Link to={`/session-details/${session.id}`}>{t('sessions.list.manage')}</Link>
      </Button>
    </div>
  );
}
