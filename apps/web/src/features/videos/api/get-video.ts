import { UploadedVideo } from '@openmat/contract/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

/** `GET /vid/api/video/{videoId}`: one video, for its uploader or anyone it was shared with. */
export function getVideo(videoId: number): Promise<UploadedVideo> {
  return apiRequest(`/vid/api/video/${videoId}`, { schema: UploadedVideo });
}

export const videoQuery = (videoId: number) =>
  queryOptions({ queryKey: videoKeys.detail(videoId), queryFn: () => getVideo(videoId) });

/**
 * One video. With `enabled` false nothing is fetched; `placeholder` (the row of a list, say) stands in
 * until the answer comes.
 */
export function useVideo(
  videoId: number,
  { enabled = true, placeholder }: { enabled?: boolean; placeholder?: UploadedVideo } = {},
) {
  return useQuery({ ...videoQuery(videoId), enabled, placeholderData: placeholder });
}
