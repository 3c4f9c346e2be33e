import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portsFor } from '../../apps/server/test/support/ports.js';

/** A TCP port on 127.0.0.1 for a server a journey is about to start: the journeys' own block of ports. */
export const freePort = portsFor(1);

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/entrypoints/api.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts the built server, as `npm start` does, on a free port with a temporary DATA_DIR. */
export async function startServer(env: Record<string, string> = {}, fixedPort?: number): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(WEB_INDEX)) {
    throw new Error('The app is not built. Run `npm run build` first (npm test does it for you).');
  }
  const port = fixedPort ?? (await freePort());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'openmat-e2e-'));
  let log = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy in 30 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    url,
    dataDir,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
