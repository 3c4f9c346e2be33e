import type { TrainingSession } from '@openmat/contract/sessions';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailure } from '@/components/errors/load-failure';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/data-table';
import { sevenDaysFrom, useHolidays, useRecurringClasses, useWeekSessions } from '@/features/schedule/api/schedule-api';
import { academyTimeZone, browserTimeZone, timeRangeParts } from '@/features/schedule/utils/schedule-time';
import { cn } from '@/lib/cn';
import { isoDay } from '@/lib/iso-day';

/** The title of a session: the first line of its description (a class's name, for the schedule's sessions). */
export const sessionTitle = (session: TrainingSession, fallback: string) =>
  session.description.split('\n')[0]?.trim() || fallback;

interface Day {
  date: Date;
  key: string;
  sessions: TrainingSession[];
  /** The name of the academy's holiday on this day, when it is one. */
  holiday?: string;
}

/**
 * The seven days from `from` (a local midnight), each with its sessions in start order and the name of
 * the holiday it is (holidays are the academy's dates, matched to the days as shown).
 */
export function daysOfWeek(
  from: Date,
  sessions: TrainingSession[],
  holidays: ReadonlyArray<{ date: string; name: string }> = [],
): Day[] {
  const named = new Map(holidays.map((holiday) => [holiday.date, holiday.name]));
  const days: Day[] = [];
  for (let offset = 0; offset < 7; offset++) {
    const date = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offset);
    const key = isoDay(date);
    const holiday = named.get(key);
    days.push({ date, key, sessions: [], ...(holiday === undefined ? {} : { holiday }) });
  }
  const byKey = new Map(days.map((day) => [day.key, day]));
  for (const session of [...sessions].sort((a, b) => a.trainingDate.localeCompare(b.trainingDate))) {
    byKey.get(isoDay(new Date(session.trainingDate)))?.sessions.push(session);
  }
  return days;
}

function SessionChip({ session, language, compact }: { session: TrainingSession; language: string; compact: boolean }) {
  const { t } = useTranslation();
  const start = new Date(session.trainingDate);
  const end = new Date(start.getTime() + session.duration * 3_600_000);
  const full = session.studentIds.length >= session.capacity;
  const time = timeRangeParts(start, end, language);
  return (
    <Link
      to={`/session-details/${session.id}`}
      data-testid="timetable-session"
      className={cn(
        'block rounded-lg border py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2',
        compact ? 'px-1.5' : 'px-3',
        session.status === 'Active'
          ? 'border-blue-200 bg-brand-50 text-zinc-900 hover:bg-brand-100 dark:border-brand-800 dark:bg-blue-950/60 dark:text-zinc-100 dark:hover:bg-brand-900/60'
          : 'border-zinc-200 bg-zinc-50 text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300',
      )}
    >
      <span className="block text-xs font-semibold text-brand-800 tabular-nums dark:text-blue-200">
        <span className="whitespace-nowrap">{time.from}</span>
        <wbr />
        <span className="whitespace-nowrap">{time.to}</span>
      </span>
      <span className="block font-semibold break-words">{sessionTitle(session, t('schedule.timetable.untitled'))}</span>
      <span
        className={cn(
          'flex flex-wrap gap-x-2 break-words text-zinc-600 dark:text-zinc-300',
          // A seventh of a wide screen holds 'Średniozaawansowany' whole only a size smaller.
          compact ? 'text-[11px]' : 'text-xs',
        )}
      >
        <span className="min-w-0">{t(`sessions.levels.${session.targetLevel}`)}</span>
        <span className={cn(full && 'font-semibold text-red-700 dark:text-red-400')}>
          {t('schedule.timetable.places', { taken: session.studentIds.length, capacity: session.capacity })}
        </span>
      </span>
    </Link>
  );
}

/**
 * A holiday's mark on its day: the weekly schedule's classes do not run then, so that an empty day says
 * why. It says a holiday, not closed: a session the instructor set on that day by hand still runs.
 */
function HolidayMark({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <p
      data-testid="timetable-holiday"
      className="rounded-lg border border-dashed border-amber-300 bg-amber-50 px-2 py-1.5 text-xs font-medium break-words text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {name.trim() === '' ? t('schedule.timetable.holidayUnnamed') : t('schedule.timetable.holiday', { name })}
    </p>
  );
}

/** The time zone note: which zone the times are in, when the academy's differs or is not known. */
function useZoneNote(): string | null {
  const { t } = useTranslation();
  const classes = useRecurringClasses();
  if (classes.isPending) return null;
  const zone = browserTimeZone();
  const academy = academyTimeZone(classes.data);
  if (academy === zone) return null;
  return academy === null
    ? t('schedule.timetable.zone', { zone })
    : t('schedule.timetable.zoneDiffers', { zone, academyZone: academy });
}

/**
 * The timetable (issue 22): seven days from today, so that the coming classes show on any day of the
 * week (a Sunday included), with buttons to move a week back or on. A grid of the seven days on a wide
 * screen and a list of the days that have classes on a phone. Each class leads to its session. The times
 * are the browser's, as in the session list; a note names the zone when the academy's differs.
 */
export function WeekTimetable({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [weeks, setWeeks] = useState(0);
  const [now] = useState(() => new Date());
  const week = useMemo(() => sevenDaysFrom(now, weeks), [now, weeks]);
  const { data, isPending, isError, refetch } = useWeekSessions(week);
  // A holiday that cannot load leaves only its mark out: the classes are what the timetable is for.
  const holidays = useHolidays();
  const days = useMemo(() => daysOfWeek(week.from, data ?? [], holidays.data), [week, data, holidays.data]);
  const zoneNote = useZoneNote();
  const today = isoDay(new Date());
  const longDate = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long' });
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short' });
  const shortDate = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' });
  const daysListed = days.filter((day) => day.sessions.length > 0 || day.holiday !== undefined);
  const todayBadge = (
    <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold tracking-normal text-brand-900 normal-case dark:bg-brand-900 dark:text-brand-100">
      {t('schedule.timetable.today')}
    </span>
  );

  return (
    <section
      aria-labelledby="week-timetable-title"
      data-testid="week-timetable"
      className={cn(
        'rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
    >
      <div className="border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <h2 id="week-timetable-title" className="text-lg font-semibold tracking-tight">
              {t('schedule.timetable.title')}
            </h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="timetable-range">
              {shortDate.formatRange(week.from, new Date(week.to.getTime() - 1))}
            </p>
          </div>
          <div
            role="group"
            aria-label={t('schedule.timetable.navigation')}
            className="flex shrink-0 items-center gap-1"
          >
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('schedule.timetable.previous')}
              title={t('schedule.timetable.previous')}
              onClick={() => setWeeks((current) => current - 1)}
            >
              <ChevronLeft className="h-5 w-5" aria-hidden />
            </Button>
            {weeks !== 0 && (
              <Button variant="secondary" size="sm" onClick={() => setWeeks(0)}>
                {t('schedule.timetable.today')}
              </Button>
            )}
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('schedule.timetable.next')}
              title={t('schedule.timetable.next')}
              onClick={() => setWeeks((current) => current + 1)}
            >
              <ChevronRight className="h-5 w-5" aria-hidden />
            </Button>
          </div>
        </div>
        {zoneNote && <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{zoneNote}</p>}
      </div>
      {isError ? (
        <LoadFailure className="m-4" title={t('schedule.timetable.error')} onRetry={() => void refetch()} />
      ) : isPending ? (
        <div className="p-4">
          <LoadingStatus label={t('schedule.timetable.loading')} />
        </div>
      ) : (
        <>
          {/* Wide screens: the seven days as a grid of seven columns, each headed by its weekday and date. */}
          <ol className="hidden grid-cols-7 divide-x divide-zinc-200 xl:grid dark:divide-zinc-800">
            {days.map((day) => (
              <li
                key={day.key}
                className={cn(
                  'flex min-h-40 min-w-0 flex-col gap-2 p-1.5',
                  day.key === today && 'bg-brand-50/50 dark:bg-blue-950/30',
                )}
              >
                <h3 className="flex flex-col px-1 leading-tight">
                  <span className="sr-only">
                    {longDate.format(day.date)}
                    {day.key === today && ` (${t('schedule.timetable.today')})`}
                  </span>
                  <span
                    aria-hidden
                    className={cn(
                      'flex items-center gap-1.5 text-xs font-semibold tracking-wide whitespace-nowrap text-zinc-600 uppercase dark:text-zinc-400',
                      day.key === today && 'text-brand-800 dark:text-blue-200',
                    )}
                  >
                    {weekday.format(day.date)}
                    {day.key === today && todayBadge}
                  </span>
                  <span aria-hidden className="text-sm font-medium whitespace-nowrap text-zinc-900 dark:text-zinc-100">
                    {shortDate.format(day.date)}
                  </span>
                </h3>
                {day.holiday !== undefined && <HolidayMark name={day.holiday} />}
                {day.sessions.map((session) => (
                  <SessionChip key={session.id} session={session} language={language} compact />
                ))}
              </li>
            ))}
          </ol>
          {/*
            Phones, tablets and narrow windows: only the days that have classes, one under the other; in two
            columns from md, with a rule between the columns instead of lines between the days (a line above
            each day drew a stray one at the top of the second column).
          */}
          <div className="xl:hidden">
            {daysListed.length === 0 ? (
              <p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">{t('schedule.timetable.empty')}</p>
            ) : (
              <ol className="divide-y divide-zinc-200 md:columns-2 md:gap-0 md:divide-y-0 md:[column-rule:1px_solid_var(--color-zinc-200)] dark:divide-zinc-800 md:dark:[column-rule-color:var(--color-zinc-800)]">
                {daysListed.map((day) => (
                  <li key={day.key} className="flex break-inside-avoid flex-col gap-2 p-4">
                    <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                      {longDate.format(day.date)}
                      {day.key === today && todayBadge}
                    </h3>
                    {day.holiday !== undefined && <HolidayMark name={day.holiday} />}
                    {day.sessions.map((session) => (
                      <SessionChip key={session.id} session={session} language={language} compact={false} />
                    ))}
                  </li>
                ))}
              </ol>
            )}
          </div>
          {daysListed.length === 0 && (
            <p className="hidden p-4 text-sm text-zinc-600 xl:block dark:text-zinc-400">
              {t('schedule.timetable.empty')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
