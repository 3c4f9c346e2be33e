import type { TrainingSessionInput } from '@openmat/contract/sessions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCloseSession } from '@/features/sessions/api/close-session';
import { useReopenSession } from '@/features/sessions/api/reopen-session';
import { useDeleteSession } from '@/features/sessions/api/delete-session';
import { useCreateSession, useUpdateSession } from '@/features/sessions/api/save-session';
import { errorText, type Failure } from '@/lib/failure';
import { AFTER_SAVE } from './session-form-page';

/**
 * Creating a session: success goes to the list; a failure is logged and shown as 'Failed to create a
 * new training session: ' plus the status text, with the server's other words under it.
 */
export function useCreateSessionCalls() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSession();
  const [failure, setFailure] = useState<Failure | null>(null);

  function save(input: TrainingSessionInput) {
    setFailure(null);
    create.mutate(input, {
      onSuccess: () => void navigate(AFTER_SAVE),
      onError: (error) => {
        console.error('Failed to create a new training session', error);
        const text = errorText(error);
        const reason = text.statusText;
        // The server's words are not repeated under a line that already ends with them.
        const details =
          text.fieldMessages.length > 0 ? text.fieldMessages : text.details.filter((line) => line !== reason);
        setFailure({ message: t('sessions.form.errors.create', { reason }), details });
      },
    });
  }

  return { save, saving: create.isPending, failure };
}

/**
 * Updating, closing and deleting a session: each goes to the list when it succeeds; a failure is
 * logged and shown with the server's words. Only one call runs at a time (`busy`).
 */
export function useEditSessionCalls(sessionId: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateMutation = useUpdateSession(sessionId);
  const closeMutation = useCloseSession(sessionId);
  const deleteMutation = useDeleteSession(sessionId);
  const reopenMutation = useReopenSession(sessionId);
  const [failure, setFailure] = useState<Failure | null>(null);

  function failed(logLine: string, messageKey: string) {
    return (error: unknown) => {
      console.error(logLine, error);
      setFailure({ message: t(messageKey), details: errorText(error).details });
    };
  }

  const done = () => void navigate(AFTER_SAVE);

  function save(input: TrainingSessionInput) {
    setFailure(null);
    updateMutation.mutate(input, {
      onSuccess: done,
      onError: failed('Error fetching training session details', 'sessions.form.errors.update'),
    });
  }

  function closeSession() {
    setFailure(null);
    closeMutation.mutate(undefined, {
      onSuccess: done,
      onError: failed('Failed to close training session', 'sessions.form.errors.close'),
    });
  }

  function reopenSession() {
    setFailure(null);
    reopenMutation.mutate(undefined, {
      onSuccess: done,
      onError: failed('Failed to reopen training session', 'sessions.form.errors.reopen'),
    });
  }

  function deleteSession() {
    setFailure(null);
    deleteMutation.mutate(undefined, {
      onSuccess: done,
      onError: failed('Failed to delete training session', 'sessions.form.errors.delete'),
    });
  }

  return {
    save,
    closeSession,
    reopenSession,
    deleteSession,
    failure,
    saving: updateMutation.isPending,
    closing: closeMutation.isPending,
    deleting: deleteMutation.isPending,
    reopening: reopenMutation.isPending,
    busy: updateMutation.isPending || closeMutation.isPending || deleteMutation.isPending || reopenMutation.isPending,
  };
}
