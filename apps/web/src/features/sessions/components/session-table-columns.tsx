import { TargetLevel } from '@openmat/contract/enums';
import type { TrainingSession } from '@openmat/contract/sessions';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { SessionActions, SessionStatusBadge } from './session-actions';
import {
  formatSessionDate,
  formatSessionTime,
  minutesOfDay,
  sessionNumberFormats,
  sessionTimestamp,
} from './session-format';

export interface SessionColumnOptions {
  t: TFunction;
  language: string;
  /** Students check in; instructors edit and manage. */
  isStudent: boolean;
  /** The table holds sessions that have ended: students get an Ended label instead of Check-In. */
  ended: boolean;
}

/** The columns of the session table. Every column but Actions sorts. */
export function sessionColumns({ t, language, isStudent, ended }: SessionColumnOptions): ColumnDef<TrainingSession>[] {
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
      cell: ({ row }) => <SessionStatusBadge status={row.original.status} t={t} />,
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
      cell: ({ row }) => <SessionActions session={row.original} isStudent={isStudent} ended={ended} t={t} />,
    },
  ];
}
