import { TrainingSessionDetails } from '@openmat/contract/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** `GET /api/trainingsession/{id}`: the session with its instructor and roster. */
export function getSession(id: number): Promise<TrainingSessionDetails> {
  return apiRequest(`/api/trainingsession/${id}`, { schema: TrainingSessionDetails });
}

export const sessionQuery = (id: number) =>
  queryOptions({ queryKey: sessionKeys.detail(id), queryFn: () => getSession(id) });

export function useSession(id: number) {
  return useQuery(sessionQuery(id));
}
