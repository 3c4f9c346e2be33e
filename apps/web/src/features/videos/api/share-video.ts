import { ShareVideoResponse, type ShareVideoRequest } from '@openmat/contract/videos';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /vid/api/video/{videoId}/share`: chosen fighters, or every student of one session, get the video. */
export function shareVideo(videoId: number, request: ShareVideoRequest): Promise<ShareVideoResponse> {
  return apiRequest(`/vid/api/video/${videoId}/share`, { method: 'POST', json: request, schema: ShareVideoResponse });
}

export function useShareVideo(videoId: number) {
  return useMutation({ mutationFn: (request: ShareVideoRequest) => shareVideo(videoId, request) });
}
