import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** Fighter profiles, rotating refresh tokens, login throttling and external sign-in. */
export function createAccounts({ idColumn, floatType }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('fighters')
        .addColumn('id', 'integer', idColumn)
        // The account of a registered fighter; null for a walk-in, who has no account.
        .addColumn('user_id', 'integer', (col) => col.unique().references('users.id').onDelete('cascade'))
        // The instructor who recorded a walk-in; null for registered fighters.
        .addColumn('owner_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('fighter_name', 'text', (col) => col.notNull())
        .addColumn('fighter_role', 'text', (col) => col.notNull())
        .addColumn('height', floatType)
        .addColumn('weight', floatType)
        .addColumn('bmi', floatType)
        .addColumn('gender', 'text')
        .addColumn('birthdate', 'text')
        .addColumn('max_workout_duration', 'integer')
        .addColumn('belt_color', 'text')
        .addColumn('experience', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('fighters_owner_idx').on('fighters').column('owner_user_id').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'integer', idColumn)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        // Every token rotated from one sign-in shares a family; reuse of a spent one revokes the family.
        .addColumn('family_id', 'text', (col) => col.notNull())
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
      await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('failures', 'integer', (col) => col.notNull())
        .addColumn('window_started_at', 'text', (col) => col.notNull())
        .addColumn('blocked_until', 'text')
        .execute();

      await db.schema
        .createTable('external_logins')
        .addColumn('id', 'integer', idColumn)
        .addColumn('issuer', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('external_logins_issuer_subject_key', ['issuer', 'subject'])
        .execute();

      await db.schema
        .createTable('oidc_states')
        .addColumn('state', 'text', (col) => col.primaryKey())
        .addColumn('code_verifier', 'text', (col) => col.notNull())
        .addColumn('nonce', 'text', (col) => col.notNull())
        .addColumn('return_url', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('sign_in_cookies')
        .addColumn('id', 'integer', idColumn)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'sign_in_cookies',
        'oidc_states',
        'external_logins',
        'login_throttle',
        'refresh_tokens',
        'fighters',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
