import type { SharedVideo } from '@openmat/contract/videos';
import { BellOff, Clapperboard, ClipboardList, UserRound } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailure } from '@/components/errors/load-failure';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/failure';
import { useSharedVideos } from '../api/get-shared-videos';
import { useMuteSharer } from '../api/mute-sharer';
import { MutedSharers, useUnmute } from './muted-sharers';
import { formatDateTime } from './video-format';
import { VideoPoster } from './video-poster';

/** One shared video: its player (which loads only the video's first bytes until played), title, sharer and description. */
function SharedVideoCard({ video, onMute, muting }: { video: SharedVideo; onMute: () => void; muting: boolean }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const description = video.description.trim();
  const name = video.sharedBy.username;
  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      {video.processing === 'pending' ? (
        // An AVI plays once its browser copy is made; until then the poster says it is on its way.
        <VideoPoster video={video} className="w-full rounded-none" />
      ) : (
        <video
          controls
          preload="metadata"
          playsInline
          poster={video.posterUrl ?? undefined}
          src={video.embedLink}
          aria-labelledby={titleId}
          className="aspect-video w-full bg-black"
        >
          {t('videos.shared.noPlayer')}
        </video>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {video.title.trim() || t('videos.shared.untitled')}
        </h2>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          <span className="inline-flex items-center gap-1.5">
            <UserRound className="h-4 w-4" aria-hidden />
            {t('videos.shared.sharedBy', { name: video.sharedBy.username })}
          </span>
          <time dateTime={video.sharedAt} className="tabular-nums">
            {formatDateTime(video.sharedAt, i18n.language)}
          </time>
        </p>
        {description !== '' && (
          <p className="text-sm break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">{description}</p>
        )}
        <div className="mt-auto flex flex-wrap justify-end gap-2 pt-2">
          <Button asChild size="sm">
            <Link
              to={`/video-review/${video.id}`}
              aria-label={t('videos.shared.openReviewLabel', {
                title: video.title.trim() || t('videos.shared.untitled'),
              })}
            >
              <ClipboardList className="h-4 w-4" aria-hidden />
              {t('videos.shared.openReview')}
            </Link>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={muting}
            onClick={onMute}
            aria-label={t('videos.shared.muteLabel', { name })}
          >
            <BellOff className="h-4 w-4" aria-hidden />
            {t('videos.shared.mute')}
          </Button>
        </div>
      </div>
    </article>
  );
}

/**
 * /videos (spec section 2): the videos shared with the user, each with a player, or 'No Video yet
 * shared!'; under them, the people the user muted. Muting says so in a toast that can undo it.
 */
export function SharedVideos() {
  const { t } = useTranslation();
  const { data, isPending, isError, error, refetch } = useSharedVideos();
  const mute = useMuteSharer();
  const { unmute } = useUnmute();
  const [focusMuted, setFocusMuted] = useState(false);
  const focusedMuted = useCallback(() => setFocusMuted(false), []);

  useEffect(() => {
    if (isError) console.error('Error fetching shared videos', error);
  }, [isError, error]);

  function muteSharer(sharer: SharedVideo['sharedBy']) {
    mute.mutate(sharer.userId, {
      onSuccess: () => {
        setFocusMuted(true);
        showToast({
          tone: 'success',
          title: t('videos.shared.muted', { name: sharer.username }),
          action: { label: t('videos.shared.undo'), onAction: () => unmute(sharer) },
        });
      },
      onError: (failure) =>
        showToast({ tone: 'error', title: t('videos.shared.muteFailed'), description: errorText(failure).body }),
    });
  }

  if (isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-zinc-600 dark:text-zinc-400">
        <Spinner label={t('videos.shared.loading')} />
        <span aria-hidden>{t('videos.shared.loading')}</span>
      </p>
    );
  }
  if (isError) return <LoadFailure title={t('videos.shared.error')} onRetry={() => void refetch()} />;
  return (
    <>
      {data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center dark:border-zinc-700">
          <Clapperboard className="h-10 w-10 text-zinc-400" aria-hidden />
          <p className="text-lg font-semibold">{t('videos.shared.empty')}</p>
          <p className="max-w-md text-sm text-pretty text-zinc-600 dark:text-zinc-400">
            {t('videos.shared.emptyHint')}
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
          {data.map((video) => (
            <li key={video.id} className="flex">
              <SharedVideoCard video={video} muting={mute.isPending} onMute={() => muteSharer(video.sharedBy)} />
            </li>
          ))}
        </ul>
      )}
      <MutedSharers focusWhenShown={focusMuted} onFocused={focusedMuted} />
    </>
  );
}
