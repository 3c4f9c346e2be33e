import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAnalyzeVideo } from '../../api/analyze-video';
import { runningPercent } from '../video-format';

/**
 * An editor runs the analysis again from the review (ADR 0026): the new result comes with the coach's
 * corrections, comments and drawings laid over it, and arrives as the completion banner.
 */
export function RerunAnalysis({
  videoId,
  analysis,
}: {
  videoId: number;
  /** The video's analysis state: while a run waits or runs, the button says so and waits. */
  analysis: { status: string; progress: number };
}) {
  const { t } = useTranslation();
  const analyze = useAnalyzeVideo();
  const running = analysis.status === 'queued' || analysis.status === 'running';
  const label = analyze.isPending
    ? t('videos.analyze.analyzing')
    : analysis.status === 'queued'
      ? t('videos.analyze.status.queued')
      : analysis.status === 'running'
        ? t('videos.analyze.status.running', { percent: runningPercent(analysis.progress) })
        : t('videos.analyze.again');
  return (
    <section className="flex flex-wrap items-center gap-3 rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <p className="min-w-0 flex-1 text-zinc-600 dark:text-zinc-400">{t('videos.review.rerun.note')}</p>
      <Button
        size="sm"
        variant="secondary"
        disabled={analyze.isPending || running}
        onClick={() => analyze.mutate(videoId)}
      >
        <Sparkles className="h-4 w-4" aria-hidden />
        {label}
      </Button>
    </section>
  );
}
