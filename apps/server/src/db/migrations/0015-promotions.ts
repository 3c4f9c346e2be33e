import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Belts, stripes and weigh-ins (issue 21, part 3). Each promotion and weigh-in is kept; the fighter row
 * carries the latest of each (`rank_*`, `weighed_*`), written in the same transaction, so that every
 * reader of a fighter (pairing, rosters, the review card, the members screen) sees the current belt and
 * weight without a join, while the registration's own `belt_color` and `weight` stay as submitted.
 */
export function createPromotions({ idColumn, floatType }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('promotions')
        .addColumn('id', 'integer', idColumn)
        .addColumn('fighter_id', 'integer', (col) => col.notNull().references('fighters.id').onDelete('cascade'))
        .addColumn('belt', 'text', (col) => col.notNull())
        .addColumn('stripes', 'integer', (col) => col.notNull())
        .addColumn('promoted_on', 'text', (col) => col.notNull())
        .addColumn('note', 'text')
        .addColumn('recorded_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('promotions_fighter_idx')
        .on('promotions')
        .columns(['fighter_id', 'promoted_on', 'id'])
        .execute();
      await db.schema
        .createTable('weigh_ins')
        .addColumn('id', 'integer', idColumn)
        .addColumn('fighter_id', 'integer', (col) => col.notNull().references('fighters.id').onDelete('cascade'))
        .addColumn('weighed_on', 'text', (col) => col.notNull())
        .addColumn('weight_kg', floatType, (col) => col.notNull())
        .addColumn('recorded_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('weigh_ins_fighter_idx')
        .on('weigh_ins')
        .columns(['fighter_id', 'weighed_on', 'id'])
        .execute();
      await db.schema.alterTable('fighters').addColumn('rank_belt', 'text').execute();
      await db.schema.alterTable('fighters').addColumn('rank_stripes', 'integer').execute();
      await db.schema.alterTable('fighters').addColumn('rank_since', 'text').execute();
      await db.schema.alterTable('fighters').addColumn('weighed_kg', floatType).execute();
      await db.schema.alterTable('fighters').addColumn('weighed_on', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const column of ['weighed_on', 'weighed_kg', 'rank_since', 'rank_stripes', 'rank_belt']) {
        await db.schema.alterTable('fighters').dropColumn(column).execute();
      }
      await db.schema.dropTable('weigh_ins').execute();
      await db.schema.dropTable('promotions').execute();
    },
  };
}
