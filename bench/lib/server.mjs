// Starts the built server on a free port with a temporary DATA_DIR, for benchmarks.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** `BENCH_SMOKE=1`: every script runs once, briefly and on small data, only to prove it still runs. */
export const smoke = process.env.BENCH_SMOKE === '1';
export const seconds = Number(process.env.BENCH_SECONDS ?? (smoke ? 1 : 5));
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);

export async function startServer(env = {}) {
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address();
      probe.close(() => resolve(p));
    });
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'openmat-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/entrypoints/api.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      if (i > 300) throw new Error('the server did not start; run `npm run build` first');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    /** The server process, for its memory. */
    pid: child.pid,
    /** The server's SQLite file (the benchmarks run on SQLite). */
    sqliteFile: path.join(dataDir, 'openmat.sqlite'),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function post(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${text}`);
  // Some calls answer 200 with an empty body (POST /api/auth/v1/register), and 204 has none.
  return text === '' ? null : JSON.parse(text);
}

export async function get(url, headers = {}) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${text}`);
  return { headers: res.headers, body: text === '' ? null : JSON.parse(text), bytes: Buffer.byteLength(text) };
}

/** Load for `seconds` with `connections`; throws when any answer was not 2xx. */
export async function load(url, options = {}) {
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  const failed = result.non2xx + result.errors;
  if (failed > 0) throw new Error(`${url}: ${failed} failed (${JSON.stringify(result.statusCodeStats)})`);
  return result;
}

/** A short untimed run first, so the JIT and the caches are as warm as in a running server. */
export async function warmUp(url, options = {}) {
  await autocannon({ url, connections, amount: smoke ? 50 : 500, ...options });
}

export function report(rows) {
  console.log(`connections ${connections}, ${seconds} s each, on ${cpus().length} cores`);
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, result] of rows) {
    console.log(
      `${label.padEnd(width)}  ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms`,
    );
  }
}

/**
 * Registers a fighter with a full profile (the fields given replace the defaults) and signs in:
 * their fighter id, access token and authorization header.
 */
export async function signUpFighter(serverUrl, fields) {
  const account = {
    password: 'bench-pass-1',
    fighterRole: 'Student',
    fighterName: 'Bench Fighter',
    height: 180,
    weight: 80,
    gender: 'Male',
    birthdate: '1995-01-01',
    maxWorkoutDuration: 5,
    experience: 1,
    beltColor: 'Blue',
    ...fields,
  };
  const fighter = await post(`${serverUrl}/api/fighter/register`, account);
  const { accessToken } = await post(`${serverUrl}/api/fighter/login`, {
    email: account.email,
    password: account.password,
  });
  return { fighterId: fighter.id, token: accessToken, auth: { authorization: `Bearer ${accessToken}` } };
}

/**
 * Writes items 0 to `count` - 1 (`write(i)`) straight into the running server's SQLite file (`db`, a
 * better-sqlite3 connection), `batch` of them a transaction, with a pause between transactions: the server's
 * own writes (the job outbox, the job queue) wait a moment instead of running out of their busy timeout
 * behind one long transaction.
 */
export async function writeInShortTransactions(db, count, batch, write) {
  const writeSome = db.transaction((from, to) => {
    for (let i = from; i < to; i++) write(i);
  });
  for (let from = 0; from < count; from += batch) {
    writeSome(from, Math.min(count, from + batch));
    await delay(20);
  }
}

/** A test-pattern H.264 recording made by the system ffmpeg, `seconds` long, at `size` (e.g. 320x240). */
export function makeClip(file, seconds, size, extra = []) {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    ...extra,
    file,
  ]);
}
