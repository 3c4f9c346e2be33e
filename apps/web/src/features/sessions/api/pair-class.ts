import { MatchmakerResponse, type PairingRequest } from '@openmat/contract/coaching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/failure';
import { sessionKeys } from './get-sessions';

/**
 * `POST /vid/api/video/matchmaker/{sessionId}`. A non-OK answer becomes `isSuccessfullyParsed: false`
 * with errorMessage 'HTTP Error <status>: <message or title>' (spec section 8).
 */
export async function pairClass(sessionId: number, input: PairingRequest): Promise<MatchmakerResponse> {
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
      errorMessage: `HTTP Error ${error.status}: ${errorText(error).messageOrTitle}`,
    };
  }
}

/** A pairing answer that is not successfully parsed; `reason` is the server's words, when it gave some. */
export class PairingNotRead extends Error {
  override name = 'PairingNotRead';
  constructor(readonly reason: string | null) {
    super(reason ?? 'The pairing could not be read.');
  }
}

/** Pairs the class; a result that is not successfully parsed (non-OK, or a 200 saying so) is an error. */
export function usePairClass(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PairingRequest) => {
      const response = await pairClass(sessionId, input);
      if (!response.isSuccessfullyParsed) throw new PairingNotRead(response.errorMessage);
      return response;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) }),
  });
}
