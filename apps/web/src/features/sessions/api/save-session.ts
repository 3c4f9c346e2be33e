import { TrainingSession, TrainingSessionDetails, type TrainingSessionInput } from '@openmat/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** `POST /api/trainingsession`: 201 with the created session. */
export function createSession(input: TrainingSessionInput): Promise<TrainingSession> {
  return apiRequest('/api/trainingsession', { method: 'POST', json: input, schema: TrainingSession });
}

/** `PUT /api/trainingsession/{id}`: 200 with the details. */
export function updateSession(id: number, input: TrainingSessionInput): Promise<TrainingSessionDetails> {
  return apiRequest(`/api/trainingsession/${id}`, { method: 'PUT', json: input, schema: TrainingSessionDetails });
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

export function useUpdateSession(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrainingSessionInput) => updateSession(id, input),
    onSuccess: (details) => {
      queryClient.setQueryData(sessionKeys.detail(id), details);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.list() });
    },
  });
}
