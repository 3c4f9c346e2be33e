import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** `DELETE /api/trainingsession/{id}/attendance/remove/{studentId}`. */
export function removeStudent(sessionId: number, fighterId: number): Promise<null> {
  return apiRequest(`/api/trainingsession/${sessionId}/attendance/remove/${fighterId}`, {
    method: 'DELETE',
    schema: z.null(),
  });
}

export function useRemoveStudent(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fighterId: number) => removeStudent(sessionId, fighterId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
