import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Issue 21, part 4 (docs/decisions/0030-account-lifecycle.md): one-time password reset tokens, stored
 * as hashes, and whether an instructor account still waits for another instructor's approval.
 */
export function createAccountLifecycle({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('id', 'integer', idColumn)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        // The instructor who issued a copy-and-send link; null for a link sent by e-mail.
        .addColumn('issued_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user_idx')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();
      // 1 while an instructor account registered under INSTRUCTOR_SIGNUP=approval waits for approval.
      await db.schema
        .alterTable('users')
        .addColumn('instructor_pending', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').dropColumn('instructor_pending').execute();
      await db.schema.dropTable('password_reset_tokens').execute();
    },
  };
}
