import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { sendProblem } from '../lib/problem.js';

/** Every error leaves as problem details. A 5xx never carries its cause to the client. */
export const errorHandlerPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const validation = error.validation;
      if (validation && hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string[]> = {};
        for (const issue of validation) {
          const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
          (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
        }
        return sendProblem(reply, 400, {
          title: 'One or more validation errors occurred.',
          detail: `Invalid ${error.validationContext ?? 'request'}.`,
          errors,
        });
      }
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        if (error.options.headers) void reply.headers(error.options.headers);
        if (error.options.body) return reply.code(error.status).send(error.options.body);
        return sendProblem(reply, error.status, {
          detail: error.message,
          ...(error.options.title ? { title: error.options.title } : {}),
          ...(error.options.errors ? { errors: error.options.errors } : {}),
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return sendProblem(reply, status, { detail: error.message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendProblem(reply, 500, { detail: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'error-handler' },
);

/**
 * Errors the router raises before any route or hook runs (an address that is not valid percent-encoding,
 * a path parameter over the length limit): problem details too, instead of Fastify's own JSON. Passed
 * to Fastify as its `frameworkErrors` option.
 */
export const frameworkErrorHandler: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'router error');
    void sendProblem(reply, 500, { detail: 'Something went wrong on our side. Please try again.' });
    return;
  }
  void sendProblem(reply, status, { detail: error.message });
};
