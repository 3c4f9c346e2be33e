import { Curriculum } from '@openmat/contract/coaching';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZodError } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';
import { coachKeys } from './coach-keys';

/** `GET /vid/api/video/{sessionId}/curriculum`: the saved lesson plan, or null when there is none (204). */
export function getCurriculum(sessionId: number): Promise<Curriculum | null> {
  return apiRequest(`/vid/api/video/${sessionId}/curriculum`, { schema: Curriculum.nullable() });
}

/** A network failure or a 5xx is tried once more; a refusal (4xx) or a plan off the contract is not. */
const retryOnce = (failureCount: number, error: Error) =>
  failureCount < 1 && (!(error instanceof ApiError) || error.status >= 500) && !(error instanceof ZodError);

export const curriculumQuery = (sessionId: number) =>
  queryOptions({
    queryKey: coachKeys.curriculum(sessionId),
    queryFn: () => getCurriculum(sessionId),
    retry: retryOnce,
  });

/**
 * The session's lesson plan. With `enabled` false nothing is fetched, but a plan already in the cache
 * (one just generated, say) is still returned.
 */
export function useCurriculum(sessionId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...curriculumQuery(sessionId), enabled });
}
