import { fileURLToPath } from 'node:url';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadSecrets } from '../lib/secrets.js';

function readConfig(): AppConfig {
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

const config = readConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'openmat.sqlite'),
  onIdleConnectionError: (error) => process.stderr.write(`database connection error: ${error.message}\n`),
});
await migrateToLatest(database);
const secrets = await loadSecrets(config.dataDir, config.tokenSigningKey);
const app = await buildApp({ config, database, secrets });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(`OpenMat is running at http://${shownHost}:${port} (${database.dialect}, data in ${config.dataDir})`);
