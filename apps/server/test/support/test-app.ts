import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { buildApp, loggerOptions, type App, type AppDependencies } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import type { Clock } from '../../src/lib/clock.js';
import { loadSecrets } from '../../src/lib/secrets.js';
import type { DatabaseTarget, FreshDatabase } from './databases.js';
import { rememberedPose } from './remembered-pose.js';

/**
 * The pose model of every test app that is given none: the real model, on one thread, loaded once per fork
 * (the files of a fork share their modules) and answering a frame it has already seen from memory. A file
 * analyses the same generated clips over and over, on each database: the model gives the same people for
 * the same pixels, so only the first look at each picture needs it (the pose stage itself is tested on real
 * footage in pose.test.ts and pose-footage.test.ts).
 */
const testPose = rememberedPose();

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  fresh: FreshDatabase;
  config: AppConfig;
  /** Closes the app (and with it the database connection) and drops the database. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Called before the app is ready, to add routes that exercise shared machinery. */
  extend?: (app: App) => void;
  clock?: Clock;
  /** Where the app's log lines go (at level info), for tests of what is logged. */
  logStream?: Writable;
  /** Hub intervals and the real-time backplane's channel prefix. */
  realtime?: AppDependencies['realtime'];
  /** Polling and retries of the job queue. */
  jobOptions?: AppDependencies['jobOptions'];
  /** Registers the job handlers; also how a test reaches the app's services. */
  jobHandlers?: AppDependencies['jobHandlers'];
  /** The analysis's pose model (a replay of generated skeletons, say). */
  poseDetector?: AppDependencies['poseDetector'];
}

/** A real app on a fresh, migrated database of the target's dialect, for `app.inject`. */
export async function createTestApp(target: DatabaseTarget, options: TestAppOptions = {}): Promise<TestContext> {
  const fresh = await target.create();
  const config = loadConfig(
    { DATA_DIR: fresh.dataDir, LOG_LEVEL: 'silent', ...options.env },
    { cwd: fresh.dataDir, webDistDir: path.join(fresh.dataDir, 'no-web-app') },
  );
  const database = await fresh.open();
  const secrets = await loadSecrets(config.dataDir, config.tokenSigningKey);
  const app = await buildApp(
    {
      config,
      database,
      secrets,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.realtime ? { realtime: options.realtime } : {}),
      ...(options.jobHandlers ? { jobHandlers: options.jobHandlers } : {}),
      poseDetector: options.poseDetector ?? testPose.detector,
      // With REDIS_URL, each app's BullMQ jobs stay its own: another test's worker never takes them.
      jobOptions: { redisPrefix: `openmat-test-${randomBytes(6).toString('hex')}`, ...options.jobOptions },
    },
    options.logStream ? { logger: { ...loggerOptions(config), level: 'info', stream: options.logStream } } : {},
  );
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    fresh,
    config,
    async close() {
      await app.close();
      await fresh.drop();
    },
  };
}

/**
 * The app on an existing database and data folder, as a restarted process would be: the same DATA_DIR,
 * the same signing key. The caller closes it; the database stays for the next one.
 */
export async function createAppOn(
  fresh: FreshDatabase,
  options: {
    env?: Record<string, string>;
    jobOptions?: AppDependencies['jobOptions'];
    jobHandlers?: AppDependencies['jobHandlers'];
    clock?: Clock;
  } = {},
): Promise<App> {
  const config = loadConfig(
    {
      DATA_DIR: fresh.dataDir,
      LOG_LEVEL: 'silent',
      ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
      ...options.env,
    },
    { cwd: fresh.dataDir, webDistDir: path.join(fresh.dataDir, 'no-web-app') },
  );
  const database = await fresh.open();
  const secrets = await loadSecrets(config.dataDir, config.tokenSigningKey);
  const app = await buildApp({
    config,
    database,
    secrets,
    ...(options.jobOptions ? { jobOptions: options.jobOptions } : {}),
    ...(options.jobHandlers ? { jobHandlers: options.jobHandlers } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    poseDetector: testPose.detector,
  });
  await app.ready();
  return app;
}
