/**
 * Errors that services throw for the client to see. The error handler turns each into problem
 * details; anything else becomes a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      title?: string;
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
      /** A body other than problem details, for the few endpoints the contract gives `{message}` bodies. */
      body?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new AppError(400, detail, { title: 'One or more validation errors occurred.', ...(errors ? { errors } : {}) });
export const unauthorized = (detail: string) => new AppError(401, detail);
export const forbidden = (detail: string) => new AppError(403, detail);
export const notFound = (detail: string) => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, detail, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
/** A refusal answered with the contract's bare `{message}` body instead of problem details. */
export const messageError = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  new AppError(status, message, { body: { ...extra, message } });
export const serviceUnavailable = (detail: string) => new AppError(503, detail);
