import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Rows are snake_case; repositories map them to camelCase.
 * Instants are ISO-8601 UTC text and flags are 0/1 integers in both SQLite and PostgreSQL, so that
 * one set of queries serves both (docs/decisions/0004-one-schema-for-sqlite-and-postgres.md).
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  normalized_email: string;
  password_hash: string | null;
  email_confirmed: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
}
