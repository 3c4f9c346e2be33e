import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** `PATCH /api/trainingsession/{id}/close`: the session becomes Completed. */
export function closeSession(id: number): Promise<undefined> {
  return apiRequest(`/api/trainingsession/${id}/close`, { method: 'PATCH' });
}

export function useCloseSession(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeSession(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
