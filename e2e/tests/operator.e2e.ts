import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, freePort } from '../support/server.js';

/** Runs `npm run <script>`'s command from the project root; its exit code and output. */
function runScript(entry: 'worker' | 'migrate', env: Record<string, string>, untilOutput?: RegExp) {
  const child = spawn(process.execPath, ['scripts/run-entry.mjs', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (untilOutput?.test(output)) child.kill('SIGTERM');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

describe("the operator's commands, from the build", () => {
  it('`npm run migrate` migrates once, and `npm run worker` starts on the same data as `npm start`', async () => {
    // A relative DATA_DIR, as the default `./data` is: it must mean the same folder for every command.
    const relative = path.join('.test-results', `operator-${randomBytes(4).toString('hex')}`);
    const absolute = path.join(REPO_ROOT, relative);
    try {
      const first = await runScript('migrate', { DATA_DIR: relative });
      expect(first.code, first.output).toBe(0);
      expect(first.output).toMatch(/Migrations run: 0001-users, .*0011-job-outbox/);
      expect(existsSync(path.join(absolute, 'openmat.sqlite'))).toBe(true);
      const again = await runScript('migrate', { DATA_DIR: relative });
      expect(again.output).toContain('The sqlite database is up to date.');

      const started = Date.now();
      const worker = await runScript('worker', { DATA_DIR: relative, MIGRATE_ON_START: 'false' }, /worker is running/);
      expect(worker.output).toContain(`OpenMat worker is running jobs from sqlite (data in ${absolute})`);
      expect(worker.code, worker.output).toBe(0);
      // From the existing build: no rebuild on the way.
      expect(worker.output).not.toContain('building');
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await rm(absolute, { recursive: true, force: true });
    }
  });
});

describe("the image's runtime tree, assembled without Docker", () => {
  it('is what the Dockerfile copies, and the server starts from it alone', async () => {
    const out = path.join(REPO_ROOT, '.test-results', `image-${randomBytes(4).toString('hex')}`);
    const data = `${out}-data`;
    try {
      const assembled = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn('sh', ['scripts/image/assemble.sh', out], {
          cwd: REPO_ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => resolve({ code, output }));
      });
      expect(assembled.code, assembled.output).toBe(0);
      // No development tool came along, and the pose model's weights did.
      expect(existsSync(path.join(out, 'node_modules', 'vitest'))).toBe(false);
      expect(existsSync(path.join(out, 'node_modules', '@vladmandic', 'human-models'))).toBe(true);
      const port = await freePort();
      const server = spawn(process.execPath, ['apps/server/dist/entrypoints/api.js'], {
        cwd: out,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      try {
        let ready: Response | null = null;
        for (let i = 0; i < 100 && !ready?.ok; i++) {
          ready = await fetch(`http://127.0.0.1:${String(port)}/api/health/ready`).catch(() => null);
          if (!ready?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(ready?.status, log).toBe(200);
        const page = await fetch(`http://127.0.0.1:${String(port)}/`);
        expect(await page.text()).toContain('<div id="root"');
      } finally {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
    } finally {
      await rm(out, { recursive: true, force: true });
      await rm(data, { recursive: true, force: true });
    }
    // Copying the 750 MB of node_modules and pruning them is disk work, not a wait: 50 s on an idle disk of a
    // slow machine, and over the default 60 s beside the server's tests.
  }, 240_000);
});
