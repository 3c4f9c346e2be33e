import closeWithGrace from 'close-with-grace';
import { buildApp } from '../app.js';
import { startUp } from './startup.js';

const { config, database, secrets } = await startUp(
  () => (error) => process.stderr.write(`database connection error: ${error.message}\n`),
);
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
