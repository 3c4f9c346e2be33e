import { TrainingSessionDetails } from '@openmat/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/**
 * `DELETE /api/trainingsession/{id}/checkin`: the signed-in student cancels their own check-in before
 * the class starts, and the place goes back to the capacity. 409 once the class has started.
 */
export function cancelCheckIn(sessionId: number): Promise<TrainingSessionDetails> {
  return apiRequest(`/api/trainingsession/${sessionId}/checkin`, { method: 'DELETE', schema: TrainingSessionDetails });
}

export function useCancelCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => cancelCheckIn(sessionId),
    onSuccess: (details) => {
      queryClient.setQueryData(sessionKeys.detail(details.id), details);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.list() });
    },
  });
}
