import type { SessionStatus } from '@openmat/contract/enums';
import type { TrainingSessionInput } from '@openmat/contract/sessions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@/components/forms/submit-button';
import { useValidatedForm } from '@/components/forms/use-validated-form';
import { FailureAlert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Failure } from '@/lib/failure';
import { SessionFormFields } from './session-form-fields';
import { formatSessionDateTime } from './session-format';
import {
  parseLocalInputValue,
  sessionInput,
  validateSessionForm,
  VALIDATED_FIELDS,
  type SessionFormValues,
} from './session-form-model';

export interface SessionEditorProps {
  mode: 'create' | 'edit';
  titleId: string;
  instructorName: string;
  initialValues: SessionFormValues;
  /** Sent with the values: Active for a new session, the session's own status on update. */
  status: SessionStatus;
  saving: boolean;
  /** Another call (close, delete) is running; saving waits for it. */
  busy: boolean;
  failure: Failure | null;
  onSave: (input: TrainingSessionInput) => void;
  /** Extra actions under the form (close and delete, in edit mode). */
  actions?: ReactNode;
}

/**
 * The session form: its fields, the failure of the last call, and Create or Update. Submitting
 * checks the required fields, then asks for confirmation with a summary; only a confirmed submit
 * calls `onSave`.
 */
export function SessionEditor({
  mode,
  titleId,
  instructorName,
  initialValues,
  status,
  saving,
  busy,
  failure,
  onSave,
  actions,
}: SessionEditorProps) {
  const { t, i18n } = useTranslation();
  const form = useValidatedForm<SessionFormValues>({
    initial: initialValues,
    fields: VALIDATED_FIELDS,
    validate: validateSessionForm,
    busy: saving || busy,
    onConfirm: (values) => {
      const input = sessionInput(values, status);
      if (input) onSave(input);
    },
  });
  const { values } = form;

  const date = form.confirm.open ? parseLocalInputValue(values.trainingDate) : null;
  const summary = date
    ? t('sessions.form.confirmSummary', {
        date: formatSessionDateTime(date, i18n.language),
        capacity: values.capacity.trim(),
        duration: values.duration.trim(),
        level: t(`sessions.levels.${values.targetLevel}`),
      })
    : '';

  return (
    <>
      <form {...form.formProps} aria-labelledby={titleId} aria-busy={saving} className="space-y-8">
        <SessionFormFields form={form} instructorName={instructorName} />
        <div className="space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
          {failure && <FailureAlert failure={failure} />}
          <div className="flex justify-end">
            <SubmitButton id={form.submitId} pending={saving} disabled={busy} className="w-full sm:w-auto sm:min-w-40">
              {mode === 'create' ? t('sessions.form.create') : t('sessions.form.update')}
            </SubmitButton>
          </div>
        </div>
      </form>
      {actions}
      <ConfirmDialog
        {...form.confirm}
        title={mode === 'create' ? t('sessions.form.confirmCreate') : t('sessions.form.confirmUpdate')}
        description={summary}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
      />
    </>
  );
}
