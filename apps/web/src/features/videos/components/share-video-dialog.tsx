import {
  SHARE_TITLE_MAX,
  type ShareCandidates,
  type ShareVideoRequest,
  type UploadedVideo,
} from '@openmat/contract/videos';
import { foldName } from '@openmat/contract/members';
import { Search, Share2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '@/components/errors/load-failure';
import { FormField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/failure';
import { useShareCandidates } from '../api/get-share-candidates';
import { useShareVideo } from '../api/share-video';
import { VideoDialogFrame, type VideoDialogProps } from './video-dialog';
import { formatDateTime } from './video-format';

/** Above this many fighters, the list gets a filter box. */
const FILTER_FROM = 8;

interface ShareFormProps {
  video: UploadedVideo;
  candidates: ShareCandidates;
  /** The video was shared: the dialog's work is done. */
  onShared: () => void;
}

/**
 * The choice of recipients (fighters, or one whole session) and an optional title. Choosing nobody is
 * said here, under the choice; how the sharing went is a toast (see `useShareVideo`).
 */
function ShareForm({ video, candidates, onShared }: ShareFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const share = useShareVideo(video.id);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [sessionId, setSessionId] = useState('');
  const [title, setTitle] = useState('');
  const [filter, setFilter] = useState('');
  const [whomError, setWhomError] = useState(false);
  const { fighters, sessions } = candidates;
  const shown = filter.trim()
    ? fighters.filter((fighter) => foldName(fighter.fighterName).includes(foldName(filter)))
    : fighters;
  const whomErrorId = `${id}-whom-error`;

  function toggle(fighterId: number, on: boolean) {
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(fighterId);
      else next.delete(fighterId);
      return next;
    });
    setWhomError(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (share.isPending) return;
    const session = sessionId === '' ? undefined : Number(sessionId);
    if (chosen.size === 0 && session === undefined) {
      setWhomError(true);
      return;
    }
    const trimmed = title.trim();
    const request: ShareVideoRequest = {
      ...(chosen.size > 0 ? { fighterIds: [...chosen] } : {}),
      ...(session === undefined ? {} : { sessionId: session }),
      ...(trimmed ? { title: trimmed } : {}),
    };
    // A refusal keeps the choice as it was, to try again.
    share.mutate(request, { onSuccess: onShared });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <fieldset
        className="space-y-2"
        aria-describedby={whomError ? whomErrorId : undefined}
        aria-invalid={whomError || undefined}
      >
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('videos.share.fighters')}</legend>
        {fighters.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('videos.share.noFighters')}</p>
        ) : (
          <>
            {fighters.length > FILTER_FROM && (
              <div className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 z-10 h-4 w-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
                  aria-hidden
                />
                <SearchInput
                  value={filter}
                  onValueChange={setFilter}
                  aria-label={t('videos.share.filter')}
                  placeholder={t('videos.share.filter')}
                  inputClassName="pl-9"
                />
              </div>
            )}
            <ul className="max-h-56 divide-y divide-zinc-200 overflow-y-auto rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
              {shown.map((fighter) => (
                <li key={fighter.fighterId}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                    <input
                      type="checkbox"
                      className="h-4 w-4 rounded border-zinc-300 accent-brand-600"
                      checked={chosen.has(fighter.fighterId)}
                      onChange={(event) => toggle(fighter.fighterId, event.target.checked)}
                    />
                    <span className="min-w-0 break-words">{fighter.fighterName}</span>
                  </label>
                </li>
              ))}
              {shown.length === 0 && (
                <li className="px-3 py-3 text-sm text-zinc-600 dark:text-zinc-400">{t('videos.share.noMatch')}</li>
              )}
            </ul>
            {chosen.size > 0 && (
              <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
                {t('videos.share.chosen', { count: chosen.size })}
              </p>
            )}
          </>
        )}
      </fieldset>

      {sessions.length > 0 && (
        <FormField id={`${id}-session`} label={t('videos.share.session')} hint={t('videos.share.sessionHint')}>
          <Select
            value={sessionId}
            onChange={(event) => {
              setSessionId(event.target.value);
              setWhomError(false);
            }}
          >
            <option value="">{t('videos.share.noSession')}</option>
            {sessions.map((session) => (
              <option key={session.id} value={String(session.id)}>
                {t('videos.share.sessionOption', {
                  date: formatDateTime(session.trainingDate, i18n.language),
                  description: session.description.trim() || t('videos.share.untitledSession'),
                  count: session.students,
                })}
              </option>
            ))}
          </Select>
        </FormField>
      )}

      {whomError && (
        <p id={whomErrorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {t('videos.share.errors.whom')}
        </p>
      )}

      <FormField id={`${id}-title`} label={t('videos.share.title')} hint={t('videos.share.titleHint')}>
        <Input
          value={title}
          maxLength={SHARE_TITLE_MAX}
          placeholder={video.description.trim() || undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormField>

      <div className="flex justify-end">
        <SubmitButton size="md" pending={share.isPending} pendingLabel={t('videos.share.sharing')}>
          <Share2 className="h-4 w-4" aria-hidden />
          {t('videos.share.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

function ShareBody({ video, onShared }: { video: UploadedVideo; onShared: () => void }) {
  const { t } = useTranslation();
  const candidates = useShareCandidates();
  if (candidates.isPending) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-zinc-600 dark:text-zinc-400">
        <Spinner label={t('videos.share.loading')} />
        <span aria-hidden>{t('videos.share.loading')}</span>
      </p>
    );
  }
  if (candidates.isError) {
    return (
      <LoadFailure
        title={t('videos.share.candidatesError', { body: errorText(candidates.error).body })}
        onRetry={() => void candidates.refetch()}
      />
    );
  }
  return <ShareForm video={video} candidates={candidates.data} onShared={onShared} />;
}

/**
 * 'Share': a dialog to share one's video with fighters one trains with (a checkbox list) or with every
 * student of one of one's sessions, under an optional title. Once shared it closes, and a toast tells
 * how many it was shared with; a refusal is a toast too, and the dialog stays as it was.
 */
export function ShareVideoDialog({ video, size, className }: VideoDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <VideoDialogFrame
      open={open}
      onOpenChange={setOpen}
      title={t('videos.share.dialogTitle')}
      description={t('videos.share.dialogDescription', { description: video.description || video.studentIdentifier })}
      icon={Share2}
      action={t('videos.actions.share')}
      size={size}
      className={className}
    >
      {/* Mounted only while open: each opening starts with an empty choice. */}
      {open && <ShareBody video={video} onShared={() => setOpen(false)} />}
    </VideoDialogFrame>
  );
}
