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
import { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import { RedisUploadLocker } from './repositories/redis-upload-lock.repository.js';
import type { DatabaseHandle } from './db/database.js';
import { createJobBackend, type JobBackendOptions } from './job-backend.js';
import { registerJobHandlers } from './jobs/handlers.js';
import { scheduleRoutes } from './routes/schedule.routes.js';
import { JobRegistry } from './jobs/registry.js';
import type { PoseDetector } from './analysis/pipeline.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { Secrets } from './lib/secrets.js';
import { createGuards, principalPlugin } from './plugins/auth.js';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.js';
import { languagePlugin } from './plugins/language.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';
import { accountRoutes } from './routes/account.routes.js';
import { accountLifecycleRoutes } from './routes/account-lifecycle.routes.js';
import { externalAuthRoutes } from './routes/external-auth.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { coachRoutes } from './routes/coach.routes.js';
import { sessionRoutes } from './routes/session.routes.js';
import { memberRoutes } from './routes/member.routes.js';
import { videoRoutes } from './routes/video.routes.js';
import { analysisRoutes } from './routes/analysis.routes.js';
import { RESUMABLE_UPLOADS_PATH, createServices, type Services } from './services/services.js';
import { createMetrics, metricsPlugin } from './plugins/metrics.js';
import { presignedOrigin } from './repositories/s3-blob-storage.repository.js';
import { createEventBus } from './realtime/event-bus.js';
import { HubServer, hubsPlugin, type HubOptions } from './realtime/hub-server.js';

export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Time source of the services; tests pass their own to move time forward. */
  clock?: Clock;
  /** Registers the job handlers of the in-process worker; tests pass their own. */
  jobHandlers?: (registry: JobRegistry, services: Services) => void;
  /** Attempts, backoff and polling of the job queue; tests shorten them. */
  jobOptions?: JobBackendOptions;
  /** Ping and timeout intervals of the hubs and the backplane's channel prefix; tests shorten and isolate them. */
  realtime?: HubOptions & { channelPrefix?: string };
  /** The pose model of the analysis; tests replay generated skeletons instead. */
  poseDetector?: () => Promise<PoseDetector>;
}

/** Headers and fields that must never reach a log. */
/** How often work left without a job is looked for (docs/decisions/0019-durable-jobs.md). */
const UNFINISHED_WORK_EVERY_MS = 60_000;

const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'refreshToken',
  'accessToken',
];

/**
 * Query parameters that carry credentials: the SSO callback's tokens, the hubs' access token, OIDC codes,
 * and a signed video address's signature and expiry (together they are the permission to play it).
 */
const SECRET_QUERY_PARAMETERS = ['token', 'refreshToken', 'access_token', 'code', 'state', 'signature', 'expires'];

/** The local storage's signed file addresses: their path is the storage key, which is never logged. */
const STORED_FILE_PATH = /^(\/vid\/api\/video\/files\/)[^?]*/;

/**
 * The address with the value of every credential in its query replaced, and a stored file's key
 * (its path under the file route) left out, for the log.
 */
export function redactUrl(address: string): string {
  const url = address.replace(STORED_FILE_PATH, '$1[key]');
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

/** With Redis, the lock of resumable uploads is shared by every API instance; without it, it is in process. */
function resumableUploadLock(config: AppConfig, log: FastifyBaseLogger) {
  if (!config.redisUrl) return null;
  const redis = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(config.redisUrl, { lazyConnect: false });
  // Redis away: requests that need a lock answer 503 meanwhile, and both connections come back by themselves.
  redis.on('error', (err: unknown) => log.warn({ err }, 'the upload lock lost Redis'));
  subscriber.on('error', (err: unknown) => log.warn({ err }, 'the upload lock lost Redis'));
  return {
    locker: new RedisUploadLocker(redis, subscriber, config.redisPrefix),
    async close() {
      await Promise.all([redis.quit(), subscriber.quit()]);
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
  await app.register(securityPlugin, {
    publicUrl: deps.config.publicUrl,
    // Videos and posters in S3 play from the store's own address: that origin, and no other.
    mediaOrigins: deps.config.s3 ? [await presignedOrigin(deps.config.s3)] : [],
  });
  await app.register(openApiPlugin);
  await app.register(cookie);
  await app.register(principalPlugin);

  // Jobs live in the database, or on BullMQ with REDIS_URL; either way this process runs one job at a
  // time in-process, so a single process is a whole installation (docs/decisions/0019-durable-jobs.md).
  const jobBackend = createJobBackend(
    { config: deps.config, database: deps.database, clock: deps.clock ?? systemClock, log: app.log },
    { leaseMs: deps.config.jobLeaseSeconds * 1000, redisPrefix: deps.config.redisPrefix, ...deps.jobOptions },
  );
  app.addHook('onClose', () => jobBackend.close());
  const uploadLock = resumableUploadLock(deps.config, app.log);
  if (uploadLock) app.addHook('onClose', () => uploadLock.close());
  // Real-time: the hubs of this process, and the bus services publish to (over Redis with REDIS_URL, so
  // any instance reaches any user). Subscribed before the job worker starts, closed after it stops.
  const hubs = new HubServer(app.log, deps.realtime, deps.clock ?? systemClock);
  const eventBus = createEventBus(
    { redisUrl: deps.config.redisUrl, channelPrefix: deps.realtime?.channelPrefix ?? deps.config.redisPrefix },
    hubs,
    app.log,
  );
  app.addHook('onReady', () => eventBus.start());
  app.addHook('onClose', () => eventBus.close());
  app.decorate('domainEvents', eventBus.publisher);
  const metrics = createMetrics({ queue: jobBackend.queue, hubConnections: () => hubs.connectionCount });
  await app.register(metricsPlugin, {
    metrics,
    token: deps.config.metricsToken,
    uploadRoutes: ['/vid/api/video/upload-sparring', `${RESUMABLE_UPLOADS_PATH}/*`],
  });
  const services = createServices({
    ...deps,
    log: app.log,
    jobs: jobBackend.queue,
    outbox: jobBackend.outbox,
    events: eventBus.publisher,
    metrics,
    ...(uploadLock ? { uploadLock: { locker: uploadLock.locker } } : {}),
  });
  app.addHook('onClose', () => services.health.close());
  app.addHook('onClose', async () => {
    await services.lifecycle.idle();
    services.mail?.close();
  });
  app.addHook('onClose', () => services.videos.close());
  const jobRegistry = new JobRegistry(app.log, (outcome) => metrics.job(outcome));
  (deps.jobHandlers ?? registerJobHandlers)(jobRegistry, services);
  let jobWorker: { close(): Promise<void> } | undefined;
  let relay: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    // With JOBS_IN_API=false the API leaves the jobs to `npm run worker` processes.
    if (deps.config.jobsInApi) jobWorker = jobBackend.startWorker(jobRegistry);
    // Jobs written with their rows (the outbox) reach the queue from here, those of a crash included.
    if (deps.jobOptions?.relay !== false) relay = jobBackend.startRelay(app.log);
  });
  // Work under way that no queue holds a job for (a lost final failure, Redis emptied) is queued again,
  // at start and every minute, wherever the outbox is relayed.
  let requeue: ReturnType<typeof setInterval> | undefined;
  const requeueUnfinished = () =>
    services.unfinishedWork.requeue().catch((err: unknown) => {
      app.log.warn({ err }, 'looking for work left without a job failed');
    });
  app.addHook('onReady', async () => {
    if (deps.jobOptions?.relay === false) return;
    requeue = setInterval(() => void requeueUnfinished(), UNFINISHED_WORK_EVERY_MS).unref();
    await requeueUnfinished();
  });
  // onClose hooks run last-added first: the worker stops before the queue and the database close.
  app.addHook('onClose', async () => {
    clearInterval(requeue);
    await relay?.close();
    await jobWorker?.close();
  });
  // Resumable uploads abandoned for a day are removed, at start and every hour.
  let sweep: ReturnType<typeof setInterval> | undefined;
  const removeAbandoned = async () => {
    // Complete uploads whose finish never ended become their videos; unfinished ones a day old go.
    await services.videos.sweepUploads().catch((err: unknown) => {
      app.log.warn({ err }, 'sweeping resumable uploads failed');
    });
    // Leftovers of cut uploads and of killed workers, by age.
    await services.videos.sweepScratch().catch((err: unknown) => {
      app.log.warn({ err }, 'sweeping the scratch folder failed');
    });
    // Stored files no video has (a delete or an upload cut short), a day old.
    await services.videos.sweepOrphanFiles().catch((err: unknown) => {
      app.log.warn({ err }, 'sweeping the stored files no video has failed');
    });
  };
  app.addHook('onReady', async () => {
    sweep = setInterval(() => void removeAbandoned(), 60 * 60 * 1000).unref();
    await removeAbandoned();
  });
  app.addHook('onClose', () => {
    clearInterval(sweep);
  });
  // The weekly schedule creates the coming weeks' sessions at start and every day (an idempotent job).
  let daily: ReturnType<typeof setInterval> | undefined;
  const scheduleAhead = () =>
    services.schedule.requestDailyGeneration().catch((err: unknown) => {
      app.log.warn({ err }, 'queueing the weekly schedule failed');
    });
  app.addHook('onReady', async () => {
    daily = setInterval(() => void scheduleAhead(), 24 * 60 * 60 * 1000).unref();
    await scheduleAhead();
  });
  app.addHook('onClose', () => {
    clearInterval(daily);
  });
  const guards = createGuards(services.tokens);
  await app.register(healthRoutes, { services });
  await app.register(accountRoutes, { services, guards });
  await app.register(accountLifecycleRoutes, { services, guards });
  await app.register(externalAuthRoutes, { services });
  await app.register(sessionRoutes, { services, guards });
  await app.register(scheduleRoutes, { services, guards });
  await app.register(memberRoutes, { services, guards });
  await app.register(coachRoutes, { services, guards });
  await app.register(videoRoutes, { services, guards });
  await app.register(analysisRoutes, { services, guards });
  await app.register(hubsPlugin, { hubs, verifier: services.tokens, guards });

  await app.register(webAppPlugin, { distDir: deps.config.webDistDir });
  return app;
}
