import { SESSION_LIMITS } from '@openmat/contract/sessions';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/forms/form-field';
import type { ValidatedForm } from '@/components/forms/use-validated-form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { DURATION_MINUTES, parseLocalInputValue, TARGET_LEVELS, type SessionFormValues } from './session-form-model';

/** A training date before now: the class is recorded after the fact and will be listed under Past. */
function isInThePast(value: string): boolean {
  const date = parseLocalInputValue(value);
  return date !== null && date.getTime() < Date.now();
}

/**
 * The fields of spec section 2 (Create and edit session form): the instructor's name (read-only),
 * training date and time, capacity, duration in minutes, target level and description notes.
 */
export function SessionFormFields({
  form,
  instructorName,
}: {
  form: ValidatedForm<SessionFormValues>;
  instructorName: string;
}) {
  const { t } = useTranslation();
  const { fieldId, values, textControl, message } = form;
  return (
    <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
      <FormField id={fieldId('instructorName')} label={t('sessions.form.instructorName')}>
        <Input name="instructorName" size="lg" type="text" readOnly value={instructorName} />
      </FormField>
      <FormField id={fieldId('trainingDate')} label={t('sessions.form.trainingDate')} error={message('trainingDate')}>
        <Input {...textControl('trainingDate')} size="lg" type="datetime-local" step={60} />
        {isInThePast(values.trainingDate) && (
          <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
            {t('sessions.form.pastDateWarning')}
          </p>
        )}
      </FormField>
      <FormField id={fieldId('capacity')} label={t('sessions.form.capacity')} error={message('capacity')}>
        <Input
          {...textControl('capacity')}
          size="lg"
          type="number"
          inputMode="numeric"
          min={SESSION_LIMITS.capacity.min}
          max={SESSION_LIMITS.capacity.max}
          step={1}
        />
      </FormField>
      <FormField id={fieldId('duration')} label={t('sessions.form.duration')} error={message('duration')}>
        <Input
          {...textControl('duration')}
          size="lg"
          type="number"
          inputMode="numeric"
          min={DURATION_MINUTES.min}
          max={DURATION_MINUTES.max}
          step={1}
        />
      </FormField>
      <FormField id={fieldId('targetLevel')} label={t('sessions.form.targetLevel')}>
        <Select
          name="targetLevel"
          size="lg"
          value={values.targetLevel}
          onChange={(event) => {
            const level = TARGET_LEVELS.find((candidate) => candidate === event.target.value);
            if (level) form.update('targetLevel', level);
          }}
        >
          {TARGET_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`sessions.levels.${level}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={fieldId('description')} label={t('sessions.form.description')} className="md:col-span-2">
        <Textarea
          name="description"
          rows={4}
          maxLength={SESSION_LIMITS.descriptionMax}
          value={values.description}
          placeholder={t('sessions.form.descriptionPlaceholder')}
          onChange={(event) => form.update('description', event.target.value)}
        />
      </FormField>
    </div>
  );
}
