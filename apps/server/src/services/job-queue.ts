import type { JobName, JobPayload } from '@openmat/contract/jobs';

export interface EnqueueOptions {
  /**
   * Names the work, so that it is queued once: enqueueing a job of the same name and key while one is
   * queued joins that one. While one runs, the latest such request is kept and queued when the run ends,
   * so a key has at most one job running and one waiting, and a request made during a run is never lost.
   */
  jobKey?: string;
  /**
   * Lower runs first (default 0): the work the job's owner already has waiting, so that one account's
   * long queue takes turns with everyone else's instead of starving them.
   */
  priority?: number;
  /**
   * Seconds to wait before the job may run (default 0). With a `jobKey`, what is asked meanwhile joins
   * the waiting job: a burst of requests makes one run, this long after the first.
   */
  delaySeconds?: number;
}

/**
 * Where services put background work (docs/decisions/0019-durable-jobs.md). The job survives a
 * restart; a handler registered in `jobs/` runs it later, in this process or in a worker process.
 * The database queue and BullMQ both implement it, so services never know which one runs.
 */
export interface JobQueue {
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<void>;
  /** How many jobs wait and run, and how long the oldest waiting one has waited (the metrics). */
  stats(): Promise<{ waiting: number; running: number; oldestWaitingSeconds: number }>;
  /** Whether a job of this name and key waits or runs (so that work left without one can be told apart). */
  has(name: JobName, jobKey: string): Promise<boolean>;
  /** Drops the job of this name and key while it waits (a running one is stopped by its handler). */
  cancel(name: JobName, jobKey: string): Promise<void>;
}
