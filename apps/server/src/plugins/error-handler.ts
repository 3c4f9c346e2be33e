import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { translator } from '../i18n/catalog.js';
import { frameworkMessage, validationMessage } from '../i18n/library-messages.js';
import { sendProblem } from '../lib/problem.js';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from '../lib/unavailable.js';
import { languageOf } from './language.js';

/**
 * Turns every error into an answer in the caller's language (`request.language`): problem details,
 * except for the few refusals the contract gives a bare `{message}` body (an AppError made with
 * `messageError`, e.g. a full session's check-in). A 5xx never carries its cause to the client.
 */
export const errorHandlerPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const t = translator(request.language);
      const validation = error.validation;
      if (validation && hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string[]> = {};
        for (const issue of validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
          (errors[field] ??= []).push(validationMessage(issue, t));
        }
        return sendProblem(reply, 400, {
          title: t('problem.validation'),
          detail: t(`problem.invalid.${error.validationContext ?? 'request'}`),
          errors,
        });
      }
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        if (error.options.headers) void reply.headers(error.options.headers);
        const texts = error.texts(t);
        if (error.options.messageBody) {
          return reply.code(error.status).send({
            ...error.options.messageBody,
            message: texts.detail,
            ...(texts.errors ? { errors: texts.errors } : {}),
          });
        }
        return sendProblem(reply, error.status, texts);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return sendProblem(reply, status, { detail: frameworkMessage(error, t) });
      }
      // Redis away for a moment: nothing was half-done that a retry would not finish (the outbox), so the
      // client is told to try again, not that the server broke.
      if (isDependencyUnavailable(error)) {
        request.log.warn({ err: error }, 'a dependency is unavailable');
        void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return sendProblem(reply, 503, { detail: t('problem.unavailable') });
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendProblem(reply, 500, { detail: t('problem.unexpected') });
    });
  },
  { name: 'error-handler', dependencies: ['language'] },
);

/**
 * Errors the router raises before any route or hook runs (an address that is not valid percent-encoding,
 * a path parameter over the length limit): problem details too, instead of Fastify's own JSON. Passed
 * to Fastify as its `frameworkErrors` option.
 */
export const frameworkErrorHandler: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  const status = error.statusCode ?? 500;
  // The router's errors come before the app's request decorations apply.
  const t = translator(languageOf(request));
  if (status >= 500) {
    request.log.error({ err: error }, 'router error');
    void sendProblem(reply, 500, { detail: t('problem.unexpected') });
    return;
  }
  void sendProblem(reply, status, { detail: frameworkMessage(error, t) });
};
