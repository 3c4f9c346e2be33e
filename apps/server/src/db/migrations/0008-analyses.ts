import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Where the analysis of each video stands, and every correction a person made to it. The current
 * result (the analyser's, with the corrections applied) stays in `videos.ai_analysis_result`; the
 * analyser's own result is kept beside it, so that its agreement with the coaches can be measured.
 */
export function createAnalyses({ idColumn, floatType }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('video_analyses')
        .addColumn('video_id', 'integer', (col) => col.primaryKey().references('videos.id').onDelete('cascade'))
        // queued, running, completed or failed.
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('progress', floatType, (col) => col.notNull().defaultTo(0))
        // The language the findings are written in: the requester's.
        .addColumn('language', 'text', (col) => col.notNull())
        .addColumn('requested_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('analyzer', 'text')
        .addColumn('analyzer_result', 'text')
        .addColumn('error_message', 'text')
        // The optional vision model (AI_VIDEO_MODEL), so that no job pays for it twice: calls started,
        // calls that ended without a billed answer (unreachable, HTTP errors), and the answer once paid for.
        .addColumn('model_calls', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('model_unbilled', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('model_reply', 'text')
        .addColumn('requested_at', 'text', (col) => col.notNull())
        .addColumn('finished_at', 'text')
        .execute();

      await db.schema
        .createTable('analysis_corrections')
        .addColumn('id', 'integer', idColumn)
        .addColumn('video_id', 'integer', (col) => col.notNull().references('videos.id').onDelete('cascade'))
        .addColumn('editor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('before_result', 'text', (col) => col.notNull())
        .addColumn('after_result', 'text', (col) => col.notNull())
        .addColumn('corrected_at', 'text', (col) => col.notNull())
        .execute();
      // 'Was this analysis helpful?', from each reader, against the analysis as it stood then.
      await db.schema
        .createTable('analysis_feedback')
        .addColumn('id', 'integer', idColumn)
        .addColumn('video_id', 'integer', (col) => col.notNull().references('videos.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('helpful', 'integer', (col) => col.notNull())
        .addColumn('corrections', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('analysis_corrections_video_idx')
        .on('analysis_corrections')
        .columns(['video_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('analysis_feedback').execute();
      await db.schema.dropTable('analysis_corrections').execute();
      await db.schema.dropTable('video_analyses').execute();
    },
  };
}
