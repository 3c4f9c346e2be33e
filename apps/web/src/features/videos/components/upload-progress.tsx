import { FileVideo, Pause, Play, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/cn';
import type { UploadState } from '../stores/upload-store';
import { formatBytes, formatSpeed, formatTimeLeft, percentOf } from './video-format';

export interface UploadProgressProps {
  upload: Pick<UploadState, 'phase' | 'interrupted' | 'fileName' | 'bytesSent' | 'bytesTotal' | 'bytesPerSecond'>;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

/**
 * A running upload: the file, a progress bar from 0 to 100 %, what has gone up of how much, the speed
 * and the time left, with Pause or Resume and Cancel.
 */
export function UploadProgress({ upload, onPause, onResume, onCancel }: UploadProgressProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const { phase, interrupted, fileName, bytesSent, bytesTotal, bytesPerSecond } = upload;
  const percent = percentOf(bytesSent, bytesTotal);
  const paused = phase === 'paused';
  // Every byte is up: the server checks the video before it answers.
  const checking = !paused && bytesTotal > 0 && bytesSent >= bytesTotal;
  const secondsLeft = bytesPerSecond && bytesPerSecond > 0 ? (bytesTotal - bytesSent) / bytesPerSecond : null;
  const status = paused
    ? t(interrupted ? 'videos.upload.progress.interrupted' : 'videos.upload.progress.paused')
    : checking
      ? t('videos.upload.progress.checking')
      : t('videos.upload.progress.uploading');

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <div className="flex items-start gap-3">
        <FileVideo className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-sm font-semibold" title={fileName}>
            {fileName}
          </h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
            {status}
          </p>
        </div>
        <p className="text-2xl font-bold text-zinc-900 tabular-nums dark:text-zinc-100">
          {t('videos.upload.progress.percent', { percent })}
        </p>
      </div>

      <div
        role="progressbar"
        aria-label={t('videos.upload.progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('videos.upload.progress.percent', { percent })}
        className="mt-3 h-3 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none',
            paused ? 'bg-amber-500' : 'bg-brand-600',
            checking && 'animate-pulse',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>

      <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
        <div className="flex gap-1">
          <dt className="sr-only">{t('videos.upload.progress.sentLabel')}</dt>
          <dd>
            {t('videos.upload.progress.sent', {
              sent: formatBytes(bytesSent, language),
              total: formatBytes(bytesTotal, language),
            })}
          </dd>
        </div>
        {!paused && !checking && (
          <>
            <div className="flex gap-1">
              <dt>{t('videos.upload.progress.speedLabel')}</dt>
              <dd>{bytesPerSecond === null ? '–' : formatSpeed(bytesPerSecond, language)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('videos.upload.progress.timeLeftLabel')}</dt>
              <dd>{secondsLeft === null ? '–' : formatTimeLeft(secondsLeft, language)}</dd>
            </div>
          </>
        )}
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {paused ? (
          <Button size="sm" onClick={onResume}>
            <Play className="h-4 w-4" aria-hidden />
            {t('videos.upload.progress.resume')}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={onPause} disabled={checking}>
            <Pause className="h-4 w-4" aria-hidden />
            {t('videos.upload.progress.pause')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setAsking(true)} disabled={checking}>
          <X className="h-4 w-4" aria-hidden />
          {t('videos.upload.progress.cancel')}
        </Button>
      </div>
      {/* Cancelling discards what the server has of the file: asked first. */}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('videos.upload.progress.cancelQuestion')}
        description={t('videos.upload.progress.cancelDetail')}
        confirmLabel={t('videos.upload.progress.cancelConfirm')}
        cancelLabel={t('videos.upload.progress.keepUploading')}
        destructive
        onConfirm={onCancel}
      />
    </section>
  );
}
