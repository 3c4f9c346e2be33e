import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The weekly schedule (issue 22, docs/decisions/0031-weekly-schedule.md): recurring classes, the
 * sessions they create (one per class and local date, unique, so that two workers cannot both create
 * it), the occurrences an instructor deleted (never created again) and the academy's holidays.
 */
export function createSchedule({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('recurring_classes')
        .addColumn('id', 'integer', idColumn)
        .addColumn('owner_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('instructor_fighter_id', 'integer', (col) =>
          col.notNull().references('fighters.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        // ISO weekdays, 1 (Monday) to 7 (Sunday), comma-separated and sorted: "1,3".
        .addColumn('weekdays', 'text', (col) => col.notNull())
        // Wall-clock start in the academy's time zone, "HH:MM".
        .addColumn('start_time', 'text', (col) => col.notNull())
        .addColumn('duration_minutes', 'integer', (col) => col.notNull())
        .addColumn('target_level', 'text', (col) => col.notNull())
        .addColumn('capacity', 'integer', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        // The local dates (YYYY-MM-DD) the class runs within; ends_on is set when "this and the
        // following ones" were changed, and the change went to a new class from that date.
        .addColumn('starts_on', 'text', (col) => col.notNull())
        .addColumn('ends_on', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .alterTable('training_sessions')
        .addColumn('recurring_class_id', 'integer', (col) =>
          col.references('recurring_classes.id').onDelete('set null'),
        )
        .execute();
      await db.schema.alterTable('training_sessions').addColumn('occurrence_date', 'text').execute();
      // The key of the job's idempotence: one session per class and local date, whoever creates it.
      await db.schema
        .createIndex('training_sessions_occurrence_key')
        .on('training_sessions')
        .columns(['recurring_class_id', 'occurrence_date'])
        .unique()
        .execute();

      await db.schema
        .createTable('schedule_skips')
        .addColumn('recurring_class_id', 'integer', (col) =>
          col.notNull().references('recurring_classes.id').onDelete('cascade'),
        )
        .addColumn('occurrence_date', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('schedule_skips_pkey', ['recurring_class_id', 'occurrence_date'])
        .execute();

      await db.schema
        .createTable('schedule_holidays')
        .addColumn('id', 'integer', idColumn)
        .addColumn('holiday_date', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('schedule_holidays').execute();
      await db.schema.dropTable('schedule_skips').execute();
      await db.schema.dropIndex('training_sessions_occurrence_key').execute();
      await db.schema.alterTable('training_sessions').dropColumn('occurrence_date').execute();
      await db.schema.alterTable('training_sessions').dropColumn('recurring_class_id').execute();
      await db.schema.dropTable('recurring_classes').execute();
    },
  };
}
