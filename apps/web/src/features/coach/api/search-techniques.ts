import { TechniqueSearchResult, type TechniqueSearchRequest } from '@openmat/contract/coaching';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { coachKeys } from './coach-keys';
import { failureBody } from './failure-body';

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TechniqueSearchError('parse', error instanceof Error ? error.message : String(error));
  }
}

/**
 * Reads a search answer. The server sends the JSON text of the result as `text/plain`; a body that is a
 * JSON string holding that text (sent twice encoded) is read too. Anything else is a parse failure.
 */
export function parseSearchResult(body: unknown): TechniqueSearchResult {
  const value = typeof body === 'string' ? parseJson(body) : body;
  const parsed = TechniqueSearchResult.safeParse(value);
  if (!parsed.success) throw new TechniqueSearchError('parse', z.prettifyError(parsed.error));
  return parsed.data;
}

/** `POST /vid/api/ai/search` `{techniqueName, trainingSessionId}`: videos, free and paid resources. */
export async function searchTechniques(request: TechniqueSearchRequest): Promise<TechniqueSearchResult> {
  let body: unknown;
  try {
    // The client reads every answer as text and parses it as JSON, so a malformed body surfaces here
    // as the SyntaxError of JSON.parse.
    body = await apiRequest<unknown>('/vid/api/ai/search', {
      method: 'POST',
      json: request,
      headers: { accept: 'text/plain, application/json' },
    });
  } catch (error) {
    if (error instanceof SyntaxError) throw new TechniqueSearchError('parse', error.message);
    throw new TechniqueSearchError('request', failureBody(error));
  }
  return parseSearchResult(body);
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
