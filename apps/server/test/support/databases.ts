import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export interface FreshDatabase {
  dialect: Dialect;
  /** Connection string for PostgreSQL, undefined for SQLite. */
  databaseUrl: string | undefined;
  /** A folder of its own for DATA_DIR; the SQLite file lives in it. */
  dataDir: string;
  sqliteFile: string;
  /** Opens a connection to this database (migrated when asked). */
  open(options?: { migrate?: boolean }): Promise<DatabaseHandle>;
  /** Drops the database and removes the folder. */
  drop(): Promise<void>;
}

export interface DatabaseTarget {
  dialect: Dialect;
  create(): Promise<FreshDatabase>;
}

async function freshDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'openmat-test-'));
}

async function openWith(databaseUrl: string | undefined, sqliteFile: string, migrate: boolean) {
  const handle = openDatabase({ databaseUrl, sqliteFile });
  if (migrate) await migrateToLatest(handle);
  return handle;
}

const sqliteTarget: DatabaseTarget = {
  dialect: 'sqlite',
  async create() {
    const dataDir = await freshDataDir();
    const sqliteFile = path.join(dataDir, 'openmat.sqlite');
    return {
      dialect: 'sqlite',
      databaseUrl: undefined,
      dataDir,
      sqliteFile,
      open: (options = {}) => openWith(undefined, sqliteFile, options.migrate ?? true),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};

function postgresTarget(adminUrl: string): DatabaseTarget {
  return {
    dialect: 'postgres',
    async create() {
      const name = `openmat_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();
      const dataDir = await freshDataDir();
      const sqliteFile = path.join(dataDir, 'unused.sqlite');
      return {
        dialect: 'postgres',
        databaseUrl,
        dataDir,
        sqliteFile,
        open: (options = {}) => openWith(databaseUrl, sqliteFile, options.migrate ?? true),
        async drop() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          } finally {
            await client.end();
          }
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

function availableTargets(): DatabaseTarget[] {
  const targets = [sqliteTarget];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    targets.push(postgresTarget(url));
  } else {
    console.warn(
      '[test] PostgreSQL runs skipped: TEST_DATABASE_URL is not set, so integration tests run on SQLite only.',
    );
  }
  return targets;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseTargets: DatabaseTarget[] = availableTargets();
