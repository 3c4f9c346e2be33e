import { ExternalAuthStatus, ExternalSignInQuery, SIGN_IN_COOKIE } from '@openmat/contract/auth';
import { ProblemDetails } from '@openmat/contract/problem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services/services.js';

export const externalAuthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { externalAuth } = services;

  app.get(
    '/api/externalauth/status',
    { schema: { tags: ['accounts'], response: { 200: ExternalAuthStatus } } },
    () => ({ enabled: externalAuth.enabled }),
  );

  app.get(
    '/api/externalauth/signin-google',
    {
      schema: {
        tags: ['accounts'],
        querystring: ExternalSignInQuery,
        response: { 400: ProblemDetails, 404: ProblemDetails, 503: ProblemDetails },
      },
    },
    async (request, reply) => reply.redirect(await externalAuth.start(request.query.returnUrl)),
  );

  app.get('/api/externalauth/callback', { schema: { tags: ['accounts'], hide: true } }, async (request, reply) => {
    const outcome = await externalAuth.finish(request.url);
    if (outcome.failure) request.log.warn({ err: outcome.failure }, 'external sign-in failed');
    if (outcome.cookie) {
      void reply.setCookie(SIGN_IN_COOKIE, outcome.cookie.value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: externalAuth.secureCookie || request.protocol === 'https',
        path: '/api/auth',
        maxAge: outcome.cookie.maxAgeSeconds,
      });
    }
    return reply.redirect(outcome.redirect);
  });
};
