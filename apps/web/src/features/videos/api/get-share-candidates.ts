import { ShareCandidates } from '@openmat/contract/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

/** `GET /vid/api/video/share-candidates`: the fighters and the sessions the caller may share a video with. */
export function getShareCandidates(): Promise<ShareCandidates> {
  return apiRequest('/vid/api/video/share-candidates', { schema: ShareCandidates });
}

export const shareCandidatesQuery = () =>
  queryOptions({ queryKey: videoKeys.shareCandidates(), queryFn: getShareCandidates });

/** Whom the caller may share with; fetched only while `enabled` (the share dialog is open). */
export function useShareCandidates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...shareCandidatesQuery(), enabled });
}
