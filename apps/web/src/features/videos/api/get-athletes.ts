import { AthleteCandidates } from '@openmat/contract/videos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

/** `GET /vid/api/video/athletes`: the fighters of the caller's rosters, whom an instructor may name as a video's athlete. */
export function getAthletes(): Promise<AthleteCandidates> {
  return apiRequest('/vid/api/video/athletes', { schema: AthleteCandidates });
}

export const athletesQuery = () => queryOptions({ queryKey: videoKeys.athletes(), queryFn: getAthletes });

/** Whom the caller may name as the athlete; fetched only while `enabled`. */
export function useAthletes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...athletesQuery(), enabled });
}
