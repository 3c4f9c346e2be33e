import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyLoggerOptions,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { Secrets } from './lib/secrets.js';
import { createGuards, principalPlugin } from './plugins/auth.js';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.js';
import { languagePlugin } from './plugins/language.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';
import { accountRoutes } from './routes/account.routes.js';
import { externalAuthRoutes } from './routes/external-auth.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { coachRoutes } from './routes/coach.routes.js';
import { sessionRoutes } from './routes/session.routes.js';
import { createServices } from './services/services.js';

export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Time source of the services; tests pass their own to move time forward. */
  clock?: Clock;
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

/** Query parameters that carry credentials: the SSO callback's tokens, the hubs' access token, OIDC codes. */
const SECRET_QUERY_PARAMETERS = ['token', 'refreshToken', 'access_token', 'code', 'state'];

/** The address with the value of every credential in its query replaced, for the log. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of SECRET_QUERY_PARAMETERS) {
    if (query.has(name)) {
      query.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${query.toString()}` : url;
}

export function loggerOptions(
  config: AppConfig,
): FastifyLoggerOptions & { redact: { paths: string[]; censor: string } } {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
  };
}

/**
 * Builds the app: infrastructure plugins first, then the routes, then the web app and its fallback.
 * The caller owns the database; closing the app closes it.
 */
export async function buildApp(
  deps: AppDependencies,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(deps.config),
    bodyLimit: deps.config.bodyLimit,
    frameworkErrors: frameworkErrorHandler,
    // Forwarded headers are believed only from the proxies TRUST_PROXY names; by default from none.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', () => deps.database.destroy());

  await app.register(languagePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { publicUrl: deps.config.publicUrl });
  await app.register(openApiPlugin);
  await app.register(cookie);
  await app.register(principalPlugin);

  const services = createServices({ ...deps, log: app.log });
  const guards = createGuards(services.tokens);
  await app.register(healthRoutes, { services });
  await app.register(accountRoutes, { services, guards });
  await app.register(externalAuthRoutes, { services });
  await app.register(sessionRoutes, { services, guards });
  await app.register(coachRoutes, { services, guards });

  await app.register(webAppPlugin, { distDir: deps.config.webDistDir });
  return app;
}
