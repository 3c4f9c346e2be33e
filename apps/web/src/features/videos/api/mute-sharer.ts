import { MutedSharer } from '@openmat/contract/videos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** `DELETE /vid/api/video/mutes/{userId}`: 204. The sharer's videos are listed again. */
export function unmuteSharer(userId: number): Promise<null> {
  return apiRequest(`/vid/api/video/mutes/${userId}`, { method: 'DELETE', schema: z.null() });
}

/** `GET /vid/api/video/mutes`: the sharers the caller muted, the latest first. */
export function getMutedSharers(): Promise<MutedSharer[]> {
  return apiRequest('/vid/api/video/mutes', { schema: z.array(MutedSharer) });
}

/** The sharers the caller muted. */
export function useMutedSharers() {
  return useQuery({ queryKey: videoKeys.muted(), queryFn: getMutedSharers });
}

/** Muting or unmuting changes both lists: the shared videos and the muted sharers. */
function useRefreshBoth() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: videoKeys.shared() }),
      queryClient.invalidateQueries({ queryKey: videoKeys.muted() }),
    ]);
}

/** Mutes a sharer, then fetches the shared list again (their videos leave it). */
export function useMuteSharer() {
  const refresh = useRefreshBoth();
  return useMutation({ mutationFn: muteSharer, onSuccess: refresh });
}

/** Unmutes a sharer, then fetches the shared list again (their videos come back). */
export function useUnmuteSharer() {
  const refresh = useRefreshBoth();
  return useMutation({ mutationFn: unmuteSharer, onSuccess: refresh });
}
