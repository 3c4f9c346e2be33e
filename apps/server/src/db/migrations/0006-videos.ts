import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Uploaded videos and who they were shared with. A video's bytes live in the blob storage under its
 * keys; the row is written only once the file is stored, so a failed upload leaves no row behind.
 */
export function createVideos({ idColumn, floatType }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('videos')
        .addColumn('id', 'integer', idColumn)
        .addColumn('uploader_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('fighter_id', 'integer', (col) => col.references('fighters.id').onDelete('set null'))
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('student_identifier', 'text', (col) => col.notNull())
        .addColumn('martial_art', 'text', (col) => col.notNull())
        .addColumn('original_name', 'text', (col) => col.notNull())
        // SHA-256 of the bytes, hex: the same bytes from the same uploader are one video.
        .addColumn('sha256', 'text', (col) => col.notNull())
        // Bytes up to VIDEO_MAX_BYTES (4 GiB and more): an 8-byte float holds them exactly.
        .addColumn('size_bytes', floatType, (col) => col.notNull())
        .addColumn('duration_seconds', floatType)
        .addColumn('source_key', 'text', (col) => col.notNull())
        .addColumn('source_type', 'text', (col) => col.notNull())
        // The browser-playable file (the source itself when it already plays) and the poster image.
        .addColumn('playable_key', 'text')
        .addColumn('poster_key', 'text')
        .addColumn('processing', 'text', (col) => col.notNull())
        .addColumn('ai_analysis_result', 'text')
        .addColumn('uploaded_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('videos_uploader_sha256_key', ['uploader_user_id', 'sha256'])
        .execute();
      await db.schema.createIndex('videos_uploader_idx').on('videos').columns(['uploader_user_id', 'id']).execute();

      await db.schema
        .createTable('video_shares')
        .addColumn('video_id', 'integer', (col) => col.notNull().references('videos.id').onDelete('cascade'))
        .addColumn('recipient_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('shared_by_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('shared_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('video_shares_pkey', ['video_id', 'recipient_user_id'])
        .execute();
      await db.schema
        .createIndex('video_shares_recipient_idx')
        .on('video_shares')
        .columns(['recipient_user_id', 'shared_at'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('video_shares').execute();
      await db.schema.dropTable('videos').execute();
    },
  };
}
