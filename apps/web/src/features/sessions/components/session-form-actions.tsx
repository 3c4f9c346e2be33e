import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type ManageAction = 'close' | 'reopen' | 'delete';

/**
 * Close Session and Delete Session under the edit form (instructors only), each behind its question;
 * 'Closing...' and 'Deleting...' while the call runs, and nothing can be pressed while any call runs.
 */
export function SessionFormActions({
  titleId,
  busy,
  closing,
  deleting,
  reopening = false,
  closed = false,
  onClose,
  onReopen,
  onDelete,
}: {
  /** The page title's id, the prefix of this section's ids. */
  titleId: string;
  busy: boolean;
  closing: boolean;
  deleting: boolean;
  reopening?: boolean;
  /** The session is closed (Completed or Cancelled): Reopen Session stands where Close Session would. */
  closed?: boolean;
  onClose: () => void;
  onReopen?: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<ManageAction | null>(null);
  const buttonId = (action: ManageAction) => `${titleId}-${action}`;

  function onAskOpenChange(action: ManageAction, open: boolean) {
    setAsking(open ? action : null);
    // The dialogs have no trigger to return to: give the focus back to the button that opened them.
    if (!open) setTimeout(() => document.getElementById(buttonId(action))?.focus(), 0);
  }

  return (
    <section
      aria-labelledby={`${titleId}-manage`}
      className="mt-8 space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <h2 id={`${titleId}-manage`} className="text-base font-semibold">
        {t('sessions.form.manageTitle')}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row">
        {closed && onReopen ? (
          <Button id={buttonId('reopen')} variant="secondary" disabled={busy} onClick={() => setAsking('reopen')}>
            {reopening && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />}
            {reopening ? t('sessions.form.reopening') : t('sessions.form.reopenSession')}
          </Button>
        ) : (
          <Button id={buttonId('close')} variant="secondary" disabled={busy} onClick={() => setAsking('close')}>
            {closing && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />}
            {closing ? t('sessions.form.closing') : t('sessions.form.closeSession')}
          </Button>
        )}
        <Button id={buttonId('delete')} variant="danger" disabled={busy} onClick={() => setAsking('delete')}>
          {deleting && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />}
          {deleting ? t('sessions.form.deleting') : t('sessions.form.deleteSession')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking === 'close'}
        onOpenChange={(open) => onAskOpenChange('close', open)}
        title={t('sessions.form.confirmCloseTitle')}
        description={t('sessions.form.confirmCloseMessage')}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={onClose}
      />
      {onReopen && (
        <ConfirmDialog
          open={asking === 'reopen'}
          onOpenChange={(open) => onAskOpenChange('reopen', open)}
          title={t('sessions.form.confirmReopenTitle')}
          description={t('sessions.form.confirmReopenMessage')}
          confirmLabel={t('common.confirm')}
          cancelLabel={t('common.cancel')}
          onConfirm={onReopen}
        />
      )}
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => onAskOpenChange('delete', open)}
        title={t('sessions.form.confirmDeleteTitle')}
        description={t('sessions.form.confirmDeleteMessage')}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={onDelete}
        destructive
      />
    </section>
  );
}
