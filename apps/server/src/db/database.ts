import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Closes every connection. */
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string. When absent, SQLite is used. */
  databaseUrl?: string | undefined;
  /** The SQLite file, used when there is no `databaseUrl`. */
  sqliteFile: string;
  /**
   * Told of errors on idle pooled connections (the database restarting, say). Without a listener pg
   * would raise them as an unhandled 'error' event and end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

// PostgreSQL answers COUNT(*) and other BIGINTs as strings; every such number here is well within
// JavaScript's safe range, so read them as numbers like SQLite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', options.onIdleConnectionError ?? (() => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  createPrivately(options.sqliteFile);
  const sqlite = new SqliteDatabase(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * The data folder (0700) and the SQLite file (0600) are for the server's own user only: the file holds
 * password hashes and every fighter's figures. SQLite gives its -wal and -shm files the mode of the
 * database file. A file left readable by an older version is tightened.
 */
function createPrivately(file: string): void {
  const folder = path.dirname(file);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const companion of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(companion)) chmodSync(companion, 0o600);
  }
}

/** A round trip to the database, for the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
