import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** `PATCH /api/trainingsession/{id}/reopen`: a closed session becomes Active again. */
export function reopenSession(id: number): Promise<null> {
  return apiRequest(`/api/trainingsession/${id}/reopen`, { method: 'PATCH', schema: z.null() });
}

export function useReopenSession(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reopenSession(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
