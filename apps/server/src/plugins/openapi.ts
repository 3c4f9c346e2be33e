import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The docs page's own CSP, from swagger-ui's (which pins its inline scripts by hash): Swagger UI sets
 * style attributes at run time, which no hash can allow, so styles get 'unsafe-inline' (and lose the
 * hashes, which would switch it off); nothing loads from other origins; the page may not be framed, as
 * the app may not; and plain-HTTP deployments are not upgraded to HTTPS behind the operator's back.
 */
export function docsPageCsp(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .map((directive) => {
      const [name = ''] = directive.split(/\s+/);
      if (name === 'style-src') return "style-src 'self' 'unsafe-inline'";
      if (name === 'font-src') return "font-src 'self' data:";
      if (name === 'frame-ancestors') return "frame-ancestors 'none'";
      return directive;
    })
    .join('; ');
}

/** OpenAPI generated from the route schemas, as JSON at /api/docs/json and as a page at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'OpenMat API',
          description: 'Class sessions, coaching and video analysis for jiu-jitsu academies.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => docsPageCsp(header),
    });
  },
  { name: 'openapi' },
);
