import { LIMITS } from '@openmat/contract/auth';
import type { FighterRoleName } from '@openmat/contract/enums';
import { GraduationCap, Sparkles, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/forms/form-field';
import type { ValidatedForm } from '@/components/forms/use-validated-form';
import { Input } from '@/components/ui/input';
import { FormSection } from './form-section';
import { RegisterChoiceGroup, type RegisterChoice } from './register-choice-group';
import type { RegisterFormValues } from './register-form-model';

/** The account section of registration: Student or Instructor, the premium note, e-mail and password. */
export function RegisterAccountFields({
  form,
  premium,
}: {
  form: ValidatedForm<RegisterFormValues>;
  /** `?plan=premium`: say that Instructor Premium is free during the beta. */
  premium: boolean;
}) {
  const { t } = useTranslation();
  const { id, fieldId, values, textControl, message } = form;
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
    <FormSection title={t('register.sections.account')} id={`${id}-account`}>
      <div className="space-y-3 md:col-span-2">
        <RegisterChoiceGroup
          name={fieldId('role')}
          legend={t('register.role.legend')}
          options={roles}
          value={values.role}
          onChange={(role) => form.update('role', role)}
        />
        {premium && (
          <p className="flex items-start gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100">
            <Sparkles className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {t('register.premiumNote')}
          </p>
        )}
      </div>
      <FormField id={fieldId('email')} label={t('register.email')} error={message('email')}>
        <Input
          {...textControl('email')}
          size="lg"
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
        <Input {...textControl('password')} size="lg" type="password" autoComplete="new-password" />
      </FormField>
    </FormSection>
  );
}
