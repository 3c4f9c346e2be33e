import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/forms/form-field';
import { useFocusAfterRender } from '@/components/forms/use-focus-after-render';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { showToast } from '@/components/ui/toast-store';
import { changePassword } from '../api/account';
import { serverFieldErrors } from './server-field-errors';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'repeatPassword'];
const SUBMIT_ID = 'change-password-submit';

/**
 * Changes the password while signed in: the current one, the new one twice. Problems show under their
 * field; success is a toast. Every other device is signed out; this one stays signed in.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    repeatPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const focusLater = useFocusAfterRender();
  /** The focus goes to the first field with a message, or to the submit button. */
  const focusFirst = (found: Partial<Record<Field, string>>) => {
    const first = FIELDS.find((name) => found[name]);
    focusLater(first ? `change-${first}` : SUBMIT_ID);
  };

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = t('account.password.currentRequired');
    if (!values.newPassword) found.newPassword = t('account.password.newRequired');
    else if (values.newPassword !== values.repeatPassword) found.repeatPassword = t('account.password.mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setPending(true);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues({ currentPassword: '', newPassword: '', repeatPassword: '' });
      showToast({
        tone: 'success',
        title: t('account.password.changed'),
        description: t('account.password.otherDevices'),
      });
    } catch (error) {
      const refused = serverFieldErrors(error, ['currentPassword', 'newPassword'] as const);
      setErrors(refused.fields);
      setFormError(refused.form);
      focusFirst(refused.fields);
    } finally {
      setPending(false);
    }
  }

  const field = (name: Field, autoComplete: string) => (
    <FormField id={`change-${name}`} label={t(`account.password.${name}`)} error={errors[name]}>
      <Input
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => set(name)(event.target.value)}
      />
    </FormField>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title" className="text-xl font-semibold">
        {t('account.password.title')}
      </h2>
      {field('currentPassword', 'current-password')}
      {field('newPassword', 'new-password')}
      {field('repeatPassword', 'new-password')}
      {formError && (
        <Alert compact>
          <p>{formError}</p>
        </Alert>
      )}
      <Button id={SUBMIT_ID} type="submit" disabled={pending} className="self-start">
        {pending ? t('account.password.saving') : t('account.password.submit')}
      </Button>
    </form>
  );
}
