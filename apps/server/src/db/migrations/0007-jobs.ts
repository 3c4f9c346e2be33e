import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The embedded job queue (docs/decisions/0019-durable-jobs.md): one row per job, claimed by a worker
 * for a lease. A running job whose lease has run out belongs to a worker that stopped, and is claimed
 * again.
 */
export function createJobs({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'integer', idColumn)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('payload_json', 'text', (col) => col.notNull())
        .addColumn('job_key', 'text')
        // queued, running, done or failed.
        .addColumn('status', 'text', (col) => col.notNull())
        // Tries started so far, counted when a worker claims the job.
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (col) => col.notNull())
        .addColumn('run_after', 'text', (col) => col.notNull())
        // The lease of a running job, and the claim it belongs to: a worker whose lease was taken over
        // can no longer finish the job.
        .addColumn('locked_until', 'text')
        .addColumn('lock_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'run_after', 'id']).execute();
      // A job key is unique among the jobs still to run, so enqueueing it twice queues it once.
      await db.schema
        .createIndex('jobs_active_key_idx')
        .on('jobs')
        .columns(['name', 'job_key'])
        .unique()
        .where(sql.ref('status'), 'in', ['queued', 'running'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('jobs').execute();
    },
  };
}
