import { TrainingSession } from '@openmat/contract/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const sessionKeys = {
  all: ['training-sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
  detail: (id: number) => [...sessionKeys.all, 'detail', id] as const,
};

/** `GET /api/trainingsession`: every session, newest first. */
export function getSessions(): Promise<TrainingSession[]> {
  return apiRequest('/api/trainingsession', { schema: z.array(TrainingSession) });
}

export const sessionsQuery = () => queryOptions({ queryKey: sessionKeys.list(), queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQuery());
}
