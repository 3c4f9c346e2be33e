/**
 * A dependency that is away for a while (Redis restarting, a network cut): the request is answered
 * 503 with `Retry-After`, never 500, so a client waits and tries again (issue 23, item 5).
 */

/** Seconds a client is told to wait before trying again while a dependency is away. */
export const RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [
  // ioredis, without an offline queue or after its retries
  "Stream isn't writeable",
  'Connection is closed',
  'Reached the max retries per request limit',
  'Connection is in subscriber mode',
];

/** Whether an error says that Redis (or another connection the request needed) is unreachable now. */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 4; depth++) {
    if (cause.name === 'MaxRetriesPerRequestError') return true;
    const code = 'code' in cause ? cause.code : undefined;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((text) => cause instanceof Error && cause.message.includes(text))) return true;
    cause = cause.cause;
  }
  return false;
}
