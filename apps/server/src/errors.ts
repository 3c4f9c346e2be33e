import { FALLBACK_LANGUAGE } from '@openmat/contract/languages';
import { msg, render, type Message, type Translate } from './i18n/catalog.js';

/**
 * Errors that services throw for the client to see. They carry messages of the catalog, not text:
 * the error handler writes them in the caller's language and turns each into problem details;
 * anything else becomes a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: Message,
    readonly options: {
      title?: Message;
      errors?: Readonly<Record<string, readonly Message[]>>;
      headers?: Record<string, string>;
      /**
       * For the few endpoints the contract gives `{message}` bodies: answer `{...messageBody, message}`,
       * with `detail` as the message, instead of problem details.
       */
      messageBody?: Record<string, unknown>;
    } = {},
  ) {
    // In English for the log; the client gets its own language.
    super(render(detail, FALLBACK_LANGUAGE));
    this.name = 'AppError';
  }

  /** The texts of the answer, in the language of `t`. */
  texts(t: Translate): { detail: string; title?: string; errors?: Record<string, string[]> } {
    const { title, errors } = this.options;
    return {
      detail: t(this.detail.key, this.detail.params),
      ...(title ? { title: t(title.key, title.params) } : {}),
      ...(errors
        ? {
            errors: Object.fromEntries(
              Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => t(m.key, m.params))]),
            ),
          }
        : {}),
    };
  }
}

export const badRequest = (detail: Message, errors?: Readonly<Record<string, readonly Message[]>>) =>
  new AppError(400, detail, { title: msg('problem.validation'), ...(errors ? { errors } : {}) });
export const unauthorized = (detail: Message) => new AppError(401, detail);
export const forbidden = (detail: Message) => new AppError(403, detail);
export const notFound = (detail: Message) => new AppError(404, detail);
export const conflict = (detail: Message) => new AppError(409, detail);
/** The request's `If-Match` names a version that is no longer the current one. */
export const preconditionFailed = (detail: Message) => new AppError(412, detail);
export const tooManyRequests = (detail: Message, retryAfterSeconds: number) =>
  new AppError(429, detail, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
/** A refusal answered with the contract's bare `{message}` body instead of problem details. */
export const messageError = (status: number, message: Message, extra: Record<string, unknown> = {}) =>
  new AppError(status, message, { messageBody: extra });
export const serviceUnavailable = (detail: Message) => new AppError(503, detail);
