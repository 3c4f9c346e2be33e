import { TechniqueSearchResult, type TechniqueSearchRequest } from '@openmat/contract/coaching';
import { useQuery } from '@tanstack/react-query';
import { ZodError, z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { errorText } from '@/lib/failure';
import { coachKeys } from './coach-keys';

/**
 * Why a technique search failed: `request` when the call itself failed (`detail` is the body the server
 * sent), `parse` when the answer is not the JSON of a search result.
 */
export class TechniqueSearchError extends Error {
  constructor(
    readonly kind: 'request' | 'parse',
    readonly detail: string,
  ) {
    super(`${kind === 'request' ? 'Search failed' : 'Unreadable search results'}: ${detail}`);
    this.name = 'TechniqueSearchError';
  }
}

/**
 * A search answer. The server sends the JSON text of the result as `text/plain`, which the client parses
 * as JSON; a body that is a JSON string holding that text (sent twice encoded) is parsed once more.
 */
const SearchAnswer = z.union([
  TechniqueSearchResult,
  z
    .string()
    .transform((text, ctx): unknown => {
      try {
        const value: unknown = JSON.parse(text);
        return value;
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    })
    .pipe(TechniqueSearchResult),
]);

/** `POST /vid/api/ai/search` `{techniqueName, trainingSessionId}`: videos, free and paid resources. */
export async function searchTechniques(request: TechniqueSearchRequest): Promise<TechniqueSearchResult> {
  try {
    return await apiRequest('/vid/api/ai/search', {
      method: 'POST',
      json: request,
      headers: { accept: 'text/plain, application/json' },
      schema: SearchAnswer,
    });
  } catch (error) {
    // The client parses every answer as JSON, so a malformed body surfaces as the SyntaxError of
    // JSON.parse, and JSON of another shape as the ZodError of the schema.
    if (error instanceof SyntaxError) throw new TechniqueSearchError('parse', error.message);
    if (error instanceof ZodError) throw new TechniqueSearchError('parse', z.prettifyError(error));
    throw new TechniqueSearchError('request', errorText(error).body);
  }
}

/** The search for one technique of the session, run while `enabled` (the dialog is open), kept an hour. */
export function useTechniqueSearch(sessionId: number, techniqueName: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: coachKeys.search(sessionId, techniqueName),
    queryFn: () => searchTechniques({ techniqueName, trainingSessionId: sessionId }),
    enabled,
    retry: false,
    staleTime: 60 * 60 * 1000,
  });
}
