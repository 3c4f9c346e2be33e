import { Fighter } from '@openmat/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/fighter/{fighterId}`: the fighter in a video, for the review page's read-only details. */
export function useFighter(fighterId: number | null) {
  return useQuery({
    queryKey: ['fighters', fighterId],
    queryFn: () => apiRequest(`/api/fighter/${String(fighterId)}`, { schema: Fighter }),
    enabled: fighterId !== null,
  });
}
