import { TargetLevel } from '@openmat/contract/enums';
import type { RecurringClass, RecurringClassInput } from '@openmat/contract/schedule';
import { SCHEDULE_LIMITS } from '@openmat/contract/schedule';
import { SESSION_LIMITS } from '@openmat/contract/sessions';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/forms/form-field';
import { useFocusAfterRender } from '@/components/forms/use-focus-after-render';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast-store';
import {
  useCreateRecurringClass,
  useRecurringClasses,
  useUpdateRecurringClass,
} from '@/features/schedule/api/schedule-api';
import { academyTimeZone } from '@/features/schedule/utils/schedule-time';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/failure';

/** ISO weekdays in the order a week is shown: Monday first. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export interface RecurringClassValues {
  name: string;
  weekdays: number[];
  startTime: string;
  durationMinutes: string;
  targetLevel: TargetLevel;
  capacity: string;
  description: string;
}

const FIELDS = ['name', 'weekdays', 'startTime', 'durationMinutes', 'capacity'] as const;
type Field = (typeof FIELDS)[number];
type Problems = Partial<Record<Field, string>>;

export const EMPTY_CLASS: RecurringClassValues = {
  name: '',
  weekdays: [],
  startTime: '18:00',
  durationMinutes: '60',
  targetLevel: 'Beginner',
  capacity: '24',
  description: '',
};

/** The form's values of a class that runs, for editing it. */
export function valuesOf(item: RecurringClass): RecurringClassValues {
  return {
    name: item.name,
    weekdays: [...item.weekdays],
    startTime: item.startTime,
    durationMinutes: String(item.durationMinutes),
    targetLevel: item.targetLevel,
    capacity: String(item.capacity),
    description: item.description,
  };
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The problems of the values, as the server would refuse them (the keys are the translation's). */
export function classProblems(values: RecurringClassValues): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (values.name.trim() === '') problems.name = 'schedule.form.errors.name';
  if (values.weekdays.length === 0) problems.weekdays = 'schedule.form.errors.weekdays';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.startTime)) problems.startTime = 'schedule.form.errors.startTime';
  const minutes = wholeNumber(values.durationMinutes);
  const { min, max } = SCHEDULE_LIMITS.durationMinutes;
  if (!(minutes >= min && minutes <= max)) problems.durationMinutes = 'schedule.form.errors.duration';
  const capacity = wholeNumber(values.capacity);
  if (!(capacity >= SESSION_LIMITS.capacity.min && capacity <= SESSION_LIMITS.capacity.max)) {
    problems.capacity = 'schedule.form.errors.capacity';
  }
  return problems;
}

export function toInput(values: RecurringClassValues): RecurringClassInput {
  return {
    name: values.name.trim(),
    weekdays: [...values.weekdays].sort((a, b) => a - b),
    startTime: values.startTime,
    durationMinutes: wholeNumber(values.durationMinutes),
    targetLevel: values.targetLevel,
    capacity: wholeNumber(values.capacity),
    description: values.description.trim(),
  };
}

/**
 * The form of a recurring class (issue 22): name, weekdays, start time in the academy's zone,
 * duration, level, capacity and description. Problems show inline under their field as soon as the
 * field is left and again on submit; the server's own refusals land under the same fields. Given a
 * `recurringClass`, the form edits it: the change applies to its sessions from today on ("this and
 * the following sessions"); sessions members checked in to stay as they were, and a toast says so.
 */
export function RecurringClassForm({
  weeksAhead = 4,
  recurringClass,
}: {
  weeksAhead?: number;
  recurringClass?: RecurringClass;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const create = useCreateRecurringClass();
  const update = useUpdateRecurringClass();
  // The academy's zone the start time is in: the class's own, or that of the classes that run.
  const classes = useRecurringClasses();
  const zone = recurringClass?.timeZone ?? academyTimeZone(classes.data);
  const editing = recurringClass !== undefined;
  const pending = create.isPending || update.isPending;
  const [values, setValues] = useState<RecurringClassValues>(() =>
    recurringClass ? valuesOf(recurringClass) : EMPTY_CLASS,
  );
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const problems = classProblems(values);
  const shown = (field: Field): string | undefined => {
    const server = serverProblems[field];
    if (server) return server;
    const key = touched[field] ? problems[field] : undefined;
    return key ? t(key, SCHEDULE_LIMITS.durationMinutes) : undefined;
  };
  const set = <K extends keyof RecurringClassValues>(key: K, value: RecurringClassValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerProblems((current) => ({ ...current, [key]: undefined }));
  };
  const leave = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));
  const fieldId = (field: string) => `${id}-${field}`;
  // A refused submit puts the focus on the first field with a message (the weekdays: the first day).
  const focusLater = useFocusAfterRender();
  const focusFirst = (found: Partial<Record<Field, unknown>>) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) focusLater(fieldId(first));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, weekdays: true, startTime: true, durationMinutes: true, capacity: true });
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }
    const onError = (error: Error) => {
      const text = errorText(error);
      if (error instanceof ApiError && error.body.kind === 'problem' && error.body.problem.errors) {
        const byField: Problems = {};
        for (const [field, messages] of Object.entries(error.body.problem.errors)) {
          const known = FIELDS.find((candidate) => candidate === field);
          if (known) byField[known] = messages.join(' ');
        }
        setServerProblems(byField);
        focusFirst(byField);
        if (Object.keys(byField).length > 0) return;
      }
      showToast({
        tone: 'error',
        title: t(editing ? 'schedule.form.saveFailed' : 'schedule.form.failed'),
        description: text.message,
      });
    };
    if (recurringClass) {
      update.mutate(
        { id: recurringClass.id, input: toInput(values) },
        {
          onSuccess: (change) => {
            const kept = change.keptSessionIds.length;
            showToast({
              tone: kept > 0 ? 'warning' : 'success',
              title: t('schedule.form.saved', { name: change.recurringClass.name }),
              description: kept > 0 ? t('schedule.form.savedKept', { count: kept }) : t('schedule.form.savedDetail'),
            });
            void navigate('/schedule');
          },
          onError,
        },
      );
      return;
    }
    create.mutate(toInput(values), {
      onSuccess: (created) => {
        showToast({
          tone: 'success',
          title: t('schedule.form.created', { name: created.name }),
          description: t('schedule.form.createdDetail', { count: weeksAhead }),
        });
        void navigate('/class-session');
      },
      onError,
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="text-2xl font-semibold tracking-tight">
        {editing ? t('schedule.form.editTitle', { name: recurringClass.name }) : t('schedule.form.title')}
      </h1>
      <p className="-mt-4 text-sm text-zinc-600 dark:text-zinc-400">
        {editing ? t('schedule.form.editLead') : t('schedule.form.lead', { count: weeksAhead })}
      </p>
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <FormField id={fieldId('name')} label={t('schedule.form.name')} error={shown('name')}>
          <Input
            name="name"
            size="lg"
            value={values.name}
            maxLength={SCHEDULE_LIMITS.nameMax}
            onChange={(event) => set('name', event.target.value)}
            onBlur={leave('name')}
          />
        </FormField>
        <fieldset
          className="flex flex-col gap-1.5"
          aria-describedby={shown('weekdays') ? `${id}-weekdays-error` : undefined}
          aria-invalid={Boolean(shown('weekdays'))}
        >
          <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('schedule.form.weekdays')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((day, index) => {
              const checked = values.weekdays.includes(day);
              return (
                <label
                  key={day}
                  className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-zinc-300 px-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 dark:border-zinc-700 dark:has-[:checked]:bg-blue-950"
                >
                  <input
                    id={index === 0 ? fieldId('weekdays') : undefined}
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={checked}
                    onChange={() => {
                      set('weekdays', checked ? values.weekdays.filter((d) => d !== day) : [...values.weekdays, day]);
                      leave('weekdays')();
                    }}
                  />
                  {t(`schedule.weekdays.${day}`)}
                </label>
              );
            })}
          </div>
          {shown('weekdays') && (
            <p id={`${id}-weekdays-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
              {shown('weekdays')}
            </p>
          )}
        </fieldset>
        <FormField
          id={fieldId('startTime')}
          label={t('schedule.form.startTime')}
          hint={zone ? t('schedule.form.startTimeHintZone', { zone }) : t('schedule.form.startTimeHint')}
          error={shown('startTime')}
        >
          <Input
            name="startTime"
            size="lg"
            type="time"
            step={60}
            value={values.startTime}
            onChange={(event) => set('startTime', event.target.value)}
            onBlur={leave('startTime')}
          />
        </FormField>
        <FormField id={fieldId('durationMinutes')} label={t('schedule.form.duration')} error={shown('durationMinutes')}>
          <Input
            name="durationMinutes"
            size="lg"
            type="number"
            inputMode="numeric"
            min={SCHEDULE_LIMITS.durationMinutes.min}
            max={SCHEDULE_LIMITS.durationMinutes.max}
            value={values.durationMinutes}
            onChange={(event) => set('durationMinutes', event.target.value)}
            onBlur={leave('durationMinutes')}
          />
        </FormField>
        <FormField id={fieldId('targetLevel')} label={t('schedule.form.level')}>
          <Select
            name="targetLevel"
            size="lg"
            value={values.targetLevel}
            onChange={(event) => {
              const level = TargetLevel.options.find((candidate) => candidate === event.target.value);
              if (level) set('targetLevel', level);
            }}
          >
            {TargetLevel.options.map((level) => (
              <option key={level} value={level}>
                {t(`sessions.levels.${level}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={fieldId('capacity')} label={t('schedule.form.capacity')} error={shown('capacity')}>
          <Input
            name="capacity"
            size="lg"
            type="number"
            inputMode="numeric"
            min={SESSION_LIMITS.capacity.min}
            max={SESSION_LIMITS.capacity.max}
            value={values.capacity}
            onChange={(event) => set('capacity', event.target.value)}
            onBlur={leave('capacity')}
          />
        </FormField>
        <FormField id={fieldId('description')} label={t('schedule.form.description')} className="md:col-span-2">
          <Textarea
            name="description"
            rows={3}
            maxLength={SESSION_LIMITS.descriptionMax}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {editing
            ? t(pending ? 'schedule.form.savingChanges' : 'schedule.form.save')
            : t(pending ? 'schedule.form.saving' : 'schedule.form.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => void navigate(editing ? '/schedule' : '/class-session')}>
          {t('schedule.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
