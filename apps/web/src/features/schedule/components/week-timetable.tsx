import type { TrainingSession } from '@openmat/contract/sessions';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailure } from '@/components/errors/load-failure';
import { LoadingStatus } from '@/components/ui/data-table';
import { useWeekSessions, weekOf } from '@/features/schedule/api/schedule-api';
import { cn } from '@/lib/cn';

/** The title of a session: the first line of its description (a class's name, for the schedule's sessions). */
export const sessionTitle = (session: TrainingSession, fallback: string) =>
  session.description.split('\n')[0]?.trim() || fallback;

interface Day {
  date: Date;
  key: string;
  sessions: TrainingSession[];
}

const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The seven days of the week from `from` (a local Monday), each with its sessions in start order. */
export function daysOfWeek(from: Date, sessions: TrainingSession[]): Day[] {
  const days: Day[] = [];
  for (let offset = 0; offset < 7; offset++) {
    const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offset);
    days.push({ date, key: dayKey(date), sessions: [] });
  }
  const byKey = new Map(days.map((day) => [day.key, day]));
  for (const session of [...sessions].sort((a, b) => a.trainingDate.localeCompare(b.trainingDate))) {
    byKey.get(dayKey(new Date(session.trainingDate)))?.sessions.push(session);
  }
  return days;
}

function SessionChip({ session, language, compact }: { session: TrainingSession; language: string; compact: boolean }) {
  const { t } = useTranslation();
  const start = new Date(session.trainingDate);
  const end = new Date(start.getTime() + session.duration * 3_600_000);
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
  const full = session.studentIds.length >= session.capacity;
  return (
    <Link
      to={`/session-details/${session.id}`}
      data-testid="timetable-session"
      className={cn(
        'block rounded-lg border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2',
        session.status === 'Active'
          ? 'border-blue-200 bg-brand-50 text-zinc-900 hover:bg-brand-100 dark:border-brand-800 dark:bg-blue-950/60 dark:text-zinc-100 dark:hover:bg-brand-900/60'
          : 'border-zinc-200 bg-zinc-50 text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300',
      )}
    >
      <span className="block font-mono text-xs font-semibold text-brand-800 tabular-nums dark:text-blue-200">
        {time.formatRange(start, end)}
      </span>
      <span className={cn('block font-semibold break-words', compact && 'line-clamp-2')}>
        {sessionTitle(session, t('schedule.timetable.untitled'))}
      </span>
      <span className="flex flex-wrap gap-x-2 text-xs text-zinc-600 dark:text-zinc-300">
        <span>{t(`sessions.levels.${session.targetLevel}`)}</span>
        <span className={cn(full && 'font-semibold text-red-700 dark:text-red-400')}>
          {t('schedule.timetable.places', { taken: session.studentIds.length, capacity: session.capacity })}
        </span>
      </span>
    </Link>
  );
}

/**
 * This week's timetable (issue 22): a grid of the seven days on a wide screen and a list of the days
 * that have classes on a phone. Each class leads to its session.
 */
export function WeekTimetable({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [week] = useState(() => weekOf());
  const { data, isPending, isError, refetch } = useWeekSessions(week);
  const days = useMemo(() => daysOfWeek(week.from, data ?? []), [week, data]);
  const today = dayKey(new Date());
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long' });
  const shortDate = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' });
  const withClasses = days.filter((day) => day.sessions.length > 0);

  return (
    <section
      aria-labelledby="week-timetable-title"
      data-testid="week-timetable"
      className={cn(
        'rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-zinc-200 px-4 py-4 dark:border-zinc-800">
        <h2 id="week-timetable-title" className="text-lg font-semibold tracking-tight">
          {t('schedule.timetable.title')}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {shortDate.formatRange(week.from, new Date(week.to.getTime() - 1))}
        </p>
      </div>
      {isError ? (
        <LoadFailure className="m-4" title={t('schedule.timetable.error')} onRetry={() => void refetch()} />
      ) : isPending ? (
        <div className="p-4">
          <LoadingStatus label={t('schedule.timetable.loading')} />
        </div>
      ) : (
        <>
          {/* Desktop: the week as a grid of seven columns. */}
          <ol className="hidden grid-cols-7 divide-x divide-zinc-200 md:grid dark:divide-zinc-800">
            {days.map((day) => (
              <li
                key={day.key}
                className={cn(
                  'flex min-h-40 flex-col gap-2 p-2',
                  day.key === today && 'bg-brand-50/50 dark:bg-blue-950/30',
                )}
              >
                <h3 className="px-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
                  <span className={cn(day.key === today && 'text-brand-800 dark:text-blue-200')}>
                    {weekday.format(day.date)}
                  </span>{' '}
                  <span className="font-normal normal-case">{shortDate.format(day.date)}</span>
                </h3>
                {day.sessions.map((session) => (
                  <SessionChip key={session.id} session={session} language={language} compact />
                ))}
              </li>
            ))}
          </ol>
          {/* Phone: only the days that have classes, one under the other. */}
          <div className="md:hidden">
            {withClasses.length === 0 ? (
              <p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">{t('schedule.timetable.empty')}</p>
            ) : (
              <ol className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {withClasses.map((day) => (
                  <li key={day.key} className="flex flex-col gap-2 p-4">
                    <h3 className="text-sm font-semibold">
                      {weekday.format(day.date)}, {shortDate.format(day.date)}
                      {day.key === today && (
                        <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs text-brand-900 dark:bg-brand-900 dark:text-brand-100">
                          {t('schedule.timetable.today')}
                        </span>
                      )}
                    </h3>
                    {day.sessions.map((session) => (
                      <SessionChip key={session.id} session={session} language={language} compact={false} />
                    ))}
                  </li>
                ))}
              </ol>
            )}
          </div>
          {withClasses.length === 0 && (
            <p className="hidden p-4 text-sm text-zinc-600 md:block dark:text-zinc-400">
              {t('schedule.timetable.empty')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
