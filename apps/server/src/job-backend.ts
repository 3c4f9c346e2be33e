import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { DatabaseJobWorker } from './jobs/database-worker.js';
import type { JobRunner } from './jobs/registry.js';
import type { Clock } from './lib/clock.js';
import { BullmqJobQueue } from './repositories/bullmq-job-queue.repository.js';
import { DbJobQueueRepository } from './repositories/db-job-queue.repository.js';
import type { JobQueue } from './services/job-queue.js';
import { JobOutboxRepository } from './repositories/job-outbox.repository.js';
import { OutboxRelay } from './jobs/outbox-relay.js';

/** Where the jobs live: the app's database by default, BullMQ on Redis when REDIS_URL is set. */
export interface JobBackend {
  kind: 'database' | 'bullmq';
  /** Where services enqueue. */
  queue: JobQueue;
  /** Jobs written with the rows they are about, for the relay to hand to `queue`. */
  outbox: JobOutboxRepository;
  /** Hands the outbox's jobs to the queue in this process, until the answer's `close`. */
  startRelay(log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>): { close(): Promise<void> };
  /** Runs jobs in this process with the runner's handlers, until the answer's `close`. */
  startWorker(runner: JobRunner, options?: { concurrency?: number }): { close(): Promise<void> };
  /** Lets go of the queue's connection; the database itself belongs to the caller. */
  close(): Promise<void>;
}

/** Knobs for tests; production takes the defaults. */
export interface JobBackendOptions {
  maxAttempts?: number;
  backoffMs?: number;
  pollMs?: number;
  leaseMs?: number;
  /** BullMQ's Redis key prefix. */
  redisPrefix?: string;
  /**
   * Whether this process hands the outbox's jobs to the queue (default true). Tests turn it off to
   * stand for a process that stopped right after a request's transaction committed.
   */
  relay?: boolean;
}

export interface JobBackendDependencies {
  config: Pick<AppConfig, 'redisUrl'>;
  database: DatabaseHandle;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Picks the job queue the configuration asks for (docs/decisions/0019-durable-jobs.md). */
export function createJobBackend(
  { config, database, clock, log }: JobBackendDependencies,
  options: JobBackendOptions = {},
): JobBackend {
  const outbox = new JobOutboxRepository(database.db, database.dialect, clock);
  const startRelay = (queue: JobQueue) => (relayLog: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>) => {
    const relay = new OutboxRelay(outbox, queue, relayLog, { pollMs: options.pollMs });
    relay.start();
    return relay;
  };
  if (config.redisUrl) {
    const queue = new BullmqJobQueue(
      {
        redisUrl: config.redisUrl,
        prefix: options.redisPrefix,
        maxAttempts: options.maxAttempts,
        backoffMs: options.backoffMs,
        leaseMs: options.leaseMs,
      },
      log,
      clock,
    );
    return {
      kind: 'bullmq',
      queue,
      outbox,
      startRelay: startRelay(queue),
      startWorker: (runner, workerOptions = {}) => queue.consume(runner, workerOptions),
      close: () => queue.close(),
    };
  }
  const queue = new DbJobQueueRepository(database.db, database.dialect, clock, { maxAttempts: options.maxAttempts });
  return {
    kind: 'database',
    queue,
    outbox,
    startRelay: startRelay(queue),
    startWorker(runner, workerOptions = {}) {
      const worker = new DatabaseJobWorker(queue, runner, log, {
        concurrency: workerOptions.concurrency,
        pollMs: options.pollMs,
        leaseMs: options.leaseMs,
        backoffMs: options.backoffMs,
      });
      worker.start();
      return worker;
    },
    close: () => Promise.resolve(),
  };
}
