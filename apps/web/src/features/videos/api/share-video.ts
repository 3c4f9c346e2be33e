import { ShareVideoResponse, type ShareVideoRequest } from '@openmat/contract/videos';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/ui/toast-store';
import { apiRequest } from '@/lib/api-client';
import { errorText } from '@/lib/failure';

/** `POST /vid/api/video/{videoId}/share`: chosen fighters, or every student of one session, get the video. */
export function shareVideo(videoId: number, request: ShareVideoRequest): Promise<ShareVideoResponse> {
  return apiRequest(`/vid/api/video/${videoId}/share`, { method: 'POST', json: request, schema: ShareVideoResponse });
}

/**
 * Shares a video. Its outcome is a toast either way: with how many it was shared with, or why it was
 * not (the server's messages, else the body). The toast shows even when the dialog was closed meanwhile.
 */
export function useShareVideo(videoId: number) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (request: ShareVideoRequest) => shareVideo(videoId, request),
    onSuccess: ({ sharedWith }) =>
      showToast({
        tone: 'success',
        title: t('videos.share.done'),
        description:
          sharedWith === 1 ? t('videos.share.sharedWithOne') : t('videos.share.sharedWith', { count: sharedWith }),
      }),
    onError: (error) => {
      const { details, body } = errorText(error);
      showToast({
        tone: 'error',
        title: t('videos.share.failed'),
        description: details.length > 0 ? details.join(' ') : body,
      });
    },
  });
}
