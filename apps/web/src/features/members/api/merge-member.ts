import { MemberDetails } from '@openmat/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { memberKeys } from './get-members';

/** `POST /api/members/{walkInId}/merge`: the walk-in's history moves to the account's fighter. */
export function mergeMember(walkInId: number, intoFighterId: number): Promise<MemberDetails> {
  return apiRequest(`/api/members/${walkInId}/merge`, {
    method: 'POST',
    json: { intoFighterId },
    schema: MemberDetails,
  });
}

export function useMergeMember(walkInId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intoFighterId: number) => mergeMember(walkInId, intoFighterId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
