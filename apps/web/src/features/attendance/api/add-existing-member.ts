import { MemberListPage } from '@openmat/contract/members';
import { TrainingSessionDetails } from '@openmat/contract/sessions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Members of the instructor's rosters whose name matches, for adding one who forgot to check in. */
export function useMemberSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['members', 'attendance-search', text],
    queryFn: () =>
      apiRequest(`/api/members?${new URLSearchParams({ search: text, sort: 'name', limit: '8' })}`, {
        schema: MemberListPage,
      }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/trainingsession/{id}/members`: an existing member joins the roster; answers the session. */
export function addExistingMember(sessionId: number, fighterId: number): Promise<TrainingSessionDetails> {
  return apiRequest(`/api/trainingsession/${sessionId}/members`, {
    method: 'POST',
    json: { fighterId },
    schema: TrainingSessionDetails,
  });
}
