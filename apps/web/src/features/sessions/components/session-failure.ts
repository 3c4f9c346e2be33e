import { ApiError } from '@/lib/api-client';

/** What a failed call says on the form: one line, and the server's own messages under it. */
export interface Failure {
  message: string;
  details: string[];
}

/**
 * The reason of a failed call, for 'Failed to create a new training session: <reason>': the status
 * text, else the server's message, else the error's own message.
 */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) return error.statusText || error.serverMessage || error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's messages worth showing under the line: every field message of a 400 (capacity below
 * the roster, say), else its one message, unless the line already shows it.
 */
export function failureDetails(error: unknown, shownReason?: string): string[] {
  if (!(error instanceof ApiError)) return [];
  const fields = error.fieldMessages;
  if (fields.length > 0) return fields;
  const server = error.serverMessage;
  return server && server !== shownReason ? [server] : [];
}
