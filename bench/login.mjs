// Login throughput against the server's own /api/health, measured in the same run on the built
// server. Argon2id's cost is deliberate: this shows what it costs. Run with `npm run bench` after
// `npm run build`.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const dataDir = await mkdtemp(path.join(tmpdir(), 'openmat-bench-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/entrypoints/api.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      if (i > 200) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const account = { email: 'bench@example.com', password: 'bench-pass-1' };
  const created = await fetch(`${url}/api/auth/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!created.ok) throw new Error(`register failed: ${created.status}`);

  const run = (route, opts = {}) => autocannon({ url: `${url}${route}`, connections, duration: seconds, ...opts });
  const health = await run('/api/health');
  if (health.non2xx + health.errors > 0) throw new Error(`health failed: ${JSON.stringify(health.statusCodeStats)}`);
  const login = await run('/api/fighter/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const failures = login.non2xx + login.errors;
  if (failures > 0) console.log('status codes', JSON.stringify(login.statusCodeStats));
  console.log(`connections ${connections}, ${seconds} s each, on ${(await import('node:os')).cpus().length} cores`);
  console.log(
    `baseline GET /api/health      ${health.requests.average.toFixed(0).padStart(7)} req/s  p50 ${health.latency.p50} ms`,
  );
  console.log(
    `POST /api/fighter/login       ${login.requests.average.toFixed(0).padStart(7)} req/s  p50 ${login.latency.p50} ms  (${failures} failed)`,
  );
  console.log(`ratio login/health            ${(login.requests.average / health.requests.average).toFixed(4)}`);
  console.log('argon2id: memoryCost 19456 KiB, timeCost 2, parallelism 1');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
