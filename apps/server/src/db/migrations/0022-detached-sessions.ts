import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * A session of the weekly schedule changed on its own ("This session only",
 * docs/decisions/0031-weekly-schedule.md): a later change of its class's following sessions leaves it
 * as it is, and a holiday acts on the day it now takes place, not on the day it was created for.
 */
export function createDetachedSessions(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('training_sessions')
        .addColumn('detached', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('training_sessions').dropColumn('detached').execute();
    },
  };
}
