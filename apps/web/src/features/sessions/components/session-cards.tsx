import type { TrainingSession } from '@openmat/contract/sessions';
import type { TFunction } from 'i18next';
import { Clock, Users } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { CardList, LoadingStatus } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { SessionActions, SessionStatusBadge } from './session-actions';
import { formatSessionDate, formatSessionTime, sessionNumberFormats, splitDescription } from './session-format';
import { placesLeft } from './session-schedule';

export interface SessionCardsProps {
  /** The sessions of the current page, in the table's order. */
  sessions: TrainingSession[];
  /** The id of the section's title, which names the list. */
  labelledBy: string;
  isPending: boolean;
  isStudent: boolean;
  /** The signed-in user's fighter id: whose sessions they are, and which ones a student is checked in to. */
  fighterId: number | null;
  ended: boolean;
  t: TFunction;
  language: string;
  className?: string;
}

const CHIP_TONE = {
  neutral: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
} as const;

/** One fact of a card as a small pill; its label is for screen readers only. */
function Fact({
  label,
  tone = 'neutral',
  children,
}: {
  label: string;
  tone?: keyof typeof CHIP_TONE;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium tabular-nums',
          CHIP_TONE[tone],
        )}
      >
        {children}
      </dd>
    </div>
  );
}

function SessionCard({
  session,
  isStudent,
  fighterId,
  ended,
  t,
  language,
  numbers: { count, hours },
}: Omit<SessionCardsProps, 'sessions' | 'labelledBy' | 'isPending' | 'className'> & {
  session: TrainingSession;
  numbers: ReturnType<typeof sessionNumberFormats>;
}) {
  const headingId = useId();
  const left = placesLeft(session);
  const { title, rest } = splitDescription(session.description);
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-zinc-900 dark:text-zinc-100">
            {formatSessionDate(session.trainingDate, language)}
          </span>{' '}
          <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
            {formatSessionTime(session.trainingDate, language)}
          </span>
        </h3>
        <SessionStatusBadge status={session.status} ended={ended} t={t} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-2">
        <Fact label={t('sessions.list.columns.level')}>{t(`sessions.levels.${session.targetLevel}`)}</Fact>
        <Fact label={t('sessions.list.columns.duration')}>
          <Clock className="h-3.5 w-3.5" aria-hidden />
          {t('sessions.list.durationHours', { hours: hours.format(session.duration) })}
        </Fact>
        {/* Places matter only while one can still check in. */}
        {!ended && (
          <Fact label={t('sessions.list.places.label')} tone={left === 0 ? 'warning' : 'neutral'}>
            <Users className="h-3.5 w-3.5" aria-hidden />
            {left === 0
              ? t('sessions.list.places.full')
              : t('sessions.list.places.left', { left: count.format(left), capacity: count.format(session.capacity) })}
          </Fact>
        )}
      </dl>
      {title !== '' && (
        <p className="mt-3 line-clamp-2 text-sm font-medium break-words text-zinc-800 dark:text-zinc-200">{title}</p>
      )}
      {rest !== '' && <p className="mt-1 line-clamp-3 text-sm break-words text-zinc-600 dark:text-zinc-400">{rest}</p>}
      <div className="mt-4 flex">
        <SessionActions
          session={session}
          isStudent={isStudent}
          fighterId={fighterId}
          ended={ended}
          t={t}
          layout="card"
        />
      </div>
    </article>
  );
}

/**
 * The sessions as cards, for a phone: every fact and the action in view without swiping sideways.
 * The section shows them below the `md` breakpoint and the table from it on.
 */
export function SessionCards({ sessions, labelledBy, isPending, className, ...card }: SessionCardsProps) {
  const { t, language } = card;
  const numbers = useMemo(() => sessionNumberFormats(language), [language]);
  return (
    <CardList
      items={sessions}
      itemKey={(session) => session.id}
      renderItem={(session) => <SessionCard session={session} numbers={numbers} {...card} />}
      labelledBy={labelledBy}
      isPending={isPending}
      loading={<LoadingStatus label={t('sessions.list.loading')} />}
      empty={t('sessions.list.empty')}
      className={className}
    />
  );
}
