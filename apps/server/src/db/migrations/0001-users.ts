import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

export function createUsers({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', idColumn)
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('normalized_email', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('email_confirmed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('users').execute();
    },
  };
}
