import { ZodError, z } from 'zod';
import { ApiError } from './api-client';

/** A failed action as a screen shows it: its own line, then the server's messages under it (maybe none). */
export interface Failure {
  message: string;
  details: string[];
}

/**
 * What a failed call says, read each way the screens' error texts read it. A screen takes
 * the reading its line names ('plus the status text', 'plus the body', ...) and never looks at the
 * error itself. A call that got no answer (a network failure) or an answer off the contract has no
 * status and no server text: every reading is then the error's own message.
 */
export interface ErrorText {
  /** The HTTP status of the answer; null when no answer came. */
  status: number | null;
  /** The error's own message: a problem's detail or title, a `{message}`, else the raw body or status. */
  message: string;
  /** The server's own words: a problem's `detail`, or the `message` of a `{message}` body. */
  serverMessage: string | null;
  /** Every message of a 400's `errors` object, in order. */
  fieldMessages: string[];
  /** The lines under a failure's own line: the field messages, else the server's words. */
  details: string[];
  /** '... plus the status text': the status line, else the server's words, else the error's message. */
  statusText: string;
  /**
   * '... plus the body': the server's words, else the raw body, else the status line, else
   * 'HTTP <status>'. An answer that does not match the contract gives zod's account of it.
   */
  body: string;
  /** 'The message or title field of the error body' (pairing), else the status line. */
  messageOrTitle: string;
  /** 'The response text' (login): a problem's detail, else the raw body. Null when no answer came. */
  responseText: string | null;
}

/** The one way a thrown error becomes text on a screen. */
export function errorText(error: unknown): ErrorText {
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      status: null,
      message,
      serverMessage: null,
      fieldMessages: [],
      details: [],
      statusText: message,
      body: error instanceof ZodError ? z.prettifyError(error) : message,
      messageOrTitle: message,
      responseText: null,
    };
  }
  const { status, statusText, bodyText, body } = error;
  const problem = body.kind === 'problem' ? body.problem : null;
  const serverMessage = body.kind === 'message' ? body.message : (problem?.detail ?? null);
  const fieldMessages = Object.values(problem?.errors ?? {}).flat();
  return {
    status,
    message: error.message,
    serverMessage,
    fieldMessages,
    details: fieldMessages.length > 0 ? fieldMessages : serverMessage ? [serverMessage] : [],
    statusText: statusText || serverMessage || error.message,
    body: serverMessage ?? (bodyText.trim() || statusText || `HTTP ${status}`),
    messageOrTitle: (body.kind === 'message' ? body.message : problem?.title) ?? statusText,
    responseText: problem?.detail ?? bodyText,
  };
}
