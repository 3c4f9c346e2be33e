import { fileURLToPath } from 'node:url';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createJobBackend } from '../job-backend.js';
import { registerJobHandlers } from '../jobs/handlers.js';
import { JobRegistry } from '../jobs/registry.js';
import { systemClock } from '../lib/clock.js';
import { loadSecrets } from '../lib/secrets.js';
import { createServices } from '../services/services.js';
import { createEventBus } from '../realtime/event-bus.js';

/**
 * A worker process (`npm run worker`): the services and the job handlers, no HTTP. With REDIS_URL it
 * consumes BullMQ, without it the database queue, next to the API's own in-process worker
 * (docs/decisions/0019-durable-jobs.md). It reads the same settings as the API.
 */
function readConfig(): AppConfig {
  try {
    return loadConfig(process.env, {
      cwd: process.cwd(),
      webDistDir: fileURLToPath(new URL('../../../web/dist/', import.meta.url)),
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = pino({ level: config.logLevel, name: 'worker' });
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'openmat.sqlite'),
  onIdleConnectionError: (error) => log.error({ err: error }, 'database connection error'),
});
await migrateToLatest(database);
const secrets = await loadSecrets(config.dataDir, config.tokenSigningKey);
const jobBackend = createJobBackend({ config, database, clock: systemClock, log });
// A worker has no hubs. With REDIS_URL its events go over the backplane to the API instances that hold
// the connections; without Redis no connection can be in this process, so publishing does nothing here
// (run analyses in the API's in-process worker to get their notifications).
const eventBus = createEventBus({ redisUrl: config.redisUrl }, null, log);
await eventBus.start();
const services = createServices({ config, database, secrets, log, jobs: jobBackend.queue, events: eventBus.publisher });
const registry = new JobRegistry(log);
registerJobHandlers(registry, services);
// One job at a time: a video job keeps a core busy, and more capacity is another worker process.
const worker = jobBackend.startWorker(registry, { concurrency: 1 });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'shutting down after an error');
  else log.info({ signal }, 'shutting down');
  await worker.close();
  await jobBackend.close();
  await eventBus.close();
  await database.destroy();
});

log.info(`OpenMat worker is running jobs from ${jobBackend.kind === 'bullmq' ? 'Redis' : database.dialect}`);
