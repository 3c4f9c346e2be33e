import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** `PATCH /api/trainingsession/{id}/close`: the session becomes Completed. */
export function closeSession(id: number): Promise<null> {
  return apiRequest(`/api/trainingsession/${id}/close`, { method: 'PATCH', schema: z.null() });
}

export function useCloseSession(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeSession(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
