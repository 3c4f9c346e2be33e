import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The job outbox (docs/decisions/0025-job-outbox.md): a job a request asks for is written in the same
 * transaction as the row it is about (a new video, a queued analysis), and handed to the job queue
 * afterwards. A crash, or Redis away, between the two can no longer leave a video "Processing…" or an
 * analysis "queued" with no job behind it.
 */
export function createJobOutbox({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('job_outbox')
        .addColumn('id', 'integer', idColumn)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('payload_json', 'text', (col) => col.notNull())
        .addColumn('job_key', 'text')
        .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
        // A relay that took the row holds it until then; past it, another relay may take it.
        .addColumn('claimed_until', 'text')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('job_outbox').execute();
    },
  };
}
