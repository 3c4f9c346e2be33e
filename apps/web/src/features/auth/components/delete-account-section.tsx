import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/forms/form-field';
import { useFocusAfterRender } from '@/components/forms/use-focus-after-render';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { Input } from '@/components/ui/input';
import { showToast } from '@/components/ui/toast-store';
import { deleteAccount } from '../api/account';
import { forgetDeletedAccount } from '../auth-actions';
import { serverFieldErrors } from './server-field-errors';

/**
 * "Delete my account": what goes and what stays, then a dialog that asks for the password (or, for
 * an account without one, the e-mail address) before anything is deleted.
 */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // A refused confirmation puts the focus back in its field, inside the dialog (the disabled button lost it).
  const focusLater = useFocusAfterRender();
  const label = hasPassword ? t('account.delete.passwordLabel') : t('account.delete.emailLabel');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmation) {
      setError(hasPassword ? t('account.delete.passwordRequired') : t('account.delete.emailRequired'));
      focusLater('delete-confirmation');
      return;
    }
    setPending(true);
    try {
      await deleteAccount(confirmation);
      setOpen(false);
      showToast({ tone: 'success', title: t('account.delete.done') });
      forgetDeletedAccount();
    } catch (caught) {
      const refused = serverFieldErrors(caught, ['confirmation'] as const);
      setError(refused.fields.confirmation ?? null);
      setFormError(refused.form);
      focusLater('delete-confirmation');
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="delete-account-title"
      className="flex flex-col gap-3 border-t border-zinc-200 pt-8 dark:border-zinc-800"
    >
      <h2 id="delete-account-title" className="text-xl font-semibold">
        {t('account.delete.title')}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('account.delete.what')}</p>
      <DialogFrame
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setConfirmation('');
          setError(null);
          setFormError(null);
        }}
        trigger={
          <Button variant="danger" className="self-start">
            {t('account.delete.open')}
          </Button>
        }
        title={t('account.delete.dialogTitle')}
        description={t('account.delete.dialogText')}
        closeLabel={t('account.close')}
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 px-4 py-4 sm:px-6">
          <FormField
            id="delete-confirmation"
            label={label}
            hint={hasPassword ? undefined : t('account.delete.emailHint')}
            error={error ?? undefined}
          >
            <Input
              type={hasPassword ? 'password' : 'email'}
              autoComplete={hasPassword ? 'current-password' : 'email'}
              value={confirmation}
              onChange={(event) => {
                setConfirmation(event.target.value);
                setError(null);
                setFormError(null);
              }}
            />
          </FormField>
          {formError && (
            <Alert compact>
              <p>{formError}</p>
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" type="button" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" type="submit" disabled={pending}>
              {pending ? t('account.delete.deleting') : t('account.delete.confirm')}
            </Button>
          </div>
        </form>
      </DialogFrame>
    </section>
  );
}
