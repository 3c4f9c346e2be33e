import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadSecrets, type Secrets } from '../lib/secrets.js';
import { DATA_DIR_ID_FILE, InstallationRepository } from '../repositories/installation.repository.js';

/**
 * Without a bucket, videos and unfinished uploads live in DATA_DIR, so every process on one PostgreSQL
 * database must share that folder (docs/decisions/0032-scale-out.md). The first process records its
 * folder's id in the database; a process whose folder has another id cannot see the others' uploads
 * and videos, and is refused with what to do. With S3_BUCKET, or on SQLite (whose file is in DATA_DIR),
 * there is nothing to check. Answers the refusal's text, or null.
 */
export async function sharedDataDirProblem(config: AppConfig, database: DatabaseHandle): Promise<string | null> {
  if (config.s3 || database.dialect !== 'postgres') return null;
  const installation = new InstallationRepository(database.db);
  const ours = await installation.dataDirId(config.dataDir);
  let shared: string;
  try {
    shared = await installation.sharedDataDirId(ours);
  } catch {
    return null; // The schema is not migrated yet (MIGRATE_ON_START=false before `npm run migrate`).
  }
  if (shared === ours) return null;
  return [
    `DATA_DIR (${config.dataDir}) is not the folder the other processes of this database use:`,
    `its ${DATA_DIR_ID_FILE} says ${ours}, the database expects ${shared}.`,
    'Without S3_BUCKET every API instance and worker must share one DATA_DIR (a network volume), or',
    "this one could not see the others' uploads and videos. Mount the shared DATA_DIR here, or set",
    'S3_BUCKET to keep videos and uploads in a bucket. (A DATA_DIR restored from a backup keeps its',
    `${DATA_DIR_ID_FILE}, and so is accepted.)`,
  ].join('\n');
}

/** The configuration, or a readable message naming the bad variable and exit code 1. */
export function readConfig(): AppConfig {
  try {
    return loadConfig(process.env, {
      cwd: process.cwd(),
      webDistDir: fileURLToPath(new URL('../../../web/dist/', import.meta.url)),
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * What the API and a worker process both start from: the settings, the migrated database and the
 * secrets. `onDatabaseError` reports an idle connection's failure in the process's own log.
 */
export async function startUp(
  onDatabaseError: (config: AppConfig) => (error: Error) => void,
): Promise<{ config: AppConfig; database: DatabaseHandle; secrets: Secrets }> {
  const config = readConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'openmat.sqlite'),
    onIdleConnectionError: onDatabaseError(config),
  });
  // A rolling upgrade runs `npm run migrate` once and starts its processes with MIGRATE_ON_START=false.
  if (config.migrateOnStart) await migrateToLatest(database);
  const problem = await sharedDataDirProblem(config, database);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    await database.destroy();
    process.exit(1);
  }
  const secrets = await loadSecrets(config.dataDir, config.tokenSigningKey);
  return { config, database, secrets };
}
