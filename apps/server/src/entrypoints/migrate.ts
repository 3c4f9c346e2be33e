import path from 'node:path';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { readConfig } from './startup.js';

/**
 * `npm run migrate`: brings the database to the latest schema once and exits, for deployments that
 * start their API and worker processes with MIGRATE_ON_START=false (a rolling upgrade, say).
 */
const config = readConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'openmat.sqlite'),
  onIdleConnectionError: (error) => process.stderr.write(`database connection error: ${error.message}\n`),
});
try {
  const ran = await migrateToLatest(database);
  process.stdout.write(
    ran.length > 0 ? `Migrations run: ${ran.join(', ')}\n` : `The ${database.dialect} database is up to date.\n`,
  );
} finally {
  await database.destroy();
}
