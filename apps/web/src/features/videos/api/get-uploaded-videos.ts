import { UploadedVideo } from '@openmat/contract/videos';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { onRealtime } from '@/lib/realtime';
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
    // An analysis under way is told by the hub; the poll covers a page whose hub is not connected.
    refetchInterval: (query) =>
      query.state.data?.some(
        (video) =>
          video.processing === 'pending' || video.analysis.status === 'queued' || video.analysis.status === 'running',
      )
        ? PROCESSING_POLL_MS
        : false,
  });

/**
 * The caller's uploads. The analysis hub keeps them current: progress moves the bar at once, and a
 * finished or failed analysis fetches the list again.
 */
export function useUploadedVideos() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: videoKeys.uploaded() });
    const stops = [
      onRealtime('AnalysisProgress', (videoId, percent) =>
        queryClient.setQueryData<UploadedVideo[]>(videoKeys.uploaded(), (videos) =>
          videos?.map((video) =>
            video.id === videoId
              ? { ...video, analysis: { status: 'running', progress: percent / 100, message: null } }
              : video,
          ),
        ),
      ),
      onRealtime('AnalysisCompleted', refetch),
      onRealtime('AnalysisFailed', refetch),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  return useQuery(uploadedVideosQuery());
}
