import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { showToast } from '@/components/ui/toast-store';
import { useAddHoliday, useHolidays } from '@/features/schedule/api/schedule-api';
import { errorText } from '@/lib/failure';

/**
 * The academy's holidays: a date on which no class of the weekly schedule runs. Adding one removes
 * that date's sessions nobody checked in to, and keeps (and says so) those with check-ins.
 */
export function HolidaysPanel() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const holidays = useHolidays();
  const add = useAddHoliday();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setProblem(t('schedule.holidays.dateRequired'));
      return;
    }
    add.mutate(
      { date, name: name.trim() },
      {
        onSuccess: (change) => {
          setDate('');
          setName('');
          const kept = change.keptSessionIds.length;
          showToast({
            tone: kept > 0 ? 'warning' : 'success',
            title: t('schedule.holidays.added', { date: format.format(new Date(`${change.holiday.date}T00:00:00Z`)) }),
            description: [
              t('schedule.holidays.removed', { count: change.removedSessionIds.length }),
              ...(kept > 0 ? [t('schedule.holidays.kept', { count: kept })] : []),
            ].join(' '),
          });
        },
        onError: (error) => {
          const text = errorText(error);
          setProblem(text.fieldMessages[0] ?? text.message);
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
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
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
        <Button type="submit" size="lg" disabled={add.isPending}>
          {t('schedule.holidays.add')}
        </Button>
      </form>
      {holidays.data && holidays.data.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {holidays.data.map((holiday) => (
            <li key={holiday.id}>
              {format.format(new Date(`${holiday.date}T00:00:00Z`))}
              {holiday.name && ` · ${holiday.name}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
