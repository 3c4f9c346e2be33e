import { SharedVideo } from '@openmat/contract/videos';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { onRealtime } from '@/lib/realtime';
import { PROCESSING_POLL_MS } from './get-uploaded-videos';
import { videoKeys } from './video-keys';

/** `GET /vid/api/video/getall`: the videos shared with the caller. */
export function getSharedVideos(): Promise<SharedVideo[]> {
  return apiRequest('/vid/api/video/getall', { schema: z.array(SharedVideo) });
}

export const sharedVideosQuery = () =>
  queryOptions({
    queryKey: videoKeys.shared(),
    queryFn: getSharedVideos,
    // A video shared while it is still being made playable (an AVI) gets its player within seconds.
    refetchInterval: (query) =>
      query.state.data?.some((video) => video.processing === 'pending') ? PROCESSING_POLL_MS : false,
  });

/** The shared videos, fetched again when the share hub says one more arrived. */
export function useSharedVideos() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtime(
        'ReceiveVideoSharedNotification',
        () => void queryClient.invalidateQueries({ queryKey: videoKeys.shared() }),
      ),
    [queryClient],
  );
  return useQuery(sharedVideosQuery());
}
