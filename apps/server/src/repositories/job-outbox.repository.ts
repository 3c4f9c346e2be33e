import { JobPayloadSchemas, type JobName, type JobPayload } from '@openmat/contract/jobs';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { parseJson } from '../lib/parse-json.js';

/** A job to hand to the queue once the transaction that asked for it has committed. */
export type JobIntent = {
  [N in JobName]: { name: N; payload: JobPayload<N>; jobKey?: string; priority?: number };
}[JobName];

/** An outbox row a relay has taken. */
export interface OutboxEntry {
  id: number;
  name: string;
  payload: unknown;
  jobKey: string | null;
  priority: number;
}

/**
 * The job outbox (docs/decisions/0025-job-outbox.md): repositories write a job's intent in the
 * transaction that writes the row it is about; the relay takes the rows, hands each to the job queue
 * and removes it. A relay takes a row for a lease, so two processes never hand on the same row at once,
 * and a relay that died holding one lets go of it when the lease runs out.
 */
export class JobOutboxRepository {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: Clock,
  ) {}

  /** Writes the intent inside `trx`, checked against the job's contract schema first. */
  async add(trx: Transaction<Database>, job: JobIntent): Promise<void> {
    const payload: unknown = JobPayloadSchemas[job.name].parse(job.payload);
    await trx
      .insertInto('job_outbox')
      .values({
        name: job.name,
        payload_json: JSON.stringify(payload),
        job_key: job.jobKey ?? null,
        priority: Math.max(0, Math.floor(job.priority ?? 0)),
        created_at: this.clock.now().toISOString(),
      })
      .execute();
  }

  /** Tells this process's relay that rows were committed, so it need not wait for its next look. */
  written(): void {
    for (const listener of this.listeners) listener();
  }

  onWritten(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether a job of this name and key is still in the outbox, not yet handed to the queue. */
  async holds(name: JobName, jobKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('job_outbox')
      .select('id')
      .where('name', '=', name)
      .where('job_key', '=', jobKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Takes up to `limit` rows, oldest first, for `leaseMs`: rows nobody holds, or whose holder's lease ran out. */
  async take(limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    const now = this.clock.now();
    const nowText = now.toISOString();
    const free = this.db
      .selectFrom('job_outbox')
      .select('id')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowText)]))
      .orderBy('id')
      .limit(limit)
      .$if(this.dialect === 'postgres', (query) => query.forUpdate().skipLocked());
    const rows = await this.db
      .updateTable('job_outbox')
      .set((eb) => ({
        claimed_until: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', free)
      // Checked again on the row itself, so that a row taken since the sub-select read it is left alone.
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowText)]))
      .returningAll()
      .execute();
    return rows
      .sort((a, b) => a.id - b.id)
      .map((row) => {
        const parsed = parseJson(row.payload_json);
        return {
          id: row.id,
          name: row.name,
          payload: parsed.ok ? parsed.value : row.payload_json,
          jobKey: row.job_key,
          priority: row.priority,
        };
      });
  }

  /** The row was handed to the queue. */
  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('job_outbox').where('id', '=', id).execute();
  }

  /** The queue would not take the row (Redis away): another look takes it again. */
  async release(id: number, error: string): Promise<void> {
    await this.db
      .updateTable('job_outbox')
      .set({ claimed_until: null, last_error: error.slice(0, 1000) })
      .where('id', '=', id)
      .execute();
  }

  /** The rows waiting, for tests and diagnostics. */
  async pending(): Promise<Array<{ name: string; payload: unknown }>> {
    const rows = await this.db.selectFrom('job_outbox').select(['name', 'payload_json']).orderBy('id').execute();
    return rows.map((row) => {
      const parsed = parseJson(row.payload_json);
      return { name: row.name, payload: parsed.ok ? parsed.value : row.payload_json };
    });
  }
}
