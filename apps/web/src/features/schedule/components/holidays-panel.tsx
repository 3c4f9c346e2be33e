import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '@/components/errors/load-failure';
import { FormField } from '@/components/forms/form-field';
import type { Holiday } from '@openmat/contract/schedule';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast-store';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '@/features/schedule/api/schedule-api';
import { errorText } from '@/lib/failure';

/**
 * The academy's holidays: a date on which no class of the weekly schedule runs. Adding one removes
 * that date's sessions nobody checked in to, and keeps (and says so) those with check-ins, so it asks
 * first. A refusal of the date is shown under the field; any other failure is a toast.
 */
export function HolidaysPanel() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const holidays = useHolidays();
  const add = useAddHoliday();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const remove = useRemoveHoliday();
  const [removing, setRemoving] = useState<Holiday | null>(null);
  /** The date waiting for the confirmation that its sessions go. */
  const [adding, setAdding] = useState<string | null>(null);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' });
  const dayOf = (holiday: Pick<Holiday, 'date'>) => format.format(new Date(`${holiday.date}T00:00:00Z`));

  const confirmRemove = () => {
    const holiday = removing;
    if (!holiday) return;
    remove.mutate(holiday.id, {
      onSuccess: () =>
        showToast({
          tone: 'success',
          title: t('schedule.holidays.removedHoliday', { date: dayOf(holiday) }),
          description: t('schedule.holidays.removedHolidayDetail'),
        }),
      onError: (error) =>
        showToast({ tone: 'error', title: t('schedule.holidays.removeFailed'), description: errorText(error).message }),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setProblem(t('schedule.holidays.dateRequired'));
      return;
    }
    // A date on the list already is said at once, before a confirmation that could only fail.
    if (holidays.data?.some((holiday) => holiday.date === date)) {
      setProblem(t('schedule.holidays.already', { date: dayOf({ date }) }));
      return;
    }
    setAdding(date);
  };

  const confirmAdd = () => {
    if (adding === null) return;
    setProblem(undefined);
    add.mutate(
      { date: adding, name: name.trim() },
      {
        onSuccess: (change) => {
          setDate('');
          setName('');
          const kept = change.keptSessionIds.length;
          showToast({
            tone: kept > 0 ? 'warning' : 'success',
            title: t('schedule.holidays.added', { date: dayOf(change.holiday) }),
            description: [
              t('schedule.holidays.removed', { count: change.removedSessionIds.length }),
              ...(kept > 0 ? [t('schedule.holidays.kept', { count: kept })] : []),
            ].join(' '),
          });
        },
        onError: (error) => {
          const text = errorText(error);
          const refusal = text.fieldMessages[0];
          if (refusal !== undefined) {
            setProblem(refusal);
            return;
          }
          showToast({ tone: 'error', title: t('schedule.holidays.addFailed'), description: text.message });
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {t('schedule.holidays.title')}
      </h2>
      <p className="-mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('schedule.holidays.lead')}</p>
      {/* Fixed columns, tops aligned: a message under the date wraps in its column and moves nothing else. */}
      <form
        noValidate
        onSubmit={submit}
        className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)_auto]"
      >
        <FormField id={`${id}-date`} label={t('schedule.holidays.date')} error={problem}>
          <Input
            type="date"
            size="lg"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setProblem(undefined);
            }}
          />
        </FormField>
        <FormField id={`${id}-name`} label={t('schedule.holidays.name')}>
          <Input size="lg" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
        </FormField>
        {/* Level with the fields: below a label's line (1.25rem) and its gap (0.375rem). */}
        <Button type="submit" size="field" disabled={add.isPending} className="sm:mt-[1.625rem]">
          {t('schedule.holidays.add')}
        </Button>
      </form>
      {holidays.isPending && <Spinner label={t('schedule.holidays.loading')} />}
      {holidays.isError && (
        <LoadFailure title={t('schedule.holidays.loadFailed')} onRetry={() => void holidays.refetch()} />
      )}
      {holidays.data?.length === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('schedule.holidays.none')}</p>
      )}
      {holidays.data && holidays.data.length > 0 && (
        <ul className="flex flex-col divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {holidays.data.map((holiday) => (
            <li key={holiday.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {dayOf(holiday)}
                {holiday.name && ` · ${holiday.name}`}
              </span>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                aria-label={t('schedule.holidays.removeLabel', { date: dayOf(holiday) })}
                onClick={() => setRemoving(holiday)}
              >
                {t('schedule.holidays.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={adding !== null}
        onOpenChange={(open) => {
          if (!open) setAdding(null);
        }}
        title={t('schedule.holidays.addConfirm', { date: adding ? dayOf({ date: adding }) : '' })}
        description={t('schedule.holidays.addConfirmDetail')}
        confirmLabel={t('schedule.holidays.add')}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmAdd}
        destructive
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('schedule.holidays.removeConfirm', { date: removing ? dayOf(removing) : '' })}
        description={t('schedule.holidays.removeConfirmDetail')}
        confirmLabel={t('schedule.holidays.remove')}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmRemove}
        destructive
      />
    </section>
  );
}
