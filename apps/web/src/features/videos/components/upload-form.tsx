import { MartialArt } from '@openmat/contract/enums';
import { STUDENT_IDENTIFIER_MAX, VIDEO_ACCEPT, VIDEO_DESCRIPTION_MAX } from '@openmat/contract/videos';
import { FileVideo, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { useAnalyzeVideo } from '../api/analyze-video';
import { useAthletes } from '../api/get-athletes';
import { useUploadVideo } from '../api/upload-video';
import { useUploadStore, type UploadOutcome } from '../stores/upload-store';
import {
  emptyUploadValues,
  UPLOAD_FORM_FIELDS,
  uploadFields,
  validateUpload,
  type UploadFormErrors,
  type UploadFormField,
  type UploadFormValues,
} from './upload-form-model';
import { UploadProgress } from './upload-progress';
import { formatBytes } from './video-format';

const MARTIAL_ARTS = MartialArt.options;

/**
 * Files dragged anywhere over the window: while they hover, `dragging` is true; a drop hands the first
 * file to `onFile` (when `enabled`). A drop never opens the file in the tab instead of the app.
 */
function useWindowFileDrop(enabled: boolean, onFile: (file: File) => void): boolean {
  const [dragging, setDragging] = useState(false);
  const onFileRef = useRef(onFile);
  useEffect(() => {
    onFileRef.current = onFile;
  });
  useEffect(() => {
    let depth = 0;
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth++;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file && enabled) onFileRef.current(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [enabled]);
  return enabled && dragging;
}

/** How the last upload ended, under the form. The toast says it too, so this box is not read out again. */
function OutcomeAlert({ outcome }: { outcome: UploadOutcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'uploaded') {
    return (
      <Alert tone="success" live={false} title={t('videos.upload.done.uploaded')}>
        <p>{t('videos.upload.done.uploadedText')}</p>
      </Alert>
    );
  }
  if (outcome.kind === 'duplicate') {
    return (
      <Alert tone="warning" live={false} title={t('videos.upload.done.duplicate')}>
        <p>{outcome.message}</p>
      </Alert>
    );
  }
  return (
    <Alert live={false} title={t('videos.upload.done.failed')}>
      <p>{outcome.message ?? t('videos.upload.done.failedFallback')}</p>
      {outcome.details.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5">
          {outcome.details.map((detail, index) => (
            <li key={`${index}-${detail}`}>{detail}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** The form's values: those of the upload still running (after a visit elsewhere), else empty ones. */
function initialValues(): UploadFormValues {
  const { phase, file, fields } = useUploadStore.getState();
  if ((phase === 'uploading' || phase === 'paused') && fields) {
    return { ...fields, file, fighterId: fields.fighterId === undefined ? '' : String(fields.fighterId) };
  }
  return emptyUploadValues();
}

/**
 * The upload form of /video-analysis (spec sections 3 and 5): a video file (chosen, or dropped
 * anywhere on the page), a student identifier, the martial art and an optional description. It
 * An instructor may name the athlete in the video among the students of their rosters; a student's
 * upload is theirs. It sends the video resumably, with a progress bar, Pause and Resume; how it ended shows as a toast
 * and under the form.
 */
export function UploadForm({ canNameAthlete = false }: { canNameAthlete?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const fieldId = (field: UploadFormField | 'martialArt' | 'fighterId') => `${id}-${field}`;
  const athletes = useAthletes({ enabled: canNameAthlete });
  const [values, setValues] = useState<UploadFormValues>(initialValues);
  const [errors, setErrors] = useState<UploadFormErrors>({});
  const focusFirstError = useRef(false);
  const upload = useUploadStore();
  const { start, pause, resume, cancel } = useUploadVideo();
  const analyze = useAnalyzeVideo();
  const busy = upload.phase === 'uploading' || upload.phase === 'paused';

  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = UPLOAD_FORM_FIELDS.find((field) => errors[field] !== undefined);
    if (first) document.getElementById(fieldId(first))?.focus();
  });

  function change(next: Partial<UploadFormValues>) {
    setValues((previous) => ({ ...previous, ...next }));
    const edited = UPLOAD_FORM_FIELDS.filter((field) => field in next);
    if (edited.some((field) => errors[field] !== undefined)) {
      setErrors((previous) => {
        const rest = { ...previous };
        for (const field of edited) delete rest[field];
        return rest;
      });
    }
  }

  const dragging = useWindowFileDrop(!busy, (file) => change({ file }));

  function onDone(outcome: UploadOutcome, fileName: string) {
    if (outcome.kind === 'uploaded') {
      showToast({ tone: 'success', title: t('videos.upload.done.uploaded'), description: fileName });
      // Then the analysis starts (spec section 4, Video upload); its own toast follows.
      if (outcome.videoId !== null) analyze.mutate(outcome.videoId);
    } else if (outcome.kind === 'duplicate') {
      showToast({ tone: 'warning', title: t('videos.upload.done.duplicate'), description: outcome.message });
    } else {
      showToast({
        tone: 'error',
        title: t('videos.upload.done.failed'),
        description: outcome.message ?? t('videos.upload.done.failedFallback'),
      });
    }
    // A failed upload keeps the form as it was, to try again; otherwise the next video starts afresh.
    if (outcome.kind !== 'failed') setValues((previous) => ({ ...previous, file: null, description: '' }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateUpload(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError.current = true;
      return;
    }
    const { file } = values;
    if (!file) return;
    void start(file, uploadFields(values), (outcome) => onDone(outcome, file.name));
  }

  const message = (field: UploadFormField) => {
    const key = errors[field];
    return key === undefined ? undefined : t(key);
  };
  const fileError = message('file');
  const fileHintId = `${fieldId('file')}-hint`;
  const fileErrorId = `${fieldId('file')}-error`;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        {/* The file: a drop zone that is the label of a real file input, which keeps the keyboard and screen readers working. */}
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-zinc-800 dark:text-zinc-200" id={`${fieldId('file')}-label`}>
            {t('videos.upload.file')}
          </span>
          <input
            id={fieldId('file')}
            type="file"
            accept={VIDEO_ACCEPT}
            className="peer sr-only"
            disabled={busy}
            aria-labelledby={`${fieldId('file')}-label`}
            aria-describedby={cn(fileHintId, fileError && fileErrorId)}
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) change({ file });
              // The same file may be chosen again after it was taken away.
              event.target.value = '';
            }}
          />
          <label
            htmlFor={fieldId('file')}
            className={cn(
              'flex min-h-40 flex-1 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
              fileError
                ? 'border-red-500 bg-red-50/50 dark:border-red-500 dark:bg-red-950/20'
                : 'border-zinc-300 bg-zinc-50 hover:border-brand-500 hover:bg-brand-50/60 dark:border-zinc-700 dark:bg-zinc-950/40 dark:hover:border-brand-500 dark:hover:bg-brand-900/20',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            {values.file ? (
              <>
                <FileVideo className="h-8 w-8 text-brand-700 dark:text-brand-500" aria-hidden />
                <span className="max-w-full truncate font-medium text-zinc-900 dark:text-zinc-100">
                  {values.file.name}
                </span>
                <span className="text-sm text-zinc-600 dark:text-zinc-400">
                  {formatBytes(values.file.size, i18n.language)}
                </span>
                {!busy && (
                  <span className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
                    {t('videos.upload.change')}
                  </span>
                )}
              </>
            ) : (
              <>
                <Upload className="h-8 w-8 text-zinc-400" aria-hidden />
                <span className="font-medium text-brand-700 dark:text-brand-500">{t('videos.upload.choose')}</span>
                <span className="text-sm text-zinc-600 dark:text-zinc-400">{t('videos.upload.orDrop')}</span>
              </>
            )}
          </label>
          <p id={fileHintId} className="text-sm text-zinc-500 dark:text-zinc-400">
            {t('videos.upload.fileHint')} {t('videos.upload.filmingHint')}
          </p>
          {fileError && (
            <p id={fileErrorId} className="text-sm font-medium text-red-700 dark:text-red-400">
              {fileError}
            </p>
          )}
        </div>

        <div className="flex flex-col gap-5">
          <FormField
            id={fieldId('studentIdentifier')}
            label={t('videos.upload.studentIdentifier')}
            hint={t('videos.upload.studentIdentifierHint')}
            error={message('studentIdentifier')}
          >
            <Input
              name="studentIdentifier"
              size="lg"
              required
              autoComplete="off"
              maxLength={STUDENT_IDENTIFIER_MAX}
              disabled={busy}
              value={values.studentIdentifier}
              onChange={(event) => change({ studentIdentifier: event.target.value })}
            />
          </FormField>
          <FormField id={fieldId('martialArt')} label={t('videos.upload.martialArt')}>
            <Select
              name="martialArt"
              size="lg"
              disabled={busy}
              value={values.martialArt}
              onChange={(event) => {
                const art = MARTIAL_ARTS.find((candidate) => candidate === event.target.value);
                if (art) change({ martialArt: art });
              }}
            >
              {MARTIAL_ARTS.map((art) => (
                <option key={art} value={art}>
                  {t(`videos.martialArts.${art}`)}
                </option>
              ))}
            </Select>
          </FormField>
          {canNameAthlete && (
            <FormField
              id={fieldId('fighterId')}
              label={t('videos.upload.athlete')}
              hint={athletes.isError ? t('videos.upload.athleteError') : t('videos.upload.athleteHint')}
            >
              <Select
                name="fighterId"
                size="lg"
                disabled={busy || athletes.isPending}
                value={values.fighterId}
                onChange={(event) => change({ fighterId: event.target.value })}
              >
                <option value="">{t('videos.upload.athleteNobody')}</option>
                {(athletes.data ?? []).map((athlete) => (
                  <option key={athlete.fighterId} value={String(athlete.fighterId)}>
                    {athlete.beltColor
                      ? t('videos.upload.athleteOption', {
                          name: athlete.fighterName,
                          belt: t(`register.belt.${athlete.beltColor}`),
                        })
                      : athlete.fighterName}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <FormField
            id={fieldId('description')}
            label={t('videos.upload.description')}
            error={message('description')}
            // Near the limit the field says how much room is left (a longer paste is cut at the limit).
            hint={
              values.description.length >= VIDEO_DESCRIPTION_MAX * 0.9
                ? t('videos.upload.descriptionLength', { count: values.description.length, max: VIDEO_DESCRIPTION_MAX })
                : undefined
            }
          >
            <Textarea
              name="description"
              rows={3}
              maxLength={VIDEO_DESCRIPTION_MAX}
              disabled={busy}
              value={values.description}
              placeholder={t('videos.upload.descriptionPlaceholder')}
              onChange={(event) => change({ description: event.target.value })}
            />
          </FormField>
        </div>
      </div>

      {busy ? (
        <UploadProgress upload={upload} onPause={pause} onResume={resume} onCancel={cancel} />
      ) : (
        <>
          {upload.phase === 'done' && upload.outcome && <OutcomeAlert outcome={upload.outcome} />}
          <SubmitButton pending={false} className="w-full sm:w-auto">
            <Upload className="h-5 w-5" aria-hidden />
            {t('videos.upload.submit')}
          </SubmitButton>
        </>
      )}

      {dragging && (
        <div
          aria-hidden
          className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center border-4 border-dashed border-brand-500 bg-brand-50/80 p-6 backdrop-blur-[1px] dark:bg-zinc-950/80"
        >
          <p className="flex items-center gap-3 rounded-xl bg-white px-6 py-4 text-lg font-semibold text-brand-700 shadow-lg dark:bg-zinc-900 dark:text-brand-500">
            <Upload className="h-6 w-6" aria-hidden />
            {t('videos.upload.dropHere')}
          </p>
        </div>
      )}
    </form>
  );
}

/** The upload form in its box, with its heading. */
export function UploadSection({ canNameAthlete = false }: { canNameAthlete?: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id={titleId} className="text-lg font-semibold tracking-tight">
        {t('videos.upload.title')}
      </h2>
      <p className="mt-1 mb-5 text-sm text-pretty text-zinc-600 dark:text-zinc-400">{t('videos.upload.lead')}</p>
      <UploadForm canNameAthlete={canNameAthlete} />
    </section>
  );
}
