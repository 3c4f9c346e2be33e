import type { Kysely } from 'kysely';

/**
 * The position model learns from the academy's corrections (docs/decisions/0028-learning-from-corrections.md):
 * each analysis keeps the two athletes' skeletons of every sampled frame (`pair_frames`, compact), and
 * each refit of the installation's adaptation is one numbered row, with what it learned from and how much
 * it agrees with the coaches, video by video held out.
 */
export function createPositionAdaptation() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('video_analyses').addColumn('pair_frames', 'text').execute();
      await db.schema
        .createTable('position_adaptations')
        .addColumn('version', 'integer', (col) => col.primaryKey())
        // The base model it was fitted on; an adaptation of another model is not applied.
        .addColumn('base_model', 'text', (col) => col.notNull())
        // What it was fitted from (the corrections and the base model), so the same inputs fit once.
        .addColumn('fingerprint', 'text', (col) => col.notNull())
        .addColumn('examples_json', 'text', (col) => col.notNull())
        .addColumn('measurement_json', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('position_adaptations').execute();
      await db.schema.alterTable('video_analyses').dropColumn('pair_frames').execute();
    },
  };
}
