import { TargetLevel } from '@openmat/contract/enums';
import type { TrainingSession } from '@openmat/contract/sessions';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatSessionDate, formatSessionTime, minutesOfDay, sessionTimestamp } from './session-format';

export interface SessionColumnOptions {
  t: TFunction;
  language: string;
  /** Students check in; instructors edit and manage. */
  isStudent: boolean;
}

const STATUS_CLASS: Record<TrainingSession['status'], string> = {
  Active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  Completed: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  Cancelled: 'bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-300',
};

function SessionActions({ session, isStudent, t }: { session: TrainingSession; isStudent: boolean; t: TFunction }) {
  if (isStudent) {
    return (
      <Button asChild size="sm">
        <Link to={`/session-details/${session.id}`}>{t('sessions.list.checkIn')}</Link>
      </Button>
    );
  }
  return (
    <div className="flex gap-2">
      <Button asChild size="sm" variant="secondary">
        <Link to={`/edit-session/${session.id}`}>{t('sessions.list.edit')}</Link>
      </Button>
      <Button asChild size="sm">
        <Link to={`/session-details/${session.id}`}>{t('sessions.list.manage')}</Link>
      </Button>
    </div>
  );
}

/** The columns of the session table. Every column but Actions sorts. */
export function sessionColumns({ t, language, isStudent }: SessionColumnOptions): ColumnDef<TrainingSession>[] {
  const hours = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(language);
  return [
    {
      id: 'trainingDate',
      header: t('sessions.list.columns.trainingDate'),
      accessorFn: (session) => sessionTimestamp(session.trainingDate),
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatSessionDate(row.original.trainingDate, language)}</span>
      ),
    },
    {
      id: 'startTime',
      header: t('sessions.list.columns.startTime'),
      accessorFn: (session) => minutesOfDay(session.trainingDate),
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">{formatSessionTime(row.original.trainingDate, language)}</span>
      ),
    },
    {
      id: 'description',
      header: t('sessions.list.columns.description'),
      accessorFn: (session) => session.description.trim(),
      sortingFn: 'alphanumeric',
      cell: ({ row }) => {
        const description = row.original.description.trim();
        if (description === '') {
          return (
            <>
              <span aria-hidden className="text-zinc-400 dark:text-zinc-500">
                —
              </span>
              <span className="sr-only">{t('sessions.list.noDescription')}</span>
            </>
          );
        }
        return (
          <span className="line-clamp-2 max-w-xs break-words" title={description}>
            {description}
          </span>
        );
      },
    },
    {
      id: 'capacity',
      header: t('sessions.list.columns.capacity'),
      accessorFn: (session) => session.capacity,
      cell: ({ row }) => <span className="tabular-nums">{count.format(row.original.capacity)}</span>,
    },
    {
      id: 'duration',
      header: t('sessions.list.columns.duration'),
      accessorFn: (session) => session.duration,
      cell: ({ row }) => <span className="tabular-nums">{hours.format(row.original.duration)}</span>,
    },
    {
      id: 'status',
      header: t('sessions.list.columns.status'),
      accessorFn: (session) => t(`sessions.statuses.${session.status}`),
      cell: ({ row }) => (
        <span
          className={cn(
            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
            STATUS_CLASS[row.original.status],
          )}
        >
          {t(`sessions.statuses.${row.original.status}`)}
        </span>
      ),
    },
    {
      id: 'level',
      header: t('sessions.list.columns.level'),
      // Levels sort from Kids to Expert, not alphabetically.
      accessorFn: (session) => TargetLevel.options.indexOf(session.targetLevel),
      cell: ({ row }) => <span className="whitespace-nowrap">{t(`sessions.levels.${row.original.targetLevel}`)}</span>,
    },
    {
      id: 'actions',
      header: t('sessions.list.columns.actions'),
      enableSorting: false,
      cell: ({ row }) => <SessionActions session={row.original} isStudent={isStudent} t={t} />,
    },
  ];
}
