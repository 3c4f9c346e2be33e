import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVER_ENTRY, startServer } from '../support/server.js';

describe('the built server as a process', () => {
  it('creates its SQLite file and signing key in DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const server = await startServer();
    try {
      expect(existsSync(path.join(server.dataDir, 'openmat.sqlite'))).toBe(true);
      expect(existsSync(path.join(server.dataDir, 'keys', 'token-signing.key'))).toBe(true);
      const res = await fetch(`${server.url}/api/health`);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(await server.stop()).toBe(0);
    } finally {
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with a bad setting and names the variable', async () => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: path.join(REPO_ROOT, 'data-never-created') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toMatch(/PORT: .*"not-a-port"/);
    expect(existsSync(path.join(REPO_ROOT, 'data-never-created'))).toBe(false);
  });
});
