import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Bounds on what one account can make the server do (docs/decisions/0024-media-inputs-and-budgets.md):
 * a job's priority, so that one account's long queue cannot starve everyone else's jobs, and one
 * "was this helpful?" per reader and analysis.
 */
export function createVideoLimits(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Lower runs first: the work its owner already had waiting when it was queued.
      await db.schema
        .alterTable('jobs')
        .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.dropIndex('jobs_claim_idx').execute();
      await db.schema
        .createIndex('jobs_claim_idx')
        .on('jobs')
        .columns(['status', 'priority', 'run_after', 'id'])
        .execute();
      // A reader's earlier votes go; their latest one stays.
      await sql`delete from analysis_feedback where id not in (
        select max(id) from analysis_feedback group by video_id, user_id)`.execute(db);
      await db.schema
        .createIndex('analysis_feedback_reader_idx')
        .on('analysis_feedback')
        .columns(['video_id', 'user_id'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('analysis_feedback_reader_idx').execute();
      await db.schema.dropIndex('jobs_claim_idx').execute();
      await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'run_after', 'id']).execute();
      await db.schema.alterTable('jobs').dropColumn('priority').execute();
    },
  };
}
