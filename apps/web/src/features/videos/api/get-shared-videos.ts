import { SharedVideo } from '@openmat/contract/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

/** `GET /vid/api/video/getall`: the videos shared with the caller. */
export function getSharedVideos(): Promise<SharedVideo[]> {
  return apiRequest('/vid/api/video/getall', { schema: z.array(SharedVideo) });
}

export const sharedVideosQuery = () => queryOptions({ queryKey: videoKeys.shared(), queryFn: getSharedVideos });

export function useSharedVideos() {
  return useQuery(sharedVideosQuery());
}
