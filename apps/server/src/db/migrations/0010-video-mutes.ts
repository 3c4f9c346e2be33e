import type { Kysely } from 'kysely';

/**
 * Who muted whom for sharing: a muted sharer's shares are kept but neither announced to the recipient
 * nor listed for them, until the recipient unmutes (docs/decisions/0020-video-storage-and-uploads.md).
 */
export function createVideoMutes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('video_mutes')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('muted_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('muted_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('video_mutes_pkey', ['user_id', 'muted_user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('video_mutes').execute();
    },
  };
}
