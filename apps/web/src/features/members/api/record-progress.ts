import { MemberDetails, type PromotionRequest, type WeighInRequest } from '@openmat/contract/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { memberKeys } from './get-members';

/** `POST /api/members/{fighterId}/promotions`: an instructor records a promotion. */
export function recordPromotion(fighterId: number, body: PromotionRequest): Promise<MemberDetails> {
  return apiRequest(`/api/members/${fighterId}/promotions`, { method: 'POST', json: body, schema: MemberDetails });
}

/** `POST /api/members/{fighterId}/weigh-ins`: the member or their instructor records a weigh-in. */
export function recordWeighIn(fighterId: number, body: WeighInRequest): Promise<MemberDetails> {
  return apiRequest(`/api/members/${fighterId}/weigh-ins`, { method: 'POST', json: body, schema: MemberDetails });
}

export function useRecordPromotion(fighterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionRequest) => recordPromotion(fighterId, body),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(fighterId), member);
      return queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}

export function useRecordWeighIn(fighterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WeighInRequest) => recordWeighIn(fighterId, body),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(fighterId), member);
      return queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}
