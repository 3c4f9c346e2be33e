import { LIMITS, type FighterProfileResponse } from '@openmat/contract/auth';
import { BELTS, EXPERIENCE_LEVELS, EXPERIENCE_NAMES, type Gender } from '@openmat/contract/enums';
import { Info, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { CompleteProfileMutation } from '../api/complete-profile';
import { FormSection, isoDay } from './form-section';
import { ImperialHelper } from './imperial-helper';
import { profileFormValues, profilePayload, validateProfileForm, type ProfileFormValues } from './profile-form-model';
import { RegisterChoiceGroup, type RegisterChoice } from './register-choice-group';
import { RegisterErrors } from './register-errors';
import { CONTROL_CLASS, describeControl } from './register-field';
import {
  firstInvalidField,
  formBmi,
  VALIDATED_FIELDS,
  type FieldErrors,
  type ValidatedField,
} from './register-form-model';

/**
 * Completes one's own fighter profile with the registration fields (name, birthdate, gender, belt,
 * experience, sparring duration, height and weight), the BMI read-only and recomputed when height
 * or weight loses focus, and the imperial helper. Submitting checks the fields, asks for
 * confirmation (details cannot be changed once submitted), then saves; a failure lists the
 * server's messages.
 */
export function ProfileForm({
  profile,
  mutation,
}: {
  profile: FighterProfileResponse;
  /** Owned by the screen, so that its outcome outlives the form. */
  mutation: CompleteProfileMutation;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile.fighter));
  const [bmiValue, setBmiValue] = useState<number | null>(() => formBmi(values));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const focusFirstError = useRef(false);
  const id = useId();
  const fieldId = (field: keyof ProfileFormValues | ValidatedField | 'bmi' | 'submit') => `${id}-${field}`;

  // After a refused submit, the focus goes to the first field with a message, once it is rendered.
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = firstInvalidField(errors);
    if (first) document.getElementById(fieldId(first))?.focus();
  });

  function update<K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]): ProfileFormValues {
    const next = { ...values, [field]: value };
    setValues(next);
    const validated = VALIDATED_FIELDS.find((name) => name === field);
    if (validated && errors[validated]) setErrors(({ [validated]: _cleared, ...rest }) => rest);
    return next;
  }

  const recalculateBmi = () => setBmiValue(formBmi(values));

  function applyMeasurement(field: 'height' | 'weight', value: number) {
    setBmiValue(formBmi(update(field, String(value))));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    recalculateBmi();
    const found = validateProfileForm(values);
    setErrors(found);
    if (firstInvalidField(found)) {
      focusFirstError.current = true;
      return;
    }
    setConfirming(true);
  }

  function onConfirmOpenChange(open: boolean) {
    setConfirming(open);
    if (!open) setTimeout(() => document.getElementById(fieldId('submit'))?.focus(), 0);
  }

  function save() {
    mutation.mutate(profilePayload(values), { onError: (error) => console.error(error) });
  }

  const message = (field: ValidatedField) =>
    errors[field]?.map(({ key, values: params }) => t(key, params ?? {})).join(' ');

  /** Props shared by the validated inputs: id, value, change handler and the ARIA wiring. */
  function control(field: ValidatedField & keyof ProfileFormValues, hasHint = false) {
    const error = message(field);
    const { describedBy, invalid } = describeControl(fieldId(field), hasHint, error);
    return {
      id: fieldId(field),
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => update(field, event.target.value),
      'aria-invalid': invalid,
      'aria-describedby': describedBy,
      required: true,
      className: CONTROL_CLASS,
    };
  }

  const genders: RegisterChoice<Gender>[] = [
    { value: 'Male', label: t('register.gender.Male') },
    { value: 'Female', label: t('register.gender.Female') },
  ];
  const role = profile.fighter?.fighterRole ?? 'Student';
  const bmiFormat = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const today = new Date();
  const oldest = new Date(today);
  oldest.setFullYear(today.getFullYear() - LIMITS.ageYears.max - 1);

  return (
    <>
      <form
        noValidate
        aria-label={t('profile.formLabel')}
        aria-busy={mutation.isPending}
        onSubmit={onSubmit}
        className="space-y-10"
      >
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{profile.fighter ? t('profile.incomplete') : t('profile.newProfile')}</span>
        </p>

        <FormSection title={t('register.sections.profile')} id={`${id}-profile`}>
          <div className="md:col-span-2">
            <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('profile.role')}</p>
            <p className="mt-1 text-base" data-testid="profile-role">
              {t(`register.role.${role}`)}
            </p>
          </div>
          <FormField
            id={fieldId('fighterName')}
            label={t('register.name')}
            hint={t('register.nameHint')}
            error={message('fighterName')}
          >
            <input {...control('fighterName', true)} type="text" autoComplete="name" maxLength={LIMITS.nameMax} />
          </FormField>
          <FormField id={fieldId('birthdate')} label={t('register.birthdate')} error={message('birthdate')}>
            <input {...control('birthdate')} type="date" autoComplete="bday" min={isoDay(oldest)} max={isoDay(today)} />
          </FormField>
          <RegisterChoiceGroup
            name={fieldId('gender')}
            legend={t('register.gender.legend')}
            options={genders}
            value={values.gender}
            onChange={(gender) => update('gender', gender)}
          />
          <FormField id={fieldId('beltColor')} label={t('register.belt.label')}>
            <select
              id={fieldId('beltColor')}
              name="beltColor"
              value={values.beltColor}
              onChange={(event) => {
                const belt = BELTS.find((name) => name === event.target.value);
                if (belt) update('beltColor', belt);
              }}
              className={CONTROL_CLASS}
            >
              {BELTS.map((belt) => (
                <option key={belt} value={belt}>
                  {t(`register.belt.${belt}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={fieldId('experience')} label={t('register.experience.label')}>
            <select
              id={fieldId('experience')}
              name="experience"
              value={values.experience}
              onChange={(event) => {
                const level = EXPERIENCE_LEVELS.find((candidate) => String(candidate) === event.target.value);
                if (level !== undefined) update('experience', level);
              }}
              className={CONTROL_CLASS}
            >
              {EXPERIENCE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`register.experience.${EXPERIENCE_NAMES[level]}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={fieldId('maxWorkoutDuration')}
            label={t('register.maxWorkoutDuration')}
            hint={t('register.maxWorkoutDurationHint')}
            error={message('maxWorkoutDuration')}
          >
            <input
              {...control('maxWorkoutDuration', true)}
              type="number"
              inputMode="numeric"
              min={LIMITS.workoutMinutes.min}
              max={LIMITS.workoutMinutes.max}
              step={1}
            />
          </FormField>
        </FormSection>

        <FormSection title={t('register.sections.body')} id={`${id}-body`}>
          <FormField id={fieldId('height')} label={t('register.height')} error={message('height')}>
            <input
              {...control('height')}
              type="number"
              inputMode="decimal"
              min={LIMITS.heightCm.min}
              max={LIMITS.heightCm.max}
              step="any"
              onBlur={recalculateBmi}
            />
          </FormField>
          <FormField id={fieldId('weight')} label={t('register.weight')} error={message('weight')}>
            <input
              {...control('weight')}
              type="number"
              inputMode="decimal"
              min={LIMITS.weightKg.min}
              max={LIMITS.weightKg.max}
              step="any"
              onBlur={recalculateBmi}
            />
          </FormField>
          <FormField id={fieldId('bmi')} label={t('register.bmi')} hint={t('register.bmiHint')}>
            <input
              id={fieldId('bmi')}
              name="bmi"
              type="text"
              readOnly
              value={bmiValue === null ? '–' : bmiFormat.format(bmiValue)}
              aria-describedby={`${fieldId('bmi')}-hint`}
              className={CONTROL_CLASS}
            />
          </FormField>
          <div className="md:col-span-2">
            <ImperialHelper
              onApplyHeight={(cm) => applyMeasurement('height', cm)}
              onApplyWeight={(kg) => applyMeasurement('weight', kg)}
            />
          </div>
        </FormSection>

        <div className="space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
          {mutation.isError && <RegisterErrors error={mutation.error} />}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('profile.finalNote')}</p>
            <Button
              id={fieldId('submit')}
              type="submit"
              size="lg"
              disabled={mutation.isPending}
              className="sm:min-w-40"
            >
              {mutation.isPending && <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden />}
              {mutation.isPending ? t('profile.submitting') : t('profile.submit')}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={onConfirmOpenChange}
        title={t('register.confirmTitle')}
        description={t('register.confirmMessage')}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={save}
      />
    </>
  );
}
