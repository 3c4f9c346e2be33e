import type { FighterProfileResponse } from '@openmat/contract/auth';
import { Info, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { CompleteProfileMutation } from '../api/complete-profile';
import { FighterFields } from './fighter-fields';
import { profileFormValues, profilePayload, validateProfileForm, type ProfileFormValues } from './profile-form-model';
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
  const { t } = useTranslation();
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

  const role = profile.fighter?.fighterRole ?? 'Student';

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

        <FighterFields
          sectionId={id}
          fieldId={fieldId}
          control={control}
          message={message}
          values={values}
          choose={{
            gender: (gender) => update('gender', gender),
            beltColor: (belt) => update('beltColor', belt),
            experience: (experience) => update('experience', experience),
          }}
          bmiValue={bmiValue}
          recalculateBmi={recalculateBmi}
          applyMeasurement={applyMeasurement}
          leading={
            <div className="md:col-span-2">
              <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('profile.role')}</p>
              <p className="mt-1 text-base" data-testid="profile-role">
                {t(`register.role.${role}`)}
              </p>
            </div>
          }
        />

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
