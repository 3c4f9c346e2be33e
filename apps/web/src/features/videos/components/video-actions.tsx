import type { UploadedVideo } from '@openmat/contract/videos';
import { ChartNoAxesCombined, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showToast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/failure';
import { useAnalyzeVideo } from '../api/analyze-video';
import { useDeleteVideo } from '../api/delete-video';
import { ShareVideoDialog } from './share-video-dialog';
import { formatDateTime } from './video-format';
import { VideoJsonDialog } from './video-json-dialog';

export interface VideoActionsProps {
  video: UploadedVideo;
  /** `card`: bigger buttons in a grid across the card, for a phone. */
  layout?: 'row' | 'card';
}

/**
 * What one can do with one's video: View Analysis Results (whenever an analysis exists), Analyse or
 * Analyse again (until a run has completed), Share, View JSON and Delete (which asks first). In a
 * table row the buttons sit in two rows; on a card they share its width.
 */
export function VideoActions({ video, layout = 'row' }: VideoActionsProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteVideo();
  const analyze = useAnalyzeVideo();
  const card = layout === 'card';
  const size = card ? 'md' : 'sm';
  // The description names the video; without one, the student's identifier and when it came tell two
  // videos of the same student apart.
  const label =
    video.description.trim() ||
    t('videos.actions.unnamed', {
      identifier: video.studentIdentifier,
      when: formatDateTime(video.uploadTimestamp, i18n.language),
    });
  const status = video.analysis.status;
  // A result stays readable while a new run is queued or going, and after one failed.
  const hasResult = video.aiAnalysisResult !== null || status === 'completed';

  function onConfirmDelete() {
    remove.mutate(video.id, {
      onSuccess: (answer) =>
        showToast({ tone: 'success', title: t('videos.delete.done'), description: answer.message }),
      // Either way the outcome is a toast (the spec's text, 'Error deleting video: ' and the body).
      onError: (error) => {
        showToast({ tone: 'error', title: t('videos.delete.error', { body: errorText(error).body }) });
      },
    });
  }

  return (
    <div className={cn('grid gap-2', card ? 'grid-cols-2' : 'w-max grid-cols-[auto_auto]')}>
      {hasResult && (
        <Button asChild size={size} className={cn(card && 'col-span-2')}>
          <Link to={`/video-review/${video.id}`}>
            <ChartNoAxesCombined className="h-4 w-4" aria-hidden />
            {t('videos.actions.viewAnalysis')}
          </Link>
        </Button>
      )}
      {status !== 'completed' && (
        <Button
          variant={hasResult ? 'secondary' : 'primary'}
          size={size}
          className={cn(card && 'col-span-2')}
          disabled={analyze.isPending || status === 'queued' || status === 'running'}
          onClick={() => analyze.mutate(video.id)}
        >
          <Sparkles className="h-4 w-4" aria-hidden />
          {analyze.isPending
            ? t('videos.analyze.analyzing')
            : hasResult || status === 'failed'
              ? t('videos.analyze.again')
              : t('videos.analyze.analyze')}
        </Button>
      )}
      <ShareVideoDialog video={video} size={size} />
      <VideoJsonDialog video={video} size={size} />
      <Button
        variant="secondary"
        size={size}
        className={cn(
          'text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950/40 dark:hover:text-red-300',
          card && 'col-span-2',
        )}
        disabled={remove.isPending}
        aria-label={t('videos.actions.deleteLabel', { video: label })}
        onClick={() => setConfirming(true)}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
        {remove.isPending ? t('videos.actions.deleting') : t('videos.actions.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('videos.delete.confirm')}
        description={t('videos.delete.confirmDetail')}
        confirmLabel={t('videos.actions.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={onConfirmDelete}
        destructive
      />
    </div>
  );
}
