import { FormField } from '@/components/forms/form-field';
import type { SessionStatus } from '@openmat/contract/enums';
import { SESSION_LIMITS, type TrainingSessionDetails, type TrainingSessionInput } from '@openmat/contract/sessions';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/sessions/api/get-session';
import { useCloseSession } from '@/features/sessions/api/close-session';
import { useDeleteSession } from '@/features/sessions/api/delete-session';
import { useCreateSession, useUpdateSession } from '@/features/sessions/api/save-session';
import { cn } from '@/lib/cn';
import { errorText, type Failure } from '@/lib/failure';
import { CONTROL_CLASS, errorIdOf, FailureAlert, READ_ONLY_CLASS } from './session-field';
import { formatSessionDateTime } from './session-format';
import {
  DURATION_MINUTES,
  emptySessionValues,
  firstInvalidField,
  parseLocalInputValue,
  sessionInput,
  sessionValues,
  TARGET_LEVELS,
  validateSessionForm,
  VALIDATED_FIELDS,
  type SessionFormErrors,
  type SessionFormField,
  type SessionFormValues,
} from './session-form-model';

/** Where saving, closing and deleting a session lead. */
const AFTER_SAVE = '/class-session';

type EditorMode = 'create' | 'edit';

/** The page around the form: a way back, the title and a short lead, then the card. */
function SessionFormPage({
  titleId,
  title,
  lead,
  children,
}: {
  titleId: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to={AFTER_SAVE}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('sessions.form.back')}
      </Link>
      <h1 id={titleId} className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
        {title}
      </h1>
      <p className="mt-2 text-pretty text-zinc-600 dark:text-zinc-400">{lead}</p>
      <Card className="mt-8 p-5 sm:p-8">{children}</Card>
    </div>
  );
}

interface SessionEditorProps {
  mode: EditorMode;
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
 * The fields of spec section 2 (Create and edit session form). Submitting checks the required
 * fields, then asks for confirmation; only a confirmed submit calls `onSave`.
 */
function SessionEditor({
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
  const [values, setValues] = useState<SessionFormValues>(initialValues);
  const [errors, setErrors] = useState<SessionFormErrors>({});
  const [confirming, setConfirming] = useState(false);
  const focusFirstError = useRef(false);
  const id = useId();
  const fieldId = (field: keyof SessionFormValues | 'instructorName' | 'submit') => `${id}-${field}`;

  // After a refused submit, the focus goes to the first field with a message, once it is rendered.
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = firstInvalidField(errors);
    if (first) document.getElementById(fieldId(first))?.focus();
  });

  function update<K extends keyof SessionFormValues>(field: K, value: SessionFormValues[K]) {
    setValues((previous) => ({ ...previous, [field]: value }));
    const validated = VALIDATED_FIELDS.find((name) => name === field);
    if (validated && errors[validated]) setErrors(({ [validated]: _cleared, ...rest }) => rest);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || busy) return;
    const found = validateSessionForm(values);
    setErrors(found);
    if (firstInvalidField(found)) {
      focusFirstError.current = true;
      return;
    }
    setConfirming(true);
  }

  function onConfirm() {
    const input = sessionInput(values, status);
    if (input) onSave(input);
  }

  function onConfirmOpenChange(open: boolean) {
    setConfirming(open);
    // The dialog has no trigger to return to: give the focus back to the submit button.
    if (!open) setTimeout(() => document.getElementById(fieldId('submit'))?.focus(), 0);
  }

  const message = (field: SessionFormField) => {
    const found = errors[field];
    return found ? t(found.key, found.values ?? {}) : undefined;
  };

  /** Props shared by the checked inputs: id, value, change handler and the ARIA wiring. */
  function control(field: SessionFormField) {
    const error = message(field);
    return {
      id: fieldId(field),
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => update(field, event.target.value),
      'aria-invalid': Boolean(error),
      'aria-describedby': errorIdOf(fieldId(field), error),
      required: true,
      className: cn('h-11', CONTROL_CLASS),
    };
  }

  const date = confirming ? parseLocalInputValue(values.trainingDate) : null;
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
      <form noValidate aria-labelledby={titleId} aria-busy={saving} onSubmit={onSubmit} className="space-y-8">
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
          <FormField id={fieldId('instructorName')} label={t('sessions.form.instructorName')}>
            <input
              id={fieldId('instructorName')}
              name="instructorName"
              type="text"
              readOnly
              value={instructorName}
              className={cn('h-11', CONTROL_CLASS, READ_ONLY_CLASS)}
            />
          </FormField>
          <FormField
            id={fieldId('trainingDate')}
            label={t('sessions.form.trainingDate')}
            error={message('trainingDate')}
          >
            <input {...control('trainingDate')} type="datetime-local" step={60} />
          </FormField>
          <FormField id={fieldId('capacity')} label={t('sessions.form.capacity')} error={message('capacity')}>
            <input
              {...control('capacity')}
              type="number"
              inputMode="numeric"
              min={SESSION_LIMITS.capacity.min}
              max={SESSION_LIMITS.capacity.max}
              step={1}
            />
          </FormField>
          <FormField id={fieldId('duration')} label={t('sessions.form.duration')} error={message('duration')}>
            <input
              {...control('duration')}
              type="number"
              inputMode="numeric"
              min={DURATION_MINUTES.min}
              max={DURATION_MINUTES.max}
              step={1}
            />
          </FormField>
          <FormField id={fieldId('targetLevel')} label={t('sessions.form.targetLevel')}>
            <select
              id={fieldId('targetLevel')}
              name="targetLevel"
              value={values.targetLevel}
              onChange={(event) => {
                const level = TARGET_LEVELS.find((candidate) => candidate === event.target.value);
                if (level) update('targetLevel', level);
              }}
              className={cn('h-11', CONTROL_CLASS)}
            >
              {TARGET_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t(`sessions.levels.${level}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={fieldId('description')} label={t('sessions.form.description')} className="md:col-span-2">
            <textarea
              id={fieldId('description')}
              name="description"
              rows={4}
              maxLength={SESSION_LIMITS.descriptionMax}
              value={values.description}
              placeholder={t('sessions.form.descriptionPlaceholder')}
              onChange={(event) => update('description', event.target.value)}
              className={cn('py-2', CONTROL_CLASS)}
            />
          </FormField>
        </div>

        <div className="space-y-4 border-t border-zinc-200 pt-6 dark:border-zinc-800">
          {failure && <FailureAlert message={failure.message} details={failure.details} />}
          <div className="flex justify-end">
            <Button
              id={fieldId('submit')}
              type="submit"
              size="lg"
              disabled={saving || busy}
              className="w-full sm:w-auto sm:min-w-40"
            >
              {saving && <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden />}
              {mode === 'create' ? t('sessions.form.create') : t('sessions.form.update')}
            </Button>
          </div>
        </div>
      </form>
      {actions}
      <ConfirmDialog
        open={confirming}
        onOpenChange={onConfirmOpenChange}
        title={mode === 'create' ? t('sessions.form.confirmCreate') : t('sessions.form.confirmUpdate')}
        description={summary}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={onConfirm}
      />
    </>
  );
}

/** /create-session: a new session under the signed-in instructor's name, Active from the start. */
export function CreateSessionForm({ instructorName }: { instructorName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const create = useCreateSession();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [initialValues] = useState(emptySessionValues);

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

  return (
    <SessionFormPage titleId={titleId} title={t('sessions.form.createTitle')} lead={t('sessions.form.createLead')}>
      <SessionEditor
        mode="create"
        titleId={titleId}
        instructorName={instructorName}
        initialValues={initialValues}
        status="Active"
        saving={create.isPending}
        busy={false}
        failure={failure}
        onSave={save}
      />
    </SessionFormPage>
  );
}

type ManageAction = 'close' | 'delete';

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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateMutation = useUpdateSession(session.id);
  const closeMutation = useCloseSession(session.id);
  const deleteMutation = useDeleteSession(session.id);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [asking, setAsking] = useState<ManageAction | null>(null);
  const buttonId = (action: ManageAction) => `${titleId}-${action}`;
  const [initialValues] = useState(() => sessionValues(session));
  const busy = updateMutation.isPending || closeMutation.isPending || deleteMutation.isPending;

  function failed(logLine: string, messageKey: string) {
    return (error: unknown) => {
      console.error(logLine, error);
      setFailure({ message: t(messageKey), details: errorText(error).details });
    };
  }

  const done = () => void navigate(AFTER_SAVE);

  function onAskOpenChange(action: ManageAction, open: boolean) {
    setAsking(open ? action : null);
    // The dialogs have no trigger to return to: give the focus back to the button that opened them.
    if (!open) setTimeout(() => document.getElementById(buttonId(action))?.focus(), 0);
  }

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

  function deleteSession() {
    setFailure(null);
    deleteMutation.mutate(undefined, {
      onSuccess: done,
      onError: failed('Failed to delete training session', 'sessions.form.errors.delete'),
    });
  }

  const actions = canManage ? (
    <section
      aria-labelledby={`${titleId}-manage`}
      className="mt-8 space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <h2 id={`${titleId}-manage`} className="text-base font-semibold">
        {t('sessions.form.manageTitle')}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button id={buttonId('close')} variant="secondary" disabled={busy} onClick={() => setAsking('close')}>
          {closeMutation.isPending && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />}
          {closeMutation.isPending ? t('sessions.form.closing') : t('sessions.form.closeSession')}
        </Button>
        <Button id={buttonId('delete')} variant="danger" disabled={busy} onClick={() => setAsking('delete')}>
          {deleteMutation.isPending && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />}
          {deleteMutation.isPending ? t('sessions.form.deleting') : t('sessions.form.deleteSession')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking === 'close'}
        onOpenChange={(open) => onAskOpenChange('close', open)}
        title={t('sessions.form.confirmCloseTitle')}
        description={t('sessions.form.confirmCloseMessage')}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={closeSession}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => onAskOpenChange('delete', open)}
        title={t('sessions.form.confirmDeleteTitle')}
        description={t('sessions.form.confirmDeleteMessage')}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={deleteSession}
        destructive
      />
    </section>
  ) : undefined;

  return (
    <SessionEditor
      mode="edit"
      titleId={titleId}
      instructorName={session.instructor.fighterName}
      initialValues={initialValues}
      status={session.status}
      saving={updateMutation.isPending}
      busy={busy}
      failure={failure}
      onSave={save}
      actions={actions}
    />
  );
}

/**
 * /edit-session/{id}: the session's values once it has loaded (a spinner until then, so the form
 * never shows empty and then jumps). Close and Delete only for instructors (`canManage`).
 */
export function EditSessionForm({ sessionId, canManage }: { sessionId: number; canManage: boolean }) {
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
    body = <FailureAlert message={t('sessions.form.errors.load')} details={errorText(query.error).details} />;
  } else {
    body = <EditSessionEditor key={query.data.id} session={query.data} titleId={titleId} canManage={canManage} />;
  }

  return (
    <SessionFormPage titleId={titleId} title={t('sessions.form.editTitle')} lead={t('sessions.form.editLead')}>
      {body}
    </SessionFormPage>
  );
}
