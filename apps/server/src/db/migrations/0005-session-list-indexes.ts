import type { Kysely } from 'kysely';

/**
 * Indexes for the bounded, keyset-paged session list (docs/decisions/0014-bounded-session-list.md):
 * every page is a range scan of one of them in (training_date, id) order, either way, with or without
 * a status filter, and the page's rosters come from a covering index in check-in order. The composite
 * index replaces the one on training_date alone.
 */
export function createSessionListIndexes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('training_sessions_date_id_idx')
        .on('training_sessions')
        .columns(['training_date', 'id'])
        .execute();
      await db.schema
        .createIndex('training_sessions_status_date_id_idx')
        .on('training_sessions')
        .columns(['status', 'training_date', 'id'])
        .execute();
      await db.schema.dropIndex('training_sessions_date_idx').execute();
      // The rosters of a page in check-in order, read from the index alone.
      await db.schema
        .createIndex('session_attendees_session_order_idx')
        .on('session_attendees')
        .columns(['session_id', 'created_at', 'fighter_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('session_attendees_session_order_idx').execute();
      await db.schema
        .createIndex('training_sessions_date_idx')
        .on('training_sessions')
        .column('training_date')
        .execute();
      await db.schema.dropIndex('training_sessions_status_date_id_idx').execute();
      await db.schema.dropIndex('training_sessions_date_id_idx').execute();
    },
  };
}
