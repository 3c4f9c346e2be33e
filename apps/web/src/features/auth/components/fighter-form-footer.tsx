import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@/components/forms/submit-button';
import type { ConfirmProps } from '@/components/forms/use-validated-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RegisterErrors } from './register-errors';

/**
 * The end of a fighter form: the server's messages, a note, the submit button with its pending state,
 * and the dialog that asks to confirm, because details cannot be changed once submitted.
 */
export function FighterFormFooter({
  submitId,
  note,
  submitLabel,
  pendingLabel,
  pending,
  error,
  confirm,
}: {
  submitId: string;
  note: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The failed save, if the last one failed. */
  error: Error | null;
  confirm: ConfirmProps;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
        {error && <RegisterErrors error={error} />}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{note}</p>
          <SubmitButton id={submitId} pending={pending} pendingLabel={pendingLabel} className="sm:min-w-40">
            {submitLabel}
          </SubmitButton>
        </div>
      </div>
      <ConfirmDialog
        {...confirm}
        title={t('register.confirmTitle')}
        description={t('register.confirmMessage')}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
      />
    </>
  );
}
