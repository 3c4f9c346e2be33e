import { TrainingSessionDetails } from '@openmat/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** `POST /api/trainingsession/{id}/checkin` with the student's own fighter id. 409 when full or closed. */
export function checkIn(sessionId: number, fighterId: number): Promise<TrainingSessionDetails> {
  return apiRequest(`/api/trainingsession/${sessionId}/checkin`, {
    method: 'POST',
    json: { studentIds: [fighterId], sessionId },
    schema: TrainingSessionDetails,
  });
}

export function useCheckIn(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fighterId: number) => checkIn(sessionId, fighterId),
    onSuccess: (details) => {
      queryClient.setQueryData(sessionKeys.detail(sessionId), details);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.list() });
    },
  });
}
