import { HealthResponse, ReadinessResponse } from '@openmat/contract/health';
import { ProblemDetails } from '@openmat/contract/problem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services/services.js';

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthResponse, 503: ProblemDetails },
      },
    },
    () => services.health.check(),
  );

  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (restart it when it does not)',
        response: { 200: HealthResponse },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database, Redis when configured and the storage answer, and the schema is current',
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
    },
    async (_request, reply) => {
      const readiness = await services.health.ready();
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
};
