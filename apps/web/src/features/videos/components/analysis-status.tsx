import type { UploadedVideo } from '@openmat/contract/videos';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { runningPercent } from './video-format';

/** Where a video's analysis stands, in one short line (with its progress while it runs). */
export function AnalysisStatusLine({ analysis }: { analysis: UploadedVideo['analysis'] }) {
  const { t } = useTranslation();
  const percent = runningPercent(analysis.progress);
  const text = t(`videos.analyze.status.${analysis.status}`, { percent });
  const icon =
    analysis.status === 'completed' ? (
      <CircleCheck className="h-3.5 w-3.5 text-emerald-600 dark:text-emerald-400" aria-hidden />
    ) : analysis.status === 'failed' ? (
      <CircleAlert className="h-3.5 w-3.5 text-red-600 dark:text-red-400" aria-hidden />
    ) : analysis.status === 'none' ? null : (
      <LoaderCircle className="h-3.5 w-3.5 animate-spin motion-reduce:animate-none" aria-hidden />
    );
  return (
    <div className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
      <p className="flex items-center gap-1" title={analysis.message ?? undefined}>
        {icon}
        <span>
          <span className="sr-only">{t('videos.analyze.status.label')}: </span>
          {text}
        </span>
      </p>
      {analysis.status === 'running' && (
        <div
          role="progressbar"
          aria-label={t('videos.analyze.status.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1 h-1 w-full max-w-40 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
      {analysis.status === 'failed' && analysis.message && (
        <p className="mt-0.5 text-red-700 dark:text-red-400">{analysis.message}</p>
      )}
    </div>
  );
}
