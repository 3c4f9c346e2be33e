import type { TrainingSessionDetails } from '@openmat/contract/sessions';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/sessions/api/get-session';
import { errorText } from '@/lib/failure';
import { SessionEditor } from './session-editor';
import { SessionFormActions } from './session-form-actions';
import { emptySessionValues, sessionValues } from './session-form-model';
import { SessionFormPage } from './session-form-page';
import { EditScopeChoice, useFollowingCalls, type EditScope } from './edit-scope';
import { useCreateSessionCalls, useEditSessionCalls } from './use-session-form-calls';

/**
 * What a student who typed a form's address is told above it: the spec keeps the form (without Close and
 * Delete), but the server refuses a student's save, and they should know before they fill it in.
 */
function OnlyInstructors({ sessionId }: { sessionId?: number }) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 space-y-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
      <p className="text-pretty">{t('sessions.form.onlyInstructors')}</p>
      {sessionId !== undefined && (
        <Link
          to={`/session-details/${sessionId}`}
          className="inline-flex font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {t('sessions.form.viewSession')}
        </Link>
      )}
    </div>
  );
}

/**
 * /create-session: a new session under the signed-in instructor's name, Active from the start. Only
 * instructors create sessions (`canManage`); a student is told so above the form.
 */
export function CreateSessionForm({
  instructorName,
  canManage = true,
}: {
  instructorName: string;
  canManage?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const calls = useCreateSessionCalls();
  const [initialValues] = useState(emptySessionValues);

  return (
    <SessionFormPage titleId={titleId} title={t('sessions.form.createTitle')} lead={t('sessions.form.createLead')}>
      {!canManage && <OnlyInstructors />}
      <SessionEditor
        mode="create"
        titleId={titleId}
        instructorName={instructorName}
        initialValues={initialValues}
        status="Active"
        saving={calls.saving}
        busy={false}
        failure={calls.failure}
        onSave={calls.save}
      />
    </SessionFormPage>
  );
}

/** The loaded session in the form, with Close and Delete for instructors. */
function EditSessionEditor({
  session,
  titleId,
  canManage,
}: {
  session: TrainingSessionDetails;
  titleId: string;
  canManage: boolean;
}) {
  const calls = useEditSessionCalls(session.id);
  const [initialValues] = useState(() => sessionValues(session));
  const occurrence =
    session.recurringClassId !== undefined && session.occurrenceDate !== undefined
      ? { id: session.id, recurringClassId: session.recurringClassId, occurrenceDate: session.occurrenceDate }
      : null;
  const [scope, setScope] = useState<EditScope>('this');
  const following = useFollowingCalls(occurrence);
  const editor = (
    <SessionEditor
      mode="edit"
      titleId={titleId}
      instructorName={session.instructor.fighterName}
      initialValues={initialValues}
      status={session.status}
      saving={calls.saving || following.saving}
      busy={calls.busy || following.saving}
      failure={following.failure ?? calls.failure}
      onSave={(input) => (scope === 'following' && occurrence ? following.save(input) : calls.save(input))}
      actions={
        canManage && (
          <SessionFormActions
            titleId={titleId}
            busy={calls.busy}
            closing={calls.closing}
            deleting={calls.deleting}
            reopening={calls.reopening}
            closed={session.status !== 'Active'}
            onClose={calls.closeSession}
            onReopen={calls.reopenSession}
            onDelete={calls.deleteSession}
          />
        )
      }
    />
  );
  if (!occurrence) return editor;
  return (
    <div className="flex flex-col gap-6">
      <EditScopeChoice scope={scope} onChange={setScope} />
      {editor}
    </div>
  );
}

/**
 * /edit-session/{id}: the session's values once it has loaded (a spinner until then, so the form
 * never shows empty and then jumps). Close and Delete only for instructors (`canManage`). Another
 * instructor's session is not theirs to change (the server refuses it): they are told so, with the way
 * to its details, instead of a form whose every button would fail.
 */
export function EditSessionForm({
  sessionId,
  canManage,
  fighterId,
}: {
  sessionId: number;
  canManage: boolean;
  /** The signed-in user's fighter id, to tell whether the session is theirs. */
  fighterId: number | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useSession(sessionId);
  const { isError, error } = query;

  useEffect(() => {
    if (isError) console.error('Error fetching training session details', error);
  }, [isError, error]);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex justify-center py-16 text-brand-700 dark:text-brand-300">
        <Spinner label={t('common.loading')} />
      </div>
    );
  } else if (query.isError) {
    body = (
      <FailureAlert failure={{ message: t('sessions.form.errors.load'), details: errorText(query.error).details }} />
    );
  } else if (canManage && query.data.instructorId !== fighterId) {
    body = (
      <div className="space-y-4">
        <p className="text-pretty text-zinc-700 dark:text-zinc-300">{t('sessions.form.notOwner')}</p>
        <Link
          to={`/session-details/${query.data.id}`}
          className="inline-flex font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {t('sessions.form.viewSession')}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        {!canManage && <OnlyInstructors sessionId={query.data.id} />}
        <EditSessionEditor key={query.data.id} session={query.data} titleId={titleId} canManage={canManage} />
      </>
    );
  }

  return (
    <SessionFormPage titleId={titleId} title={t('sessions.form.editTitle')} lead={t('sessions.form.editLead')}>
      {body}
    </SessionFormPage>
  );
}
