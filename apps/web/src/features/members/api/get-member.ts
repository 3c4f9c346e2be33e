import { MemberDetails } from '@openmat/contract/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { memberKeys } from './get-members';

/** `GET /api/members/{fighterId}`: a member's page. */
export function getMember(fighterId: number): Promise<MemberDetails> {
  return apiRequest(`/api/members/${fighterId}`, { schema: MemberDetails });
}

export const memberQueryOptions = (fighterId: number) =>
  queryOptions({ queryKey: memberKeys.detail(fighterId), queryFn: () => getMember(fighterId) });

export function useMember(fighterId: number) {
  return useQuery(memberQueryOptions(fighterId));
}
