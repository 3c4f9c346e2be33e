import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** `DELETE /api/trainingsession/{id}`: the session, its roster and its walk-ins go. */
export function deleteSession(id: number): Promise<null> {
  return apiRequest(`/api/trainingsession/${id}`, { method: 'DELETE', schema: z.null() });
}

/**
 * Drops a query from the cache once nothing shows it any more. The page that deleted the session still
 * shows it until it has navigated away, and a query removed under an observer is made again and fetched
 * at once: a 404 for the session just deleted.
 */
function removeOnceUnobserved(queryClient: QueryClient, queryKey: QueryKey) {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  if (query.getObserversCount() === 0) {
    cache.remove(query);
    return;
  }
  const stop = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.getObserversCount() > 0) return;
    stop();
    cache.remove(query);
  });
}

export function useDeleteSession(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSession(id),
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: sessionKeys.detail(id) });
      removeOnceUnobserved(queryClient, sessionKeys.detail(id));
      return queryClient.invalidateQueries({ queryKey: sessionKeys.list() });
    },
  });
}
