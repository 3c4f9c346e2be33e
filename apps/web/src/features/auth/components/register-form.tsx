import { useTranslation } from 'react-i18next';
import { FighterFields } from './fighter-fields';
import { FighterFormFooter } from './fighter-form-footer';
import { RegisterAccountFields } from './register-account-fields';
import { useRegisterForm } from './use-register-form';

/**
 * The registration form (spec section 2, Register): role, account, fighter profile and body
 * measurements. Submitting checks the fields, asks for confirmation, then registers the fighter;
 * success alerts and goes to /home, a failure lists the server's messages.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const { form, mutation, premium } = useRegisterForm();
  return (
    <form
      {...form.formProps}
      aria-label={t('register.formLabel')}
      aria-busy={mutation.isPending}
      className="space-y-10"
    >
      <RegisterAccountFields form={form} premium={premium} />
      <FighterFields form={form.fighter} />
      <FighterFormFooter
        submitId={form.submitId}
        note={t('register.finalNote')}
        submitLabel={t('register.submit')}
        pendingLabel={t('register.submitting')}
        pending={mutation.isPending}
        error={mutation.error}
        confirm={form.confirm}
      />
    </form>
  );
}
