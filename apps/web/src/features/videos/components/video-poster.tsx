import type { UploadedVideo } from '@openmat/contract/videos';
import { Film, ImageOff, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatClock } from './video-format';

/**
 * A video's poster as a 16:9 thumbnail, with its length in the corner. Until the poster exists it is a
 * placeholder: 'Processing…' while it is being made, or a plain frame if that failed.
 */
export function VideoPoster({
  video,
  className,
}: {
  video: Pick<UploadedVideo, 'posterUrl' | 'processing' | 'durationSeconds'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const { posterUrl, processing, durationSeconds } = video;
  return (
    <div
      className={cn(
        'relative aspect-video shrink-0 overflow-hidden rounded-md bg-zinc-200 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400',
        className,
      )}
    >
      {posterUrl ? (
        <img src={posterUrl} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
      ) : (
        <div className="flex h-full w-full flex-col items-center justify-center gap-1 p-1 text-center text-xs">
          {processing === 'pending' ? (
            <>
              <LoaderCircle className="h-5 w-5 animate-spin motion-reduce:animate-none" aria-hidden />
              <span>{t('videos.poster.processing')}</span>
            </>
          ) : processing === 'failed' ? (
            <>
              <ImageOff className="h-5 w-5" aria-hidden />
              <span>{t('videos.poster.failed')}</span>
            </>
          ) : (
            <>
              <Film className="h-5 w-5" aria-hidden />
              <span className="sr-only">{t('videos.poster.none')}</span>
            </>
          )}
        </div>
      )}
      {/* The length sits on the poster; on a placeholder it would cover its words. */}
      {posterUrl && durationSeconds !== null && durationSeconds > 0 && (
        <span className="absolute right-1 bottom-1 rounded bg-black/75 px-1 py-px text-[0.6875rem] font-medium text-white tabular-nums">
          {formatClock(durationSeconds)}
        </span>
      )}
    </div>
  );
}
