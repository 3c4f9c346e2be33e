import type { RecurringClass } from '@openmat/contract/schedule';
import { CalendarX, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailure } from '@/components/errors/load-failure';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toast-store';
import { useEndRecurringClass, useRecurringClasses } from '@/features/schedule/api/schedule-api';
import { academyTimeZone, browserTimeZone, formatWallClock } from '@/features/schedule/utils/schedule-time';
import { errorText } from '@/lib/failure';
import { isoDay } from '@/lib/iso-day';

/**
 * When a class runs, where it matters: from its first day if that is still to come, until its last if it
 * has one. A class changed "for this and the following sessions" becomes two, one until the day before
 * the change and one from it; the dates tell them apart.
 */
function useClassDates(): (item: RecurringClass) => string | null {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const day = (date: string) => format.format(new Date(`${date}T00:00:00Z`));
  const today = isoDay(new Date());
  return (item) => {
    const from = item.startsOn > today ? item.startsOn : null;
    if (item.endsOn !== null) {
      return from === null
        ? t('schedule.classes.until', { date: day(item.endsOn) })
        : t('schedule.classes.between', { from: day(from), until: day(item.endsOn) });
    }
    return from === null ? null : t('schedule.classes.from', { date: day(from) });
  };
}

/**
 * An instructor's recurring classes (issue 22), each with Edit (the class form, for this and the
 * following sessions) and End (its coming sessions go, except those members checked in to). Start times
 * are the academy's wall clock, in the UI language's style; a note names the academy's zone when it is
 * not the browser's.
 */
export function RecurringClassList({ instructorId }: { instructorId: number | null }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const classes = useRecurringClasses();
  const zone = academyTimeZone(classes.data);
  const end = useEndRecurringClass();
  const [ending, setEnding] = useState<RecurringClass | null>(null);
  const mine = (classes.data ?? []).filter((item) => item.instructorId === instructorId);
  const dates = useClassDates();

  const confirmEnd = () => {
    const item = ending;
    if (!item) return;
    end.mutate(item.id, {
      onSuccess: ({ keptSessionIds }) =>
        showToast({
          tone: keptSessionIds.length > 0 ? 'warning' : 'success',
          title: t('schedule.classes.ended', { name: item.name }),
          description:
            keptSessionIds.length > 0
              ? t('schedule.classes.endedKept', { count: keptSessionIds.length })
              : t('schedule.classes.endedDetail'),
        }),
      onError: (error) =>
        showToast({ tone: 'error', title: t('schedule.classes.endFailed'), description: errorText(error).message }),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {t('schedule.classes.title')}
      </h2>
      {classes.isPending && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('common.loading')}</p>}
      {classes.isError && <LoadFailure title={t('schedule.classes.error')} onRetry={() => void classes.refetch()} />}
      {classes.isSuccess && mine.length === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('schedule.classes.empty')}</p>
      )}
      {mine.length > 0 && zone !== null && zone !== browserTimeZone() && (
        <p className="-mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('schedule.classes.zone', { zone })}</p>
      )}
      {mine.length > 0 && (
        <ul className="flex flex-col gap-3">
          {mine.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{item.name}</p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {t('schedule.classes.when', {
                    days: item.weekdays.map((day) => t(`schedule.weekdays.${day}`)).join(', '),
                    time: formatWallClock(item.startTime, i18n.language),
                    minutes: item.durationMinutes,
                  })}
                  {' · '}
                  {t(`sessions.levels.${item.targetLevel}`)}
                  {' · '}
                  {t('schedule.classes.capacity', { count: item.capacity })}
                </p>
                {dates(item) && <p className="text-sm text-zinc-600 dark:text-zinc-400">{dates(item)}</p>}
              </div>
              <div className="flex shrink-0 gap-2">
                <Button asChild variant="secondary" size="sm">
                  <Link
                    to={`/schedule/${item.id}/edit`}
                    aria-label={t('schedule.classes.editLabel', { name: item.name })}
                  >
                    <Pencil className="h-4 w-4" aria-hidden />
                    {t('schedule.classes.edit')}
                  </Link>
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={end.isPending}
                  aria-label={t('schedule.classes.endLabel', { name: item.name })}
                  onClick={() => setEnding(item)}
                >
                  <CalendarX className="h-4 w-4" aria-hidden />
                  {t('schedule.classes.end')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) setEnding(null);
        }}
        title={t('schedule.classes.endConfirm', { name: ending?.name ?? '' })}
        description={t('schedule.classes.endConfirmDetail')}
        confirmLabel={t('schedule.classes.end')}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmEnd}
        destructive
      />
    </section>
  );
}
