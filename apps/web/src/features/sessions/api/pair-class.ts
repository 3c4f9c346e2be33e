import { MatchmakerResponse } from '@openmat/contract/coaching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

export interface PairClassInput {
  studentFighterIds: number[];
  instructorFighterId: number;
  /** New partners for another round, avoiding this session's earlier pairs. */
  nextRound?: boolean;
}

/** `POST /vid/api/video/matchmaker/{sessionId}`. A 200 with `isSuccessfullyParsed: false` is a failure too. */
export async function pairClass(sessionId: number, input: PairClassInput): Promise<MatchmakerResponse> {
  const response = await apiRequest(`/vid/api/video/matchmaker/${sessionId}`, {
    method: 'POST',
    json: input,
    schema: MatchmakerResponse,
  });
  if (!response.isSuccessfullyParsed) throw new Error(response.errorMessage ?? 'The pairing could not be read.');
  return response;
}

export function usePairClass(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PairClassInput) => pairClass(sessionId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) }),
  });
}
