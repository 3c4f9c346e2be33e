import { TargetLevel } from '@openmat/contract/enums';
import type { TrainingSession } from '@openmat/contract/sessions';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { SessionActions, SessionStatusBadge, sessionStatusLabel } from './session-actions';
import {
  formatSessionDate,
  formatSessionTime,
  minutesOfDay,
  sessionNumberFormats,
  sessionTimestamp,
  splitDescription,
} from './session-format';

export interface SessionColumnOptions {
  t: TFunction;
  language: string;
  /** Students check in; instructors manage, and edit their own sessions. */
  isStudent: boolean;
  /** The signed-in user's fighter id: whose sessions they are, and which ones a student is checked in to. */
  fighterId: number | null;
  /** The table holds sessions that have ended: they read Ended, and students get no Check-In. */
  ended: boolean;
}

/** The columns of the session table. Every column but Actions sorts. */
export function sessionColumns({
  t,
  language,
  isStudent,
  fighterId,
  ended,
}: SessionColumnOptions): ColumnDef<TrainingSession>[] {
  const { count, hours } = sessionNumberFormats(language);
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
        const { title, rest } = splitDescription(row.original.description);
        if (title === '') {
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
          <div className="max-w-xs" title={row.original.description.trim()}>
            <span className="line-clamp-2 block break-words">{title}</span>
            {rest !== '' && (
              <span className="mt-0.5 line-clamp-2 block text-xs break-words text-zinc-600 dark:text-zinc-400">
                {rest}
              </span>
            )}
          </div>
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
      accessorFn: (session) => sessionStatusLabel(session.status, ended, t),
      cell: ({ row }) => <SessionStatusBadge status={row.original.status} ended={ended} t={t} />,
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
      cell: ({ row }) => (
        <SessionActions session={row.original} isStudent={isStudent} fighterId={fighterId} ended={ended} t={t} />
      ),
    },
  ];
}
