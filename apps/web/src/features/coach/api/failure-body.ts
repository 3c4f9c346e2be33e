import { ZodError, z } from 'zod';
import { ApiError } from '@/lib/api-client';

/**
 * The body of a failed call, for messages such as 'Failed to fetch curriculum: <body>': the server's own
 * words (a problem's detail or a `{message}`), else the raw body text, else the status. An answer that
 * does not match the contract, or a network failure, gives its own message.
 */
export function failureBody(error: unknown): string {
  if (error instanceof ApiError) {
    return error.serverMessage ?? (error.bodyText.trim() || error.statusText || `HTTP ${error.status}`);
  }
  if (error instanceof ZodError) return z.prettifyError(error);
  return error instanceof Error ? error.message : String(error);
}
