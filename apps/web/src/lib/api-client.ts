import { PROBLEM_CONTENT_TYPE, ProblemDetails } from '@openmat/contract/problem';
import type { ZodType } from 'zod';

/** A failed call: the status, the problem details when the server sent them, and the raw text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
    readonly problem: ProblemDetails | null,
  ) {
    super(problem?.detail ?? problem?.title ?? (bodyText || statusText || `HTTP ${status}`));
    this.name = 'ApiError';
  }

  /**
   * The server's own words: the problem's detail, or the `message` of the few endpoints that answer
   * `{message}` (check-in 409, attendance 400). Null when it said nothing readable.
   */
  get serverMessage(): string | null {
    if (this.problem?.detail) return this.problem.detail;
    try {
      const body: unknown = JSON.parse(this.bodyText);
      if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
        return body.message;
    } catch {
      // not JSON
    }
    return null;
  }

  /** Every message of a 400's `errors` object, in order. */
  get fieldMessages(): string[] {
    return Object.values(this.problem?.errors ?? {}).flat();
  }
}

/** How the client reaches the signed-in session; the auth feature provides it at start-up. */
export interface SessionHooks {
  accessToken(): string | null;
  /** Refreshes the token pair; resolves false when that is not possible. */
  refresh(): Promise<boolean>;
  /** Called when a call is refused even after a refresh: the session is gone. */
  sessionLost(): void;
}

let session: SessionHooks | null = null;

export function connectSession(hooks: SessionHooks): void {
  session = hooks;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  /** Sends the bearer token and follows the refresh-once rule. Default true. */
  auth?: boolean;
  /** Validates the answer against the contract. */
  schema?: ZodType<T>;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let problem: ProblemDetails | null = null;
  if (text && (res.headers.get('content-type')?.includes(PROBLEM_CONTENT_TYPE) || text.startsWith('{'))) {
    try {
      const parsed = ProblemDetails.safeParse(JSON.parse(text));
      problem = parsed.success ? parsed.data : null;
    } catch {
      problem = null;
    }
  }
  return new ApiError(res.status, res.statusText, text, problem);
}

/**
 * The one way the app calls the API. Authorized calls carry the bearer token; on a 401 the session is
 * refreshed once and the call repeated once. A second 401 is an error, and the session is lost.
 */
export async function apiRequest<T = undefined>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', json, auth = true, schema, headers = {}, credentials, signal } = options;
  const send = () => {
    const token = auth ? session?.accessToken() : null;
    return fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        // Text the server writes (pairing reasons, lesson plans) comes in the UI's language.
        'accept-language': document.documentElement.lang || 'en',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      ...(credentials ? { credentials } : {}),
      ...(signal ? { signal } : {}),
    });
  };

  let res = await send();
  if (res.status === 401 && auth && session) {
    if (await session.refresh()) res = await send();
    if (res.status === 401) {
      const error = await toApiError(res);
      session.sessionLost();
      throw error;
    }
  }
  if (!res.ok) throw await toApiError(res);
  const text = res.status === 204 ? '' : await res.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!schema) return body as T;
  return schema.parse(body);
}
