import type { FastifyBaseLogger } from 'fastify';
import type { JobFailure, JobRunner } from './registry.js';

/** A job a worker has claimed: it holds the lease until `lockToken`'s lease runs out. */
export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  /** Tries started, this one included. */
  attempts: number;
  maxAttempts: number;
  lockToken: string;
}

/**
 * The database queue as its worker sees it (the repository that implements it is handed in by the
 * wiring). Every change to a claimed job is made only while the claim is still the job's: a method
 * answers false when the lease was lost to another worker, and then changes nothing.
 */
export interface JobStore {
  /** Claims the next job due, or a running one whose lease ran out, atomically, for `leaseMs`. */
  claim(leaseMs: number): Promise<ClaimedJob | undefined>;
  renewLease(job: ClaimedJob, leaseMs: number): Promise<boolean>;
  complete(job: ClaimedJob): Promise<boolean>;
  /** Queues the job again, to run after `delayMs`. */
  retry(job: ClaimedJob, error: string, delayMs: number): Promise<boolean>;
  fail(job: ClaimedJob, error: string): Promise<boolean>;
  /** Fails the running jobs whose lease ran out on their last try; answers them, each to one caller. */
  failAbandoned(error: string): Promise<JobFailure[]>;
  /** Calls `listener` whenever this process enqueues a job; answers the unsubscribe. */
  onEnqueued(listener: () => void): () => void;
}

export interface DatabaseWorkerOptions {
  /** Jobs run at once (default 1: a video job keeps a core busy). */
  concurrency?: number;
  /** How often the queue is asked when nothing woke the worker (default 1 s). */
  pollMs?: number;
  /** How long a claim lasts without renewal (default 60 s); renewed every third of it while running. */
  leaseMs?: number;
  /** The wait before the second try, doubled for each try after it (default 10 s). */
  backoffMs?: number;
}

/** Told when a job was interrupted on its last try: the worker holding it stopped. */
export const ABANDONED_ERROR = 'The job was interrupted on its last try: the worker running it stopped.';

/**
 * Runs the database queue's jobs in this process: it claims due jobs up to its concurrency, renews
 * their leases while they run, and records each try's outcome. A job enqueued by this process wakes
 * it at once; jobs from other processes, retries and lapsed leases are found by polling.
 */
export class DatabaseJobWorker {
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly backoffMs: number;
  private readonly running = new Set<Promise<void>>();
  private state: 'new' | 'started' | 'closed' = 'new';
  private filling: Promise<void> | undefined;
  private fillAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly store: JobStore,
    private readonly runner: JobRunner,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    options: DatabaseWorkerOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.backoffMs = options.backoffMs ?? 10_000;
  }

  start(): void {
    if (this.state !== 'new') return;
    this.state = 'started';
    this.unsubscribe = this.store.onEnqueued(() => this.wake());
    this.wake();
  }

  /**
   * Stops claiming and waits for the running jobs to finish. A process that is killed before they do
   * leaves their leases to run out, and another worker takes them over.
   */
  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.timer);
    this.unsubscribe?.();
    await this.filling;
    await Promise.all(this.running);
  }

  private wake(): void {
    if (this.state !== 'started') return;
    if (this.filling) {
      this.fillAgain = true;
      return;
    }
    this.fillAgain = false;
    clearTimeout(this.timer);
    this.filling = this.fill().finally(() => {
      this.filling = undefined;
      if (this.state !== 'started') return;
      // A wake-up that came after the last claim looked for work looks again now, not a poll later.
      if (this.fillAgain) {
        this.wake();
        return;
      }
      // Not unref'd: in the worker process the poll is what keeps the process alive.
      this.timer = setTimeout(() => this.wake(), this.pollMs);
    });
  }

  /** Claims jobs until the worker is full or nothing is due. Claims never overlap in one worker. */
  private async fill(): Promise<void> {
    try {
      do {
        this.fillAgain = false;
        for (const failure of await this.store.failAbandoned(ABANDONED_ERROR)) await this.runner.failed(failure);
        while (this.state === 'started' && this.running.size < this.concurrency) {
          const job = await this.store.claim(this.leaseMs);
          if (!job) break;
          const run: Promise<void> = this.run(job).finally(() => {
            this.running.delete(run);
            this.wake();
          });
          this.running.add(run);
        }
      } while (this.fillAgain && this.state === 'started');
    } catch (error) {
      this.log.error({ err: error }, 'the job worker could not reach the job queue');
    }
  }

  /** One try of a claimed job, with its outcome recorded. Never throws. */
  private async run(job: ClaimedJob): Promise<void> {
    const renewal = setInterval(() => {
      this.store.renewLease(job, this.leaseMs).then(
        (kept) => {
          if (!kept) this.log.warn({ job: job.name, id: job.id }, "a running job's lease was taken over");
        },
        (error: unknown) => this.log.error({ err: error, job: job.name, id: job.id }, 'a job lease was not renewed'),
      );
    }, this.leaseMs / 3);
    renewal.unref();
    try {
      const outcome = await this.runner
        .execute({
          id: String(job.id),
          name: job.name,
          payload: job.payload,
          attempt: job.attempts,
          maxAttempts: job.maxAttempts,
        })
        .finally(() => clearInterval(renewal));
      if (outcome.ok) {
        await this.store.complete(job);
      } else if (outcome.retry && job.attempts < job.maxAttempts) {
        await this.store.retry(job, outcome.error, this.backoffMs * 2 ** (job.attempts - 1));
      } else if (await this.store.fail(job, outcome.error)) {
        await this.runner.failed({
          name: job.name,
          payload: job.payload,
          error: outcome.error,
          attempts: job.attempts,
        });
      }
    } catch (error) {
      this.log.error({ err: error, job: job.name, id: job.id }, 'the outcome of a job was not recorded');
    }
  }
}
