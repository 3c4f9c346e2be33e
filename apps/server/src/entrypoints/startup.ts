import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadSecrets, type Secrets } from '../lib/secrets.js';

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
  const secrets = await loadSecrets(config.dataDir, config.tokenSigningKey);
  return { config, database, secrets };
}
