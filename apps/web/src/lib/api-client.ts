import { MessageBody, ProblemDetails } from '@openmat/contract/problem';
import { decodeJwt } from 'jose';
import type { ZodType } from 'zod';

/**
 * The body of a failed call, read with the contract: problem details, or the bare `{message}` a few
 * endpoints answer (check-in 409, attendance 400 `{success: false, message}`). Anything else (an empty
 * body, a proxy's HTML page, plain text) is `other`, and only the raw text is left.
 */
export type ErrorBody =
  { kind: 'problem'; problem: ProblemDetails } | { kind: 'message'; message: string } | { kind: 'other' };

function readErrorBody(text: string): ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'other' };
  }
  const problem = ProblemDetails.safeParse(json);
  if (problem.success) return { kind: 'problem', problem: problem.data };
  const message = MessageBody.safeParse(json);
  if (message.success) return { kind: 'message', message: message.data.message };
  return { kind: 'other' };
}

function errorMessage(status: number, statusText: string, bodyText: string, body: ErrorBody): string {
  if (body.kind === 'problem') return body.problem.detail ?? body.problem.title;
  if (body.kind === 'message') return body.message;
  return bodyText || statusText || `HTTP ${status}`;
}

/**
 * A call the server answered with an error: the status, the body as the contract reads it, and the raw
 * text. What a screen says about it comes from `errorText` (lib/failure.ts), never from here.
 */
export class ApiError extends Error {
  readonly body: ErrorBody;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
  ) {
    const body = readErrorBody(bodyText);
    super(errorMessage(status, statusText, bodyText, body));
    this.name = 'ApiError';
    this.body = body;
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
  /**
   * The contract schema of the answer's body, which every answer is parsed with. An empty body (204)
   * reads as `null`, so an endpoint that answers nothing says `schema: z.null()`.
   */
  schema: ZodType<T>;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** The one success status the call means (202 for work accepted); another 2xx throws `UnexpectedStatus`. */
  expectStatus?: number;
}

/** A call that succeeded with a status other than the one it should answer. */
export class UnexpectedStatus extends Error {
  constructor(readonly status: number) {
    super(`Unexpected status ${String(status)}`);
    this.name = 'UnexpectedStatus';
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return new ApiError(res.status, res.statusText, text);
}

/**
 * The one way the app calls the API. Authorized calls carry the bearer token; on a 401 the session is
 * refreshed once and the call repeated once. A second 401 is an error, and the session is lost.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return (await apiResponse(path, options)).body;
}

/** `apiRequest`, answering the response headers too (a list's `Link: <…>; rel="next"`). */
export async function apiResponse<T>(path: string, options: RequestOptions<T>): Promise<{ body: T; headers: Headers }> {
  const { method = 'GET', json, auth = true, schema, headers = {}, credentials, signal, expectStatus } = options;
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
  if (expectStatus !== undefined && res.status !== expectStatus) throw new UnexpectedStatus(res.status);
  const text = res.status === 204 ? '' : await res.text();
  const body: unknown = text ? JSON.parse(text) : null;
  return { body: schema.parse(body), headers: res.headers };
}

/**
 * The refresh-once rule for a transport `apiRequest` does not cover (the resumable upload's XHR): `send`
 * is given the current access token; when `refused` says the answer is a 401, the session is
 * refreshed once and `send` called once more with the new token. A second refusal is handed back as
 * it is, and the session is lost.
 */
export async function sendWithSession<R>(
  send: (accessToken: string | null) => Promise<R>,
  refused: (answer: R) => boolean,
): Promise<R> {
  let answer = await send(session?.accessToken() ?? null);
  if (refused(answer) && session) {
    if (await session.refresh()) answer = await send(session.accessToken());
    if (refused(answer)) session.sessionLost();
  }
  return answer;
}

/** A token this close to its expiry is refreshed before a long-lived connection is opened with it. */
const EXPIRY_MARGIN_SECONDS = 30;

function expiresSoon(token: string, nowSeconds: number): boolean {
  try {
    const { exp } = decodeJwt(token);
    return exp !== undefined && exp - EXPIRY_MARGIN_SECONDS <= nowSeconds;
  } catch {
    return true;
  }
}

/**
 * The access token for a transport that cannot be answered a 401 and retried the usual way (the
 * real-time hubs' negotiate and WebSocket): the current one while it has more than 30 seconds left,
 * otherwise the one a refresh brings. Null when there is no session.
 */
export async function freshAccessToken(): Promise<string | null> {
  if (!session) return null;
  const token = session.accessToken();
  if (!token) return null;
  if (!expiresSoon(token, Math.floor(Date.now() / 1000))) return token;
  return (await session.refresh()) ? session.accessToken() : token;
}
