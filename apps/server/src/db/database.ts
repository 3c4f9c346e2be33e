import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase as KyselySqlite } from 'kysely';
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
  // FULL: a commit is on the disk when it returns, as PostgreSQL's commits are. With NORMAL, WAL mode may
  // roll back the last commits after a power cut (a check-in or a promotion the user saw saved); FULL
  // costs about 0.2 ms a commit here, against 0.02 ms (ADR 0004).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own lower() (and LIKE's case folding) knows only ASCII: 'Łukasz' stayed 'Łukasz', so a
  // Polish walk-in was never found again and the members search missed them. PostgreSQL's lower() follows
  // the database's locale (UTF-8). No index is built on lower(), so replacing it changes no stored order.
  sqlite.function('lower', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** How many prepared statements are kept: an `in (...)` list gives a new text for every length. */
const STATEMENTS_KEPT = 256;

/**
 * The SQLite file as Kysely sees it, with its prepared statements kept by their SQL text (the least
 * recently used dropped first). Kysely prepares every query anew, and preparing was a fifth of the time
 * the server spent in SQLite under the session bench (ADR 0014). Kysely runs one query at a time on the
 * one connection and never streams here, so a statement is never used twice at once. SQLite prepares a
 * kept statement again by itself when a migration changes the schema (an EXPLAIN is the exception, and is
 * not kept).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqlite {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      // An EXPLAIN is planned when it is prepared: kept, it would go on describing the schema it first saw.
      if (/^\s*explain\b/i.test(text)) return sqlite.prepare(text);
      const statement = kept.get(text) ?? sqlite.prepare(text);
      kept.delete(text);
      kept.set(text, statement);
      if (kept.size > STATEMENTS_KEPT) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      return statement;
    },
  };
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
