import { UploadedVideo } from '@openmat/contract/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

/** While a video's poster and playable copy are still being made, the list looks again this often. */
export const PROCESSING_POLL_MS = 5000;

/** `GET /vid/api/video/getall-uploaded`: the caller's own uploads, newest first. */
export function getUploadedVideos(): Promise<UploadedVideo[]> {
  return apiRequest('/vid/api/video/getall-uploaded', { schema: z.array(UploadedVideo) });
}

export const uploadedVideosQuery = () =>
  queryOptions({
    queryKey: videoKeys.uploaded(),
    queryFn: getUploadedVideos,
    // A video still being prepared gets its poster within seconds: look again until none is pending.
    refetchInterval: (query) =>
      query.state.data?.some((video) => video.processing === 'pending') ? PROCESSING_POLL_MS : false,
  });

export function useUploadedVideos() {
  return useQuery(uploadedVideosQuery());
}
