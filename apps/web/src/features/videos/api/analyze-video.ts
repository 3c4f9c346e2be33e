import { AnalyzeAccepted } from '@openmat/contract/analysis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/ui/toast-store';
import { apiRequest, UnexpectedStatus } from '@/lib/api-client';
import { errorText } from '@/lib/failure';
import { videoKeys } from './video-keys';

/** `POST /vid/api/video/analyze/{videoId}`: 202 when the analysis is queued. */
export function analyzeVideo(videoId: number): Promise<AnalyzeAccepted> {
  return apiRequest(`/vid/api/video/analyze/${videoId}`, {
    method: 'POST',
    schema: AnalyzeAccepted,
    expectStatus: 202,
  });
}

/**
 * Starts the analysis of a video (spec section 4, Video upload): 202 shows 'Analysis Started', another
 * success 'Unexpected Response', and a failure 'Analysis Failed', with the server's reason when it gave
 * one (asked again too soon after the last run, say), else the spec's generic text. The list then
 * shows its progress.
 */
export function useAnalyzeVideo() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeVideo,
    onSuccess: (answer) => {
      showToast({ tone: 'success', title: t('videos.analyze.started'), description: answer.message });
    },
    onError: (error) => {
      if (error instanceof UnexpectedStatus) {
        showToast({ tone: 'warning', title: t('videos.analyze.unexpected') });
      } else {
        showToast({
          tone: 'error',
          title: t('videos.analyze.failed'),
          description: errorText(error).serverMessage || t('videos.analyze.failedText'),
        });
      }
    },
    // The list and the video itself read their state again (an open review shows the run as under way).
    onSettled: (_answer, _error, videoId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.uploaded() }),
        queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true }),
      ]),
  });
}
