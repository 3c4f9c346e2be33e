import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export interface ConfirmDeleteButtonProps {
  /** The button's accessible name, e.g. 'Delete the comment at 0:12'. */
  label: string;
  /** The question, e.g. 'Delete this comment?'. */
  question: string;
  disabled?: boolean;
  onConfirm: () => void;
}

/**
 * The review's delete button for one item (a technique, a comment, a drawing): it asks first, since the
 * item leaves the analysis for every reader as soon as it is saved.
 */
export function ConfirmDeleteButton({ label, question, disabled = false, onConfirm }: ConfirmDeleteButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" disabled={disabled} aria-label={label} onClick={() => setAsking(true)}>
        <Trash2 className="h-3.5 w-3.5" aria-hidden />
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={question}
        description={t('videos.review.deleteDetail')}
        confirmLabel={t('videos.actions.delete')}
        cancelLabel={t('common.cancel')}
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}
