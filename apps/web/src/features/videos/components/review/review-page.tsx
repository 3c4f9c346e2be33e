import type { AnalysisPatch } from '@openmat/contract/analysis';
import { EXPERIENCE_NAMES } from '@openmat/contract/enums';
import type { UploadedVideo } from '@openmat/contract/videos';
import { isInstructorRole } from '@openmat/contract/enums';
import { Info, Pause, Play, Repeat, StepBack, StepForward } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageError } from '@/components/errors/page-error';
import { showAlert } from '@/components/ui/alert-store';
import { Button } from '@/components/ui/button';
import { HelpfulFeedback } from '@/components/ui/helpful-feedback';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/failure';
import { useAnalysisFeedback, useAnalysisResult, useSaveAnalysis } from '../../api/analysis-result';
import { useAthletes } from '../../api/get-athletes';
import { useVideo } from '../../api/get-video';
import { usePositionAdaptation } from '../../api/position-adaptation';
import { useSetAthlete } from '../../api/set-athlete';
import { formatClock } from '../video-format';
import { DrawableFrame, DrawingList } from './frame-drawings';
import { RerunAnalysis } from './rerun-analysis';
import { ReviewComments } from './review-comments';
import { ReviewTimeline } from './review-timeline';
import {
  FRAME_STEP_SECONDS,
  keyAction,
  loopBack,
  nextSpeed,
  selectionTimestamps,
  SPEEDS,
  visibleDrills,
  type Selection,
} from './timeline-model';
import { DrillsTab, OverallTab, TechniquesTab } from './review-tabs';

type Tab = 'techniques' | 'drills' | 'overall';
const TABS: readonly Tab[] = ['techniques', 'drills', 'overall'];

/** The player's state, as the page shows it; `startAt` (seconds) is where it stands once the video loads. */
function usePlayer(startAt: number | undefined) {
  const ref = useRef<HTMLVideoElement>(null);
  const started = useRef(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeedState] = useState(1);
  const video = () => ref.current;
  return {
    ref,
    time,
    duration,
    playing,
    speed,
    events: {
      onTimeUpdate: () => setTime(video()?.currentTime ?? 0),
      onLoadedMetadata: () => {
        const element = video();
        const length = element && Number.isFinite(element.duration) ? element.duration : 0;
        setDuration(length);
        if (element && startAt !== undefined && !started.current) {
          started.current = true;
          element.currentTime = Math.min(startAt, length || startAt);
          setTime(element.currentTime);
        }
      },
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
    },
    seek: (to: number) => {
      const element = video();
      if (!element) return;
      element.currentTime = Math.max(0, Math.min(to, duration || to));
      setTime(element.currentTime);
    },
    toggle: () => {
      const element = video();
      if (!element) return;
      if (element.paused) void element.play().catch(() => undefined);
      else element.pause();
    },
    play: () =>
      void video()
        ?.play()
        .catch(() => undefined),
    pause: () => video()?.pause(),
    /** Whether it is playing now (the element's own word, which a key press may have changed since the last render). */
    isPlaying: () => video()?.paused === false,
    setSpeed: (next: number) => {
      const element = video();
      if (element) element.playbackRate = next;
      setSpeedState(next);
    },
  };
}

/**
 * The athlete in the video, as far as the viewer may see them (the server leaves out the figures of
 * someone they do not coach), or 'Athlete not named'. The instructor who uploaded it names them here.
 */
function AthleteDetails({ video, canName }: { video: UploadedVideo; canName: boolean }) {
  const { t } = useTranslation();
  const athlete = video.athlete;
  const rows: Array<[string, string]> = athlete
    ? [
        [t('videos.review.fighter.name'), athlete.fighterName],
        [t('videos.review.fighter.belt'), athlete.beltColor ? t(`register.belt.${athlete.beltColor}`) : '–'],
        [t('videos.review.fighter.student'), video.studentIdentifier],
        [t('videos.review.fighter.height'), athlete.height ? `${athlete.height} cm` : '–'],
        [t('videos.review.fighter.weight'), athlete.weight ? `${athlete.weight} kg` : '–'],
        [
          t('videos.review.fighter.experience'),
          athlete.experience == null ? '–' : t(`register.experience.${EXPERIENCE_NAMES[athlete.experience]}`),
        ],
      ]
    : [];
  return (
    <section className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{t('videos.review.fighter.title')}</h2>
        {canName && <AthletePicker video={video} />}
      </div>
      {athlete ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="space-y-2 text-sm">
          <p className="text-zinc-600 dark:text-zinc-400">{t('videos.review.fighter.notNamed')}</p>
          {/* Which of the two the analysis follows is still told by what the uploader wrote. */}
          {video.studentIdentifier.trim() !== '' && (
            <dl>
              <dt className="text-zinc-500 dark:text-zinc-400">{t('videos.review.fighter.student')}</dt>
              <dd className="font-medium break-words">{video.studentIdentifier}</dd>
            </dl>
          )}
        </div>
      )}
    </section>
  );
}

/** The uploading instructor's choice of athlete: a fighter of their rosters, or nobody. */
function AthletePicker({ video }: { video: UploadedVideo }) {
  const { t } = useTranslation();
  const athletes = useAthletes();
  const save = useSetAthlete(video.id);
  const options = athletes.data ?? [];
  const named = video.athlete;
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-zinc-600 dark:text-zinc-400">{t('videos.review.fighter.choose')}</span>
      <select
        value={video.fighterId === null ? '' : String(video.fighterId)}
        disabled={save.isPending || athletes.isPending}
        onChange={(event) => {
          const fighterId = event.target.value === '' ? null : Number(event.target.value);
          // The outcome is a toast, whichever way it went.
          save.mutate(fighterId, {
            onSuccess: () => showToast({ tone: 'success', title: t('videos.review.fighter.saved') }),
            onError: (error) =>
              showToast({
                tone: 'error',
                title: t('videos.review.fighter.saveError', { message: errorText(error).body }),
              }),
          });
        }}
        className="h-9 max-w-56 rounded-md border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">{t('videos.review.fighter.nobody')}</option>
        {named && !options.some((option) => option.fighterId === named.id) && (
          <option value={String(named.id)}>{named.fighterName}</option>
        )}
        {options.map((option) => (
          <option key={option.fighterId} value={String(option.fighterId)}>
            {option.fighterName}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * /video-review/{videoId} (spec section 2): 'Review and edit this tape'. The player with its timeline
 * (click to seek, drag to select, markers, the position ribbon), speeds and frame steps, the keyboard,
 * the fighter's details, and the three tabs where the coach corrects the analysis and saves it.
 */
export function ReviewPage({
  videoId,
  startAt,
  viewerRole = null,
  header,
}: {
  videoId: number;
  startAt?: number;
  /** The signed-in viewer's role (0 student, 1 instructor), null without a profile. */
  viewerRole?: number | null;
  /** The page's heading, for an editor ('edit') or a reader ('read') of the analysis. */
  header?: (mode: 'edit' | 'read') => ReactNode;
}) {
  const { t } = useTranslation();
  const video = useVideo(videoId);
  const analysis = useAnalysisResult(videoId);
  const save = useSaveAnalysis(videoId);
  const player = usePlayer(startAt);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [looping, setLooping] = useState(false);
  const [tab, setTab] = useState<Tab>('techniques');
  const tabsId = useId();
  const instructor = viewerRole !== null && isInstructorRole(viewerRole);
  // As the server has it: the uploader and instructors it was shared with edit; a student it was shared with reads.
  const editable = video.data ? video.data.uploadedByYou || instructor : false;

  useEffect(() => {
    if (video.isError) console.error('Error fetching video details', video.error);
  }, [video.isError, video.error]);
  useEffect(() => {
    if (analysis.isError) console.error('Error fetching video feedback', analysis.error);
  }, [analysis.isError, analysis.error]);

  /** Saves a correction; answers whether it was saved, so that an editor keeps what was typed until then. */
  async function onSave(patch: AnalysisPatch): Promise<boolean> {
    try {
      await save.mutateAsync(patch);
      void showAlert(t('videos.review.saved'), { tone: 'success' });
      return true;
    } catch (error) {
      void showAlert(t('videos.review.saveError', { message: errorText(error).body }), { tone: 'error' });
      return false;
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    // A control that answered the key itself (the colours' arrow keys, say) has used it.
    if (event.defaultPrevented) return;
    // Typing a name is typing, not playing the video.
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.target instanceof HTMLSelectElement || event.ctrlKey || event.metaKey || event.altKey) return;
    // A dialog (an alert, say) has the keys to itself.
    if (event.target instanceof Element && event.target.closest('[role="alertdialog"],[role="dialog"]')) return;
    // Space and Enter press the button (a tab, a band, a swatch) that has the focus, as everywhere else.
    if ((event.key === ' ' || event.key === 'Enter') && event.target instanceof Element && pressable(event.target))
      return;
    const action = keyAction(event.key);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'toggle-play') player.toggle();
    else if (action.kind === 'step') player.seek(player.time + action.seconds);
    else if (action.kind === 'forward') {
      if (player.isPlaying()) player.setSpeed(nextSpeed(player.speed, 'faster'));
      else player.play();
    } else if (action.kind === 'pause') player.pause();
    else if (action.kind === 'slower') player.setSpeed(nextSpeed(player.speed, 'slower'));
    else if (action.kind === 'loop') setLooping((on) => !on);
    else if (action.kind === 'marker') setSelection({ start: player.time, end: player.time + 1 });
    else if (action.kind === 'selection-start') {
      setSelection({ start: player.time, end: Math.max(player.time, selection?.end ?? player.time) });
    } else setSelection({ start: Math.min(player.time, selection?.start ?? player.time), end: player.time });
  }

  // The keys work as soon as the page opens, wherever the focus is (but in a field or a dialog).
  const keys = useRef(onKeyDown);
  useEffect(() => {
    keys.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  // A looped selection plays again from its start once it reaches its end.
  const loopTo = loopBack(player.time, selection, looping);
  useEffect(() => {
    if (loopTo !== null) player.seek(loopTo);
  }, [loopTo, player]);

  if (video.isPending || analysis.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-zinc-600 dark:text-zinc-400">
        <Spinner label={t('videos.review.loading')} />
        <span aria-hidden>{t('videos.review.loading')}</span>
      </p>
    );
  }
  // A page that cannot load shows the page's error: what failed, a way to try again and a way back.
  if (video.isError || analysis.isError) {
    // As the spec words it, the status text ("Not Found"), not its number; then what the server said.
    const failed = errorText(video.isError ? video.error : analysis.error);
    const message = t(video.isError ? 'videos.review.videoError' : 'videos.review.feedbackError', {
      status: failed.statusText,
    });
    return (
      <PageError
        failure={{ message, details: failed.details.filter((detail) => detail !== failed.statusText) }}
        backTo={{ to: '/video-analysis', label: t('videos.review.back') }}
        onRetry={() => {
          if (video.isError) void video.refetch();
          if (analysis.isError) void analysis.refetch();
        }}
      />
    );
  }

  const result = analysis.data?.result ?? null;
  const duration = player.duration || video.data.durationSeconds || 0;
  return (
    <div className="space-y-6">
      {header?.(editable ? 'edit' : 'read')}
      <section
        aria-label={t('videos.review.player')}
        // The page's shortcuts work once the player has the focus (a click on it gives it).
        tabIndex={0}
        className="space-y-3 rounded-xl border border-zinc-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4 dark:border-zinc-800 dark:bg-zinc-900"
        data-testid="review-player"
      >
        <DrawableFrame
          videoRef={player.ref}
          drawings={result?.drawings ?? []}
          currentTime={player.time}
          playing={player.playing}
          editable={editable && Boolean(result)}
          busy={save.isPending}
          onSave={(drawings) => onSave({ drawings })}
        >
          <video
            ref={player.ref}
            src={video.data.signedUrl}
            poster={video.data.posterUrl ?? undefined}
            playsInline
            preload="metadata"
            // On a laptop (1280x800) the player leaves room for its transport and timeline below it (and
            // for an editor's drawing tools).
            className={cn(
              'block aspect-video min-h-48 w-full rounded-md bg-black object-contain',
              editable ? 'max-h-[calc(100dvh-27rem)]' : 'max-h-[calc(100dvh-24rem)]',
            )}
            onClick={player.toggle}
            {...player.events}
          />
        </DrawableFrame>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            onClick={player.toggle}
            aria-label={player.playing ? t('videos.review.pause') : t('videos.review.play')}
          >
            {player.playing ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => player.seek(player.time - FRAME_STEP_SECONDS)}
            aria-label={t('videos.review.frameBack')}
          >
            <StepBack className="h-4 w-4" aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => player.seek(player.time + FRAME_STEP_SECONDS)}
            aria-label={t('videos.review.frameForward')}
          >
            <StepForward className="h-4 w-4" aria-hidden />
          </Button>
          <span className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300" data-testid="review-time">
            {formatClock(player.time)} / {formatClock(duration)}
          </span>
          <Button
            size="sm"
            variant={looping ? 'primary' : 'secondary'}
            aria-pressed={looping}
            disabled={!selection}
            onClick={() => {
              setLooping(!looping);
              if (!looping && selection) player.seek(selection.start);
            }}
          >
            <Repeat className="h-4 w-4" aria-hidden />
            {t('videos.review.loop')}
          </Button>
          <div role="group" aria-label={t('videos.review.speed')} className="flex flex-wrap gap-1 sm:ml-auto">
            {SPEEDS.map((speed) => (
              <Button
                key={speed}
                size="sm"
                className="px-2"
                variant={player.speed === speed ? 'primary' : 'secondary'}
                aria-pressed={player.speed === speed}
                onClick={() => player.setSpeed(speed)}
              >
                {speed}×
              </Button>
            ))}
          </div>
        </div>
        <ReviewTimeline
          duration={duration}
          currentTime={player.time}
          techniques={result?.techniques ?? []}
          timeline={result?.positionTimeline ?? []}
          selection={selection}
          comments={result?.comments ?? []}
          drawings={result?.drawings ?? []}
          busy={save.isPending}
          onTimelineChange={editable ? (positionTimeline) => void onSave({ positionTimeline }) : undefined}
          onSeek={player.seek}
          onSelect={setSelection}
        />
        {instructor && result && <AdaptationAgreement />}
        <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
          {selection ? (
            <>
              <span data-testid="review-selection-text">
                {t('videos.review.selection', selectionTimestamps(selection))}
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setSelection(null);
                  setLooping(false);
                }}
              >
                {t('videos.review.clearSelection')}
              </Button>
            </>
          ) : (
            // Techniques are added to an analysis; without one, a selection is only for looping.
            <span>{t(editable && result ? 'videos.review.selectionHint' : 'videos.review.selectionHintRead')}</span>
          )}
        </div>
        {/* A phone has no keyboard to speak of. */}
        <p className="hidden text-xs text-zinc-500 sm:block dark:text-zinc-400">{t('videos.review.keys')}</p>
      </section>

      {result && (
        <ReviewComments
          comments={result.comments ?? []}
          currentTime={player.time}
          busy={save.isPending}
          readOnly={!editable}
          onJump={player.seek}
          onSave={(comments) => onSave({ comments })}
        />
      )}

      {result && (
        <DrawingList
          drawings={result.drawings ?? []}
          busy={save.isPending}
          readOnly={!editable}
          onJump={(time) => {
            player.pause();
            player.seek(time);
          }}
          onSave={(drawings) => onSave({ drawings })}
        />
      )}

      {result && editable && <RerunAnalysis videoId={videoId} analysis={video.data.analysis} />}

      <AthleteDetails video={video.data} canName={video.data.uploadedByYou && instructor} />

      {!result ? (
        // Not a failure: the analysis has not been made yet.
        <p
          role="note"
          className="flex gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
        >
          <Info className="h-5 w-5 shrink-0" aria-hidden />
          <span>{t('videos.review.noAnalysis')}</span>
        </p>
      ) : (
        <section className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <div
            role="tablist"
            aria-label={t('videos.review.tabs')}
            className="flex overflow-x-auto border-b border-zinc-200 dark:border-zinc-800"
          >
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`${tabsId}-${name}`}
                aria-selected={tab === name}
                aria-controls={`${tabsId}-${name}-panel`}
                tabIndex={tab === name ? 0 : -1}
                onClick={() => setTab(name)}
                onKeyDown={(event) => {
                  const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                  if (step === 0) return;
                  event.stopPropagation();
                  const next = TABS[(TABS.indexOf(name) + step + TABS.length) % TABS.length] ?? 'techniques';
                  setTab(next);
                  document.getElementById(`${tabsId}-${next}`)?.focus();
                }}
                className={cn(
                  // On a phone the three tabs share the width (their names wrap), so none is out of sight.
                  'min-w-0 flex-1 border-b-2 px-2 py-3 text-sm leading-tight font-medium sm:flex-none sm:shrink-0 sm:px-4 sm:whitespace-nowrap',
                  tab === name
                    ? 'border-brand-600 text-brand-700 dark:text-brand-400'
                    : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
                )}
              >
                {t(`videos.review.tab.${name}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`} className="p-4">
            {save.isPending && (
              <p className="mb-3 flex items-center gap-2 text-sm" role="status">
                <Spinner label={t('videos.review.saving')} />
                {t('videos.review.saving')}
              </p>
            )}
            {tab === 'techniques' && (
              <TechniquesTab
                result={result}
                selection={selection}
                busy={save.isPending}
                readOnly={!editable}
                onJump={player.seek}
                onSave={(techniques) => onSave({ techniques })}
              />
            )}
            {tab === 'drills' && (
              <DrillsTab
                result={result}
                drills={visibleDrills(result.drills)}
                busy={save.isPending}
                readOnly={!editable}
                onSave={(drills) => onSave({ drills })}
              />
            )}
            {tab === 'overall' && (
              <OverallTab
                result={result}
                busy={save.isPending}
                readOnly={!editable}
                onSave={(texts) => onSave(texts)}
              />
            )}
          </div>
          <Feedback videoId={videoId} />
        </section>
      )}
    </div>
  );
}

/** Whole percent, as the sentence shows it. */
const percent = (share: number) => Math.round(share * 100);

/**
 * For instructors, under the ribbon: how much the analysis agrees with the academy's corrections since it
 * learned from them, each video held out in turn, and how much it did before (ADR 0028). A clear
 * sentence before there are any corrections; nothing while loading or when the figures cannot be had.
 */
function AdaptationAgreement() {
  const { t } = useTranslation();
  const figures = usePositionAdaptation({ enabled: true });
  if (!figures.data) return null;
  const adaptation = figures.data.adaptation;
  const text =
    adaptation && adaptation.agreementAfter !== null && adaptation.agreementBefore !== null
      ? t('videos.review.adaptation.agreement', {
          after: percent(adaptation.agreementAfter),
          before: percent(adaptation.agreementBefore),
        })
      : t('videos.review.adaptation.none');
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="adaptation-agreement">
      {text}
    </p>
  );
}

/** 'Was this analysis helpful?': kept by the server with how corrected the analysis was by then. */
function Feedback({ videoId }: { videoId: number }) {
  const { t } = useTranslation();
  return (
    <HelpfulFeedback
      id={`analysis-${videoId}-feedback`}
      question={t('videos.review.wasHelpful')}
      helpfulLabel={t('videos.review.helpful')}
      notHelpfulLabel={t('videos.review.notHelpful')}
      recordedText={(helpful) =>
        t('videos.review.feedbackRecorded', {
          answer: helpful ? t('videos.review.helpful') : t('videos.review.notHelpful'),
        })
      }
      failedText={(reason) => t('videos.review.feedbackFailed', { reason })}
      mutation={useAnalysisFeedback(videoId)}
      className="border-t border-zinc-200 p-4 dark:border-zinc-800"
    />
  );
}

/** An element that Space or Enter presses: a button, a link, or something that says it is one. */
function pressable(element: Element): boolean {
  return (
    element.closest(
      'button,a[href],summary,[role="button"],[role="tab"],[role="menuitem"],[role="checkbox"],[role="radio"],[role="switch"],[role="option"]',
    ) !== null
  );
}
