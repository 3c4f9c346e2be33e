import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

/**
 * `POST /vid/api/video/mutes/{userId}`: 204. The sharer's videos are no longer listed for the caller,
 * nor announced to them, until `DELETE` on the same address unmutes them.
 */
export function muteSharer(userId: number): Promise<null> {
  return apiRequest(`/vid/api/video/mutes/${userId}`, { method: 'POST', schema: z.null() });
}

/** Mutes a sharer, then fetches the shared list again (their videos leave it). */
export function useMuteSharer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: muteSharer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.shared() }),
  });
}
