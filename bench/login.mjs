// Login throughput against the server's own /api/health, measured in the same run on the built
// server. Argon2id's cost is deliberate: this shows what it costs.
import { load, post, report, startServer } from './lib/server.mjs';

const server = await startServer();
try {
  const account = { email: 'bench@example.com', password: 'bench-pass-1' };
  await post(`${server.url}/api/auth/v1/register`, account);
  const health = await load(`${server.url}/api/health`);
  const login = await load(`${server.url}/api/fighter/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  report([
    ['baseline GET /api/health', health],
    ['POST /api/fighter/login', login],
  ]);
  console.log(`ratio login/health  ${(login.requests.average / health.requests.average).toFixed(4)}`);
  console.log('argon2id: memoryCost 19456 KiB, timeCost 2, parallelism 1');
} finally {
  await server.stop();
}
