import { JobPayloadSchemas, type JobName, type JobPayload } from '@openmat/contract/jobs';
import { Queue, UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../lib/clock.js';

/** What runs a job's try and hears of its final failure: the job registry, handed in by the wiring. */
export interface BullmqJobRunner {
  execute(run: {
    id?: string;
    name: string;
    payload: unknown;
    attempt: number;
    maxAttempts: number;
  }): Promise<{ ok: true } | { ok: false; error: string; retry: boolean }>;
  failed(failure: { name: string; payload: unknown; error: string; attempts: number }): Promise<void>;
}

export interface BullmqJobQueueOptions {
  redisUrl: string;
  /** Namespaces the Redis keys (default `openmat`); tests use one of their own per run. */
  prefix?: string;
  /** Tries a job gets before it fails for good (default 3). */
  maxAttempts?: number;
  /** The wait before the second try, doubled for each try after it (default 10 s). */
  backoffMs?: number;
  /** BullMQ's lock of a running job, and how often stalled jobs are looked for (default 30 s). */
  leaseMs?: number;
}

/** The largest priority BullMQ takes. */
const MAX_PRIORITY = 2_097_152;

/** The states of a job still to run or running. */
const LIVE_STATES = new Set(['waiting', 'prioritized', 'delayed', 'active', 'waiting-children']);

/** Every job shares one queue; a job's BullMQ name is its contract name. */
const QUEUE_NAME = 'jobs';

/**
 * The job queue on BullMQ and Redis, for installations with REDIS_URL (docs/decisions/0019-durable-jobs.md):
 * the same enqueue as the database queue, and workers, in this process or in `worker.ts` processes, that
 * run the same registry's handlers. Finished jobs are trimmed so Redis does not grow without bound.
 */
export class BullmqJobQueue {
  private readonly queue: Queue;
  private readonly prefix: string;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;

  constructor(
    private readonly options: BullmqJobQueueOptions,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly clock: Clock = systemClock,
  ) {
    this.prefix = options.prefix ?? 'openmat';
    this.maxAttempts = options.maxAttempts ?? 3;
    this.backoffMs = options.backoffMs ?? 10_000;
    // Without an offline queue an enqueue fails at once while Redis is away, instead of hanging the request.
    this.queue = new Queue(QUEUE_NAME, {
      connection: { url: options.redisUrl, enableOfflineQueue: false },
      prefix: this.prefix,
    });
    this.queue.on('error', (error) => this.log.error({ err: error }, 'the job queue lost Redis'));
  }

  /**
   * Queues a job, checked against its contract schema first. A `jobKey` becomes BullMQ's deduplication
   * id, as the database queue's key: asked for while its job waits, it joins that job; asked for while it
   * runs, the latest such request is kept and queued when the run ends (`keepLastIfActive`), so a request
   * made during a run is never lost and the key's runs never overlap.
   */
  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options: { jobKey?: string; priority?: number; delaySeconds?: number } = {},
  ): Promise<void> {
    const checked = JobPayloadSchemas[name].parse(payload);
    const priority = Math.max(0, Math.floor(options.priority ?? 0));
    const delay = Math.round(Math.max(0, options.delaySeconds ?? 0) * 1000);
    await this.queue.add(name, checked, {
      // BullMQ takes the jobs without a priority first, then the lower priorities (1 to 2 097 152):
      // the work of an owner with none waiting goes ahead of an owner's long queue.
      ...(priority > 0 ? { priority: Math.min(MAX_PRIORITY, priority) } : {}),
      ...(delay > 0 ? { delay } : {}),
      attempts: this.maxAttempts,
      backoff: { type: 'exponential', delay: this.backoffMs },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
      ...(options.jobKey === undefined
        ? {}
        : { deduplication: { id: `${name}|${options.jobKey}`, keepLastIfActive: true } }),
    });
  }

  async stats(): Promise<{ waiting: number; running: number; oldestWaitingSeconds: number }> {
    const counts = await this.queue.getJobCounts('wait', 'prioritized', 'delayed', 'active');
    const [oldest] = await this.queue.getJobs(['wait'], 0, 0, true);
    const [oldestPrioritized] = await this.queue.getJobs(['prioritized'], -1, -1);
    const stamps = [oldest?.timestamp, oldestPrioritized?.timestamp].filter((stamp) => stamp !== undefined);
    const first = stamps.length > 0 ? Math.min(...stamps) : null;
    return {
      waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
      running: counts.active ?? 0,
      oldestWaitingSeconds: first === null ? 0 : Math.max(0, (this.clock.now().getTime() - first) / 1000),
    };
  }

  /** Whether a job of this name and key waits, waits for a retry, or runs. */
  async has(name: JobName, jobKey: string): Promise<boolean> {
    const jobId = await this.queue.getDeduplicationJobId(`${name}|${jobKey}`);
    const job = jobId ? await this.queue.getJob(jobId) : undefined;
    if (!job) return false;
    return LIVE_STATES.has(await job.getState());
  }

  /** Drops the job of this name and key while it waits; a running one (locked) is left to its handler. */
  async cancel(name: JobName, jobKey: string): Promise<void> {
    const jobId = await this.queue.getDeduplicationJobId(`${name}|${jobKey}`);
    if (!jobId) return;
    const job = await this.queue.getJob(jobId);
    if (!job || (await job.isActive())) return;
    // Taken by a worker since it was looked up: its handler sees the video gone and stops.
    await job.remove().catch(() => undefined);
  }

  /** Runs the queue's jobs in this process until the answer's `close`, `concurrency` at a time. */
  consume(runner: BullmqJobRunner, options: { concurrency?: number } = {}): { close(): Promise<void> } {
    const connection: ConnectionOptions = { url: this.options.redisUrl, maxRetriesPerRequest: null };
    const worker = new Worker(
      QUEUE_NAME,
      async (job: Job) => {
        const outcome = await runner.execute({
          ...(job.id === undefined ? {} : { id: job.id }),
          name: job.name,
          payload: job.data,
          attempt: job.attemptsMade + 1,
          maxAttempts: job.opts.attempts ?? 1,
        });
        if (!outcome.ok) throw outcome.retry ? new Error(outcome.error) : new UnrecoverableError(outcome.error);
      },
      {
        connection,
        prefix: this.prefix,
        concurrency: Math.max(1, options.concurrency ?? 1),
        ...(this.options.leaseMs === undefined
          ? {}
          : { lockDuration: this.options.leaseMs, stalledInterval: this.options.leaseMs }),
      },
    );
    worker.on('error', (error) => this.log.error({ err: error }, 'the job worker lost Redis'));
    // 'failed' is told of every failed try; only the last one, or one that must not be retried, is final.
    worker.on('failed', (job, error) => {
      if (!job) return;
      const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (!final) return;
      void runner.failed({ name: job.name, payload: job.data, error: error.message, attempts: job.attemptsMade });
    });
    return { close: () => worker.close() };
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
