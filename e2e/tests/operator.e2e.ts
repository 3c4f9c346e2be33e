import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/server.js';

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
