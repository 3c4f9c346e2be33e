import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** Training sessions and their rosters. */
export function createTrainingSessions({ idColumn, floatType }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('training_sessions')
        .addColumn('id', 'integer', idColumn)
        // The instructor who owns the session and alone may change it.
        .addColumn('owner_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('instructor_fighter_id', 'integer', (col) =>
          col.notNull().references('fighters.id').onDelete('cascade'),
        )
        .addColumn('training_date', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('capacity', 'integer', (col) => col.notNull())
        .addColumn('duration', floatType, (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('target_level', 'text', (col) => col.notNull())
        // The roster size, kept with the roster in one transaction; capacity is checked against it.
        .addColumn('attendee_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('is_curriculum_generated', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('raw_fighter_pairs_json', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('training_sessions_date_idx')
        .on('training_sessions')
        .column('training_date')
        .execute();
      await db.schema
        .createIndex('training_sessions_owner_idx')
        .on('training_sessions')
        .column('owner_user_id')
        .execute();

      await db.schema
        .createTable('session_attendees')
        .addColumn('session_id', 'integer', (col) =>
          col.notNull().references('training_sessions.id').onDelete('cascade'),
        )
        .addColumn('fighter_id', 'integer', (col) => col.notNull().references('fighters.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('session_attendees_pkey', ['session_id', 'fighter_id'])
        .execute();
      await db.schema
        .createIndex('session_attendees_fighter_idx')
        .on('session_attendees')
        .column('fighter_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('session_attendees').execute();
      await db.schema.dropTable('training_sessions').execute();
    },
  };
}
