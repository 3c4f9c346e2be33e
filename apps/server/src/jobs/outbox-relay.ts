import { JobName, JobPayloadSchemas } from '@openmat/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../services/job-queue.js';

/** The outbox as the relay sees it (the repository that implements it is handed in by the wiring). */
export interface OutboxStore {
  /** Takes up to `limit` rows nobody holds, oldest first, for `leaseMs`. */
  take(
    limit: number,
    leaseMs: number,
  ): Promise<Array<{ id: number; name: string; payload: unknown; jobKey: string | null; priority: number }>>;
  remove(id: number): Promise<void>;
  release(id: number, error: string): Promise<void>;
  /** Calls `listener` when this process committed rows; answers the unsubscribe. */
  onWritten(listener: () => void): () => void;
}

export interface OutboxRelayOptions {
  /** How often the outbox is looked at when nothing woke the relay (default 1 s). */
  pollMs?: number;
  /** How long a taken row is held (default 30 s). */
  leaseMs?: number;
  /** Rows handed on per look (default 50). */
  batch?: number;
}

/**
 * Hands the outbox's jobs to the job queue (docs/decisions/0025-job-outbox.md), in every process that
 * runs it: woken at once by a write of its own process, and looking every second for the rest (rows
 * written by other instances, rows left by a relay that died, rows the queue refused while Redis was
 * away). A row is removed only once the queue took it, so a job is handed on at least once; the job
 * key makes a second hand-over of a job still waiting a no-op (of one running, one more idempotent run).
 */
export class OutboxRelay {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  /** Whether the queue refused the last hand-over, so that a long outage is logged once, not every second. */
  private failing = false;

  constructor(
    private readonly outbox: OutboxStore,
    private readonly queue: JobQueue,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
    options: OutboxRelayOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.batch = options.batch ?? 50;
    this.unsubscribe = outbox.onWritten(() => this.wake());
  }

  start(): void {
    this.wake();
  }

  /** Looks at the outbox now (or right after the look under way). */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'the job outbox could not be read');
      })
      .finally(() => {
        this.running = undefined;
        if (this.closed) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const rows = await this.outbox.take(this.batch, this.leaseMs);
      if (rows.length === 0) return;
      for (const row of rows) {
        const name = JobName.safeParse(row.name);
        const payload = name.success ? JobPayloadSchemas[name.data].safeParse(row.payload) : null;
        if (!name.success || !payload?.success) {
          // Written by another version of the app, say: never taken by any queue, so not kept either.
          this.log.error({ job: row.name }, 'an outbox row holds no job this version knows; it is dropped');
          await this.outbox.remove(row.id);
          continue;
        }
        try {
          await this.queue.enqueue(name.data, payload.data, {
            ...(row.jobKey === null ? {} : { jobKey: row.jobKey }),
            priority: row.priority,
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await this.outbox.release(row.id, message);
          if (!this.failing)
            this.log.warn({ err: error }, 'the job queue did not take a job; it is kept and tried again');
          this.failing = true;
          return;
        }
        if (this.failing) this.log.info('the job queue takes jobs again');
        this.failing = false;
        await this.outbox.remove(row.id);
      }
      if (rows.length < this.batch) return;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.unsubscribe();
    await this.running;
  }
}
