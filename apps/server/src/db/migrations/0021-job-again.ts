import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The job asked for again while its key's job runs (docs/decisions/0019-durable-jobs.md, "asked again
 * while it runs"): the running row keeps the latest such request, and becomes that job, queued, once
 * its own run ends. At most one job of a key runs and one more waits, as BullMQ's `keepLastIfActive`.
 */
export function createJobAgain(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('jobs').addColumn('again_payload_json', 'text').execute();
      await db.schema.alterTable('jobs').addColumn('again_priority', 'integer').execute();
      await db.schema.alterTable('jobs').addColumn('again_run_after', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('jobs').dropColumn('again_run_after').execute();
      await db.schema.alterTable('jobs').dropColumn('again_priority').execute();
      await db.schema.alterTable('jobs').dropColumn('again_payload_json').execute();
    },
  };
}
