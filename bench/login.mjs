// Login throughput against the server's own /api/health, measured in the same run on the built
// server. Argon2id's cost is deliberate: this shows what it costs.
//
// Each request signs in one of several accounts in turn, as a class signing in does. Sign-ins of one
// account from one address that are in flight at once count against its guessing limit (ADR 0010), so
// one account hammered by every connection at once would be refused, as a burst of guesses is.
import { connections, load, post, report, startServer } from './lib/server.mjs';

const server = await startServer({ REGISTRATIONS_PER_HOUR: '1000' });
try {
  const accounts = Array.from({ length: connections * 4 }, (_, index) => ({
    email: `bench-${index}@example.com`,
    password: 'bench-pass-1',
  }));
  for (const account of accounts) await post(`${server.url}/api/auth/v1/register`, account);
  const health = await load(`${server.url}/api/health`);
  let next = 0;
  const login = await load(`${server.url}/api/fighter/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, body: JSON.stringify(accounts[next++ % accounts.length]) }),
      },
    ],
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
