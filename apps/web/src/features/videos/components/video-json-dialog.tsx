import type { UploadedVideo } from '@openmat/contract/videos';
import { Braces } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { errorText } from '@/lib/failure';
import { useVideo } from '../api/get-video';
import { VideoDialogFrame, type VideoDialogProps } from './video-dialog';

/** The video as JSON, two spaces deep; its analysis (JSON text) is shown as the JSON it holds. */
export function videoJson(video: UploadedVideo): string {
  let analysis: unknown = video.aiAnalysisResult;
  if (video.aiAnalysisResult !== null) {
    try {
      analysis = JSON.parse(video.aiAnalysisResult);
    } catch {
      // Not JSON after all: shown as the text it is.
    }
  }
  return JSON.stringify({ ...video, aiAnalysisResult: analysis }, null, 2);
}

/**
 * 'View JSON' (spec section 2, Video analysis): a dialog with the video's record, pretty-printed. It
 * shows the row of the list at once and the server's latest copy as soon as it comes.
 */
export function VideoJsonDialog({ video, size, className }: VideoDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const details = useVideo(video.id, { enabled: open, placeholder: video });
  const shown = details.data ?? video;
  return (
    <VideoDialogFrame
      open={open}
      onOpenChange={setOpen}
      widthClass="max-w-3xl"
      title={t('videos.json.title')}
      description={t('videos.json.description', { description: video.description || video.studentIdentifier })}
      icon={Braces}
      action={t('videos.actions.viewJson')}
      size={size}
      className={className}
    >
      {details.isError && (
        <Alert tone="warning" compact className="mb-3">
          {t('videos.json.error', { status: errorText(details.error).statusText })}
        </Alert>
      )}
      <pre
        tabIndex={0}
        aria-label={t('videos.json.title')}
        className="overflow-x-auto rounded-lg bg-zinc-950 p-4 font-mono text-xs leading-relaxed text-zinc-100 dark:bg-black"
      >
        {videoJson(shown)}
      </pre>
    </VideoDialogFrame>
  );
}
