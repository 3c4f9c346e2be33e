import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { createJobBackend } from '../job-backend.js';
import { registerJobHandlers } from '../jobs/handlers.js';
import { JobRegistry } from '../jobs/registry.js';
import { systemClock } from '../lib/clock.js';
import { createServices } from '../services/services.js';
import { createEventBus } from '../realtime/event-bus.js';
import { startUp } from './startup.js';

/**
 * A worker process (`npm run worker`): the services and the job handlers, no HTTP. With REDIS_URL it
 * consumes BullMQ, without it the database queue, next to the API's own in-process worker
 * (docs/decisions/0019-durable-jobs.md). It reads the same settings as the API.
 */
let log = pino({ name: 'worker' });
const { config, database, secrets } = await startUp((settings) => {
  log = pino({ level: settings.logLevel, name: 'worker' });
  return (error) => log.error({ err: error }, 'database connection error');
});
const jobBackend = createJobBackend(
  { config, database, clock: systemClock, log },
  { leaseMs: config.jobLeaseSeconds * 1000, redisPrefix: config.redisPrefix },
);
// A worker has no hubs. With REDIS_URL its events go over the backplane to the API instances that hold
// the connections; without Redis no connection can be in this process, so publishing does nothing here
// (run analyses in the API's in-process worker to get their notifications).
const eventBus = createEventBus({ redisUrl: config.redisUrl, channelPrefix: config.redisPrefix }, null, log);
await eventBus.start();
const services = createServices({
  config,
  database,
  secrets,
  log,
  jobs: jobBackend.queue,
  outbox: jobBackend.outbox,
  events: eventBus.publisher,
});
const registry = new JobRegistry(log);
registerJobHandlers(registry, services);
// One job at a time: a video job keeps a core busy, and more capacity is another worker process.
const worker = jobBackend.startWorker(registry, { concurrency: 1 });
// Jobs written with their rows (the outbox) reach the queue from every process, those of a crash included.
const relay = jobBackend.startRelay(log);
// A worker's own leftovers (copies it held when it was killed) are swept at start and every hour.
const sweepScratch = () =>
  services.videos.sweepScratch().catch((err: unknown) => log.warn({ err }, 'sweeping the scratch folder failed'));
await sweepScratch();
const sweep = setInterval(() => void sweepScratch(), 60 * 60 * 1000).unref();
// Work under way that no queue holds a job for (a lost final failure, Redis emptied) is queued again.
const requeueUnfinished = () =>
  services.unfinishedWork
    .requeue()
    .catch((err: unknown) => log.warn({ err }, 'looking for work left without a job failed'));
await requeueUnfinished();
const requeue = setInterval(() => void requeueUnfinished(), 60 * 1000).unref();

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'shutting down after an error');
  else log.info({ signal }, 'shutting down');
  clearInterval(sweep);
  clearInterval(requeue);
  await relay.close();
  await worker.close();
  await jobBackend.close();
  services.videos.close();
  await eventBus.close();
  await database.destroy();
});

log.info(
  `OpenMat worker is running jobs from ${jobBackend.kind === 'bullmq' ? 'Redis' : database.dialect} (data in ${config.dataDir})`,
);
