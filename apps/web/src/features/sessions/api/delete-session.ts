import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** `DELETE /api/trainingsession/{id}`: the session, its roster and its walk-ins go. */
export function deleteSession(id: number): Promise<null> {
  return apiRequest(`/api/trainingsession/${id}`, { method: 'DELETE', schema: z.null() });
}

export function useDeleteSession(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSession(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: sessionKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: sessionKeys.list() });
    },
  });
}
