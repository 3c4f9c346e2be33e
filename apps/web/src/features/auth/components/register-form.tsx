import { FormField } from '@/components/forms/form-field';
import { LIMITS } from '@openmat/contract/auth';
import type { FighterRoleName } from '@openmat/contract/enums';
import { useMutation } from '@tanstack/react-query';
import { GraduationCap, Sparkles, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { registerFighter } from '@/features/auth/api/register';
import { FighterFields } from './fighter-fields';
import { FighterFormFooter } from './fighter-form-footer';
import { useFighterForm } from './use-fighter-form';
import { FormSection } from './form-section';
import { RegisterChoiceGroup, type RegisterChoice } from './register-choice-group';
import {
  defaultRegisterValues,
  isPremiumPlan,
  registerPayload,
  roleFromQuery,
  validateRegisterForm,
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
  const form = useFighterForm({
    initial: () => defaultRegisterValues(roleFromQuery(searchParams.get('role'))),
    validate: validateRegisterForm,
    pending: mutation.isPending,
    // Editing the e-mail or the password clears the server's messages.
    onEdit: (field) => {
      if ((field === 'email' || field === 'password') && mutation.isError) mutation.reset();
    },
  });
  const { id, values, update, fieldId, confirming, control, message } = form;

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
    <form
      noValidate
      aria-label={t('register.formLabel')}
      aria-busy={mutation.isPending}
      onSubmit={form.onSubmit}
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
        bmiValue={form.bmiValue}
        recalculateBmi={form.recalculateBmi}
        applyMeasurement={form.applyMeasurement}
      />

      <FighterFormFooter
        submitId={fieldId('submit')}
        note={t('register.finalNote')}
        submitLabel={t('register.submit')}
        pendingLabel={t('register.submitting')}
        pending={mutation.isPending}
        error={mutation.error}
        confirming={confirming}
        onConfirmOpenChange={form.onConfirmOpenChange}
        onConfirm={() => mutation.mutate(registerPayload(values))}
      />
    </form>
  );
}
