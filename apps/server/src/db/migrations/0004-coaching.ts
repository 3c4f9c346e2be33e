import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** Pairing rounds, lesson plans with their feedback, and the technique-search cache. */
export function createCoaching({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('pairing_rounds')
        .addColumn('id', 'integer', idColumn)
        .addColumn('session_id', 'integer', (col) =>
          col.notNull().references('training_sessions.id').onDelete('cascade'),
        )
        .addColumn('round', 'integer', (col) => col.notNull())
        .addColumn('pairs_json', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('pairing_rounds_session_round_key', ['session_id', 'round'])
        .execute();

      // One row per pair, so that rotation can ask "who trained with whom lately" in SQL.
      await db.schema
        .createTable('pairing_partners')
        .addColumn('round_id', 'integer', (col) => col.notNull().references('pairing_rounds.id').onDelete('cascade'))
        .addColumn('session_id', 'integer', (col) =>
          col.notNull().references('training_sessions.id').onDelete('cascade'),
        )
        .addColumn('fighter_a', 'integer', (col) => col.notNull().references('fighters.id').onDelete('cascade'))
        .addColumn('fighter_b', 'integer', (col) => col.notNull().references('fighters.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('pairing_partners_session_idx').on('pairing_partners').column('session_id').execute();

      await db.schema
        .createTable('session_curricula')
        .addColumn('session_id', 'integer', (col) =>
          col.primaryKey().references('training_sessions.id').onDelete('cascade'),
        )
        .addColumn('curriculum_json', 'text', (col) => col.notNull())
        .addColumn('technique_ids', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('generation', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('curriculum_feedback')
        .addColumn('id', 'integer', idColumn)
        .addColumn('session_id', 'integer', (col) =>
          col.notNull().references('training_sessions.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('helpful', 'integer', (col) => col.notNull())
        .addColumn('generation', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('search_cache')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value_json', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'search_cache',
        'curriculum_feedback',
        'session_curricula',
        'pairing_partners',
        'pairing_rounds',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
