import { HealthResponse } from '@openmat/contract/health';
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
};
