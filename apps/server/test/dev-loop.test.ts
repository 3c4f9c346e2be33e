import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { freePort } from './support/ports.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// `npm run dev:server` is how a contributor runs the API from the sources. It must work on the
// oldest Node the README supports (20.19), which cannot run TypeScript by itself.
it('npm run dev:server serves the API from the TypeScript sources on this Node', async () => {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'openmat-dev-'));
  let output = '';
  const child = spawn('npm', ['run', 'dev:server', '--silent'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let health: unknown = null;
    // Poll until the server answers or the process dies; the test's own timeout bounds the wait.
    while (health === null && child.exitCode === null) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((res) => (res.ok ? res.json() : null))
        .catch(() => null);
      if (health === null) await delay(200);
    }
    expect(health, output).toEqual({ status: 'ok' });
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);
