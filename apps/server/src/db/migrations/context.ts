import type { ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from '../database.js';

/** The little that differs between the dialects when a table is created. */
export interface MigrationContext {
  dialect: Dialect;
  /** An integer primary key that the database numbers itself. */
  idColumn: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  /** An 8-byte floating-point column type (SQLite REAL is 8 bytes; PostgreSQL's real is only 4). */
  floatType: 'real' | 'double precision';
}

export function migrationContext(dialect: Dialect): MigrationContext {
  return {
    dialect,
    idColumn:
      dialect === 'sqlite'
        ? (col) => col.primaryKey().autoIncrement()
        : (col) => col.primaryKey().generatedByDefaultAsIdentity(),
    floatType: dialect === 'sqlite' ? 'real' : 'double precision',
  };
}
