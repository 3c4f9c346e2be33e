import type { Kysely } from 'kysely';

/**
 * An index for the members screen (issue 21): an instructor's sessions in date order, so that the
 * screen reads only that instructor's sessions (a fighter's roster rows have session_attendees_fighter_idx).
 */
export function createMemberIndexes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('training_sessions_owner_date_idx')
        .on('training_sessions')
        .columns(['owner_user_id', 'training_date', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('training_sessions_owner_date_idx').execute();
    },
  };
}
