import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Secrets } from './lib/secrets.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';
import { healthRoutes } from './routes/health.routes.js';
import { createServices } from './services/services.js';

export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  secrets: Secrets;
}

/** Headers and fields that must never reach a log. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'refreshToken',
  'accessToken',
];

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return { level: config.logLevel, redact: { paths: REDACTED, censor: '[redacted]' } };
}

/**
 * Builds the app: infrastructure plugins first, then the routes, then the web app and its fallback.
 * The caller owns the database; closing the app closes it.
 */
export async function buildApp(deps: AppDependencies, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(deps.config),
    bodyLimit: deps.config.bodyLimit,
    trustProxy: true,
    disableRequestLogging: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', () => deps.database.destroy());

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin);
  await app.register(openApiPlugin);

  const services = createServices(deps.database);
  await app.register(healthRoutes, { services });

  await app.register(webAppPlugin, { distDir: deps.config.webDistDir });
  return app;
}
