import { FormField } from '@/components/forms/form-field';
import { LIMITS } from '@openmat/contract/auth';
import type { FighterRoleName } from '@openmat/contract/enums';
import { useMutation } from '@tanstack/react-query';
import { GraduationCap, LoaderCircle, Sparkles, Users } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { registerFighter } from '@/features/auth/api/register';
import { FighterFields } from './fighter-fields';
import { FormSection } from './form-section';
import { RegisterChoiceGroup, type RegisterChoice } from './register-choice-group';
import { RegisterErrors } from './register-errors';
import { CONTROL_CLASS, describeControl } from './register-field';
import {
  defaultRegisterValues,
  firstInvalidField,
  formBmi,
  isPremiumPlan,
  registerPayload,
  roleFromQuery,
  validateRegisterForm,
  VALIDATED_FIELDS,
  type FieldErrors,
  type RegisterFormValues,
  type ValidatedField,
} from './register-form-model';

/** Where a successful registration leads. */
const AFTER_REGISTER = '/home';

/**
 * The registration form (spec section 2, Register): role, account, fighter profile and body
 * measurements. Submitting checks the fields, asks for confirmation, then registers the fighter;
 * success alerts and goes to /home, a failure lists the server's messages.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const premium = isPremiumPlan(searchParams.get('plan'));
  const [values, setValues] = useState<RegisterFormValues>(() =>
    defaultRegisterValues(roleFromQuery(searchParams.get('role'))),
  );
  const [bmiValue, setBmiValue] = useState<number | null>(() => formBmi(values));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const focusFirstError = useRef(false);
  const id = useId();
  const fieldId = (field: keyof RegisterFormValues | 'bmi' | 'submit') => `${id}-${field}`;

  const mutation = useMutation({
    mutationFn: registerFighter,
    onSuccess: () => {
      window.alert(t('register.success'));
      void navigate(AFTER_REGISTER);
    },
    onError: (error) => {
      console.error(error);
    },
  });

  // After a refused submit, the focus goes to the first field with a message, once it is rendered.
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = firstInvalidField(errors);
    if (first) document.getElementById(fieldId(first))?.focus();
  });

  function update<K extends keyof RegisterFormValues>(field: K, value: RegisterFormValues[K]): RegisterFormValues {
    const next = { ...values, [field]: value };
    setValues(next);
    const validated = VALIDATED_FIELDS.find((name) => name === field);
    if (validated && errors[validated]) setErrors(({ [validated]: _cleared, ...rest }) => rest);
    // Editing the e-mail or the password clears the server's messages.
    if ((field === 'email' || field === 'password') && mutation.isError) mutation.reset();
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
    const found = validateRegisterForm(values);
    setErrors(found);
    if (firstInvalidField(found)) {
      focusFirstError.current = true;
      return;
    }
    setConfirming(true);
  }

  function onConfirmOpenChange(open: boolean) {
    setConfirming(open);
    // The dialog has no trigger to return to: give the focus back to the submit button.
    if (!open) setTimeout(() => document.getElementById(fieldId('submit'))?.focus(), 0);
  }

  const message = (field: ValidatedField) =>
    errors[field]?.map(({ key, values: params }) => t(key, params ?? {})).join(' ');

  /** Props shared by the validated inputs: id, value, change handler and the ARIA wiring. */
  function control(field: ValidatedField, hasHint = false) {
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

  const roles: RegisterChoice<FighterRoleName>[] = [
    {
      value: 'Student',
      label: t('register.role.Student'),
      description: t('register.role.StudentText'),
      icon: GraduationCap,
    },
    {
      value: 'Instructor',
      label: t('register.role.Instructor'),
      description: t('register.role.InstructorText'),
      icon: Users,
    },
  ];

  return (
    <>
      <form
        noValidate
        aria-label={t('register.formLabel')}
        aria-busy={mutation.isPending}
        onSubmit={onSubmit}
        className="space-y-10"
      >
        <FormSection title={t('register.sections.account')} id={`${id}-account`}>
          <div className="space-y-3 md:col-span-2">
            <RegisterChoiceGroup
              name={fieldId('role')}
              legend={t('register.role.legend')}
              options={roles}
              value={values.role}
              onChange={(role) => update('role', role)}
            />
            {premium && (
              <p className="flex items-start gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100">
                <Sparkles className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                {t('register.premiumNote')}
              </p>
            )}
          </div>
          <FormField id={fieldId('email')} label={t('register.email')} error={message('email')}>
            <input
              {...control('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={LIMITS.emailMax}
            />
          </FormField>
          <FormField
            id={fieldId('password')}
            label={t('register.password')}
            hint={t('register.passwordHint', { min: LIMITS.passwordMin })}
            error={message('password')}
          >
            <input {...control('password', true)} type="password" autoComplete="new-password" />
          </FormField>
        </FormSection>

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
        />

        <div className="space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
          {mutation.isError && <RegisterErrors error={mutation.error} />}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('register.finalNote')}</p>
            <Button
              id={fieldId('submit')}
              type="submit"
              size="lg"
              disabled={mutation.isPending}
              className="sm:min-w-40"
            >
              {mutation.isPending && <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden />}
              {mutation.isPending ? t('register.submitting') : t('register.submit')}
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
        onConfirm={() => mutation.mutate(registerPayload(values))}
      />
    </>
  );
}
