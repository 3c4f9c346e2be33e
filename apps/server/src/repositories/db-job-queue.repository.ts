import { randomUUID } from 'node:crypto';
import { JobPayloadSchemas, type JobName, type JobPayload } from '@openmat/contract/jobs';
import type { ExpressionBuilder, Kysely, Selectable, UpdateObject } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, JobsTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { parseJson } from '../lib/parse-json.js';

/** A job's row, as the worker and the tests read it. */
export interface StoredJob {
  id: number;
  name: string;
  payload: unknown;
  jobKey: string | null;
  /** queued, running, done or failed. */
  status: string;
  attempts: number;
  maxAttempts: number;
  runAfter: string;
  lockedUntil: string | null;
  lastError: string | null;
}

export interface ClaimedStoredJob extends StoredJob {
  lockToken: string;
}

export interface DbJobQueueOptions {
  /** Tries a job gets before it fails for good (default 3). */
  maxAttempts?: number;
}

/**
 * The embedded job queue: jobs are rows of `jobs` in the app's own database, SQLite or PostgreSQL
 * (docs/decisions/0019-durable-jobs.md). A claim is one UPDATE of the row that a sub-select picks, so
 * two workers never claim one job: SQLite runs writes one at a time, and PostgreSQL's sub-select locks
 * the row it picks and skips rows another claim has locked. A claim is a lease: a running job whose
 * lease has run out (its worker stopped) is claimed again, until its tries are used up.
 */
export class DbJobQueueRepository {
  private readonly maxAttempts: number;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: Clock,
    options: DbJobQueueOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  /**
   * Queues a job, checked against its contract schema first. With a `jobKey`, a job of that name and key
   * is queued once (a partial unique index says so, atomically): asked for while one waits, it joins that
   * one; asked for while one runs, it is kept on the running row and queued as soon as that run ends, so a
   * request made during a run is never lost and the key's runs never overlap. Asked for again meanwhile,
   * only the latest request is kept.
   */
  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options: { jobKey?: string; priority?: number; delaySeconds?: number } = {},
  ): Promise<void> {
    const checked = JobPayloadSchemas[name].parse(payload);
    const clockNow = this.clock.now();
    const now = clockNow.toISOString();
    const runAfter = new Date(clockNow.getTime() + Math.max(0, options.delaySeconds ?? 0) * 1000).toISOString();
    const payloadJson = JSON.stringify(checked);
    const priority = Math.max(0, Math.floor(options.priority ?? 0));
    const jobKey = options.jobKey;
    // The key's job can end between two of these statements; three rounds see it through.
    for (let round = 0; round < 3; round++) {
      const inserted = await this.db
        .insertInto('jobs')
        .values({
          name,
          payload_json: payloadJson,
          job_key: jobKey ?? null,
          status: 'queued',
          max_attempts: this.maxAttempts,
          priority,
          run_after: runAfter,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (jobKey === undefined || Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) break;
      const kept = await this.db
        .updateTable('jobs')
        .set({ again_payload_json: payloadJson, again_priority: priority, again_run_after: runAfter })
        .where('name', '=', name)
        .where('job_key', '=', jobKey)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (kept.numUpdatedRows > 0n) break;
      const waiting = await this.db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', name)
        .where('job_key', '=', jobKey)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (waiting) break;
    }
    for (const listener of this.listeners) listener();
  }

  async stats(): Promise<{ waiting: number; running: number; oldestWaitingSeconds: number }> {
    const rows = await this.db
      .selectFrom('jobs')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('status', 'in', ['queued', 'running'])
      .groupBy('status')
      .execute();
    const queued = rows.find((row) => row.status === 'queued');
    const running = rows.find((row) => row.status === 'running');
    const oldest = queued?.oldest ? Date.parse(queued.oldest) : null;
    return {
      waiting: Number(queued?.count ?? 0),
      running: Number(running?.count ?? 0),
      oldestWaitingSeconds: oldest === null ? 0 : Math.max(0, (this.clock.now().getTime() - oldest) / 1000),
    };
  }

  /** Whether a job of this name and key waits or runs. */
  async has(name: JobName, jobKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', name)
      .where('job_key', '=', jobKey)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Drops the queued job of this name and key; a running one is left to its handler. */
  async cancel(name: JobName, jobKey: string): Promise<void> {
    await this.db
      .deleteFrom('jobs')
      .where('name', '=', name)
      .where('job_key', '=', jobKey)
      .where('status', '=', 'queued')
      .execute();
  }

  onEnqueued(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async claim(leaseMs: number): Promise<ClaimedStoredJob | undefined> {
    const now = this.clock.now();
    const nowText = now.toISOString();
    const lockToken = randomUUID();
    const next = this.db
      .selectFrom('jobs')
      .select('id')
      .where(claimable(nowText))
      .orderBy('priority')
      .orderBy('run_after')
      .orderBy('id')
      .limit(1)
      .$if(this.dialect === 'postgres', (query) => query.forUpdate().skipLocked());
    const row = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        locked_until: new Date(now.getTime() + leaseMs).toISOString(),
        lock_token: lockToken,
        updated_at: nowText,
      }))
      .where('id', '=', next)
      // Checked again on the row itself, so that a row claimed since the sub-select read it is left alone.
      .where(claimable(nowText))
      .returningAll()
      .executeTakeFirst();
    return row && { ...toStoredJob(row), lockToken };
  }

  async renewLease(job: { id: number; lockToken: string }, leaseMs: number): Promise<boolean> {
    const now = this.clock.now();
    return this.updateClaimed(job, {
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      updated_at: now.toISOString(),
    });
  }

  /** Done; a request kept while it ran is queued now. */
  async complete(job: { id: number; lockToken: string }): Promise<boolean> {
    return this.updateClaimed(job, (eb) => ({
      ...endOfRun(eb, 'done', null),
      updated_at: this.clock.now().toISOString(),
    }));
  }

  /** Queues the job again, to run after `delayMs`; a request kept while it ran stays kept. */
  async retry(job: { id: number; lockToken: string }, error: string, delayMs: number): Promise<boolean> {
    const now = this.clock.now();
    return this.updateClaimed(job, {
      status: 'queued',
      run_after: new Date(now.getTime() + delayMs).toISOString(),
      locked_until: null,
      lock_token: null,
      last_error: error,
      updated_at: now.toISOString(),
    });
  }

  /** Failed for good; a request kept while it ran is queued now. */
  async fail(job: { id: number; lockToken: string }, error: string): Promise<boolean> {
    return this.updateClaimed(job, (eb) => ({
      ...endOfRun(eb, 'failed', error),
      updated_at: this.clock.now().toISOString(),
    }));
  }

  /**
   * Fails the running jobs whose lease ran out on their last try; each is answered to one caller, with
   * the payload it ran with. A request kept while one ran is queued now.
   */
  async failAbandoned(error: string): Promise<{ name: string; payload: unknown; error: string; attempts: number }[]> {
    const now = this.clock.now().toISOString();
    const abandoned = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.and([
        eb('status', '=', 'running'),
        eb('locked_until', '<=', now),
        eb('attempts', '>=', eb.ref('max_attempts')),
      ]);
    const candidates = await this.db
      .selectFrom('jobs')
      .select(['id', 'name', 'payload_json', 'attempts'])
      .where(abandoned)
      .execute();
    const failed: { name: string; payload: unknown; error: string; attempts: number }[] = [];
    for (const row of candidates) {
      // Checked again on the row, so that of two workers only one fails it and answers it.
      const result = await this.db
        .updateTable('jobs')
        .set((eb) => ({ ...endOfRun(eb, 'failed', error), updated_at: now }))
        .where('id', '=', row.id)
        .where(abandoned)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) {
        failed.push({ name: row.name, payload: payloadOf(row.payload_json), error, attempts: row.attempts });
      }
    }
    return failed;
  }

  /** One job, for tests and diagnostics. */
  async find(id: number): Promise<StoredJob | undefined> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toStoredJob(row);
  }

  /** Every job, oldest first, for tests and diagnostics. */
  async list(): Promise<StoredJob[]> {
    const rows = await this.db.selectFrom('jobs').selectAll().orderBy('id').execute();
    return rows.map(toStoredJob);
  }

  private async updateClaimed(
    job: { id: number; lockToken: string },
    values:
      UpdateObject<Database, 'jobs'> | ((eb: ExpressionBuilder<Database, 'jobs'>) => UpdateObject<Database, 'jobs'>),
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(values)
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('lock_token', '=', job.lockToken)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

/**
 * The end of a run: the row becomes `final`, or, when it was asked for again while it ran, that request,
 * queued with fresh tries (one statement, so a request kept meanwhile is never lost between two).
 */
function endOfRun(eb: ExpressionBuilder<Database, 'jobs'>, final: 'done' | 'failed', error: string | null) {
  const again = eb('again_run_after', 'is not', null);
  return {
    status: eb.case().when(again).then('queued').else(final).end(),
    attempts: eb.case().when(again).then(0).else(eb.ref('attempts')).end(),
    payload_json: eb.fn.coalesce('again_payload_json', 'payload_json'),
    priority: eb.fn.coalesce('again_priority', 'priority'),
    run_after: eb.fn.coalesce('again_run_after', 'run_after'),
    last_error: error,
    locked_until: null,
    lock_token: null,
    again_payload_json: null,
    again_priority: null,
    again_run_after: null,
  };
}

/** A job a worker may claim now: due and queued, or running on a lapsed lease, with tries left. */
function claimable(now: string) {
  return (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', now)]),
      ]),
      eb('attempts', '<', eb.ref('max_attempts')),
    ]);
}

/** The stored payload; text that is not JSON reaches the registry as is and fails its schema there. */
function payloadOf(text: string): unknown {
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

function toStoredJob(row: Selectable<JobsTable>): StoredJob {
  return {
    id: row.id,
    name: row.name,
    payload: payloadOf(row.payload_json),
    jobKey: row.job_key,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAfter: row.run_after,
    lockedUntil: row.locked_until,
    lastError: row.last_error,
  };
}
