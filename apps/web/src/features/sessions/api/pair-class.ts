import { MatchmakerResponse } from '@openmat/contract/coaching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

export interface PairClassInput {
  studentFighterIds: number[];
  instructorFighterId: number;
  /** New partners for another round, avoiding this session's earlier pairs. */
  nextRound?: boolean;
}

/** The message or title of an error body, as spec section 8 reads it. */
function messageOrTitle(error: ApiError): string {
  try {
    const body: unknown = JSON.parse(error.bodyText);
    if (body && typeof body === 'object') {
      if ('message' in body && typeof body.message === 'string') return body.message;
      if ('title' in body && typeof body.title === 'string') return body.title;
    }
  } catch {
    // not JSON
  }
  return error.statusText;
}

/**
 * `POST /vid/api/video/matchmaker/{sessionId}`. A non-OK answer becomes `isSuccessfullyParsed: false`
 * with errorMessage 'HTTP Error <status>: <message or title>' (spec section 8).
 */
export async function pairClass(sessionId: number, input: PairClassInput): Promise<MatchmakerResponse> {
  try {
    return await apiRequest(`/vid/api/video/matchmaker/${sessionId}`, {
      method: 'POST',
      json: input,
      schema: MatchmakerResponse,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      isSuccessfullyParsed: false,
      suggestedPairings: null,
      rawFighterPairsJson: null,
      errorMessage: `HTTP Error ${error.status}: ${messageOrTitle(error)}`,
    };
  }
}

/** Pairs the class; a result that is not successfully parsed (non-OK, or a 200 saying so) is an error. */
export function usePairClass(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PairClassInput) => {
      const response = await pairClass(sessionId, input);
      if (!response.isSuccessfullyParsed) throw new Error(response.errorMessage ?? 'The pairing could not be read.');
      return response;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) }),
  });
}
