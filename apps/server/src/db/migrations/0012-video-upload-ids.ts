import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The resumable upload a video was made from (docs/decisions/0021-resumable-uploads-with-tus.md): finishing
 * an upload is keyed by its id, so a finish that is tried again (after a crash, by a resumed client, or
 * by the sweep at start) answers the same video instead of making a second one or losing the first.
 */
export function createVideoUploadIds(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('videos').addColumn('upload_id', 'text').execute();
      await db.schema.createIndex('videos_upload_id_idx').on('videos').column('upload_id').unique().execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('videos_upload_id_idx').execute();
      await db.schema.alterTable('videos').dropColumn('upload_id').execute();
    },
  };
}
