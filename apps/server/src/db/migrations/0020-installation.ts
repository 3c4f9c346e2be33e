import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Facts about the installation that every process checks against itself, by name. The first is the
 * id of the DATA_DIR that keeps the videos and uploads when there is no bucket
 * (docs/decisions/0032-scale-out.md): a second instance on another folder is refused at its start.
 */
export function createInstallation(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('installation')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('installation').execute();
    },
  };
}
