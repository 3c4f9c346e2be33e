import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { sharedDataDirProblem } from '../src/entrypoints/startup.js';
import { databaseTargets, type FreshDatabase } from './support/databases.js';

const postgres = databaseTargets.find((target) => target.dialect === 'postgres');
if (!postgres)
  console.warn('[test] shared DATA_DIR check skipped: it concerns PostgreSQL, and TEST_DATABASE_URL is not set.');

/**
 * Without a bucket, every process on one PostgreSQL database must share DATA_DIR: a second instance on a
 * folder of its own cannot see the first one's uploads, and is refused at its start (issue 23, item 2).
 */
describe.runIf(postgres)('one DATA_DIR for every process without S3', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('refuses a process whose DATA_DIR is not the shared one, and accepts the shared one and any with S3', async () => {
    const fresh: FreshDatabase = await (
      postgres ?? { create: () => Promise.reject(new Error('no PostgreSQL')) }
    ).create();
    cleanup.push(() => fresh.drop());
    const database = await fresh.open({ migrate: true });
    cleanup.push(() => database.destroy());
    const other = await mkdtemp(path.join(tmpdir(), 'openmat-other-data-'));
    cleanup.push(() => rm(other, { recursive: true, force: true }));
    const configFor = (dataDir: string, extra: Record<string, string> = {}) =>
      loadConfig(
        { DATA_DIR: dataDir, DATABASE_URL: fresh.databaseUrl ?? '', ...extra },
        { cwd: dataDir, webDistDir: dataDir },
      );

    expect(await sharedDataDirProblem(configFor(fresh.dataDir), database)).toBeNull();
    // A second instance on a folder of its own.
    const refusal = await sharedDataDirProblem(configFor(other), database);
    expect(refusal).toMatch(/^DATA_DIR \(.+\) is not the folder the other processes of this database use/);
    expect(refusal).toContain('S3_BUCKET');
    // The first one restarts; and with a bucket, a folder of its own is fine.
    expect(await sharedDataDirProblem(configFor(fresh.dataDir), database)).toBeNull();
    expect(await sharedDataDirProblem(configFor(other, { S3_BUCKET: 'sparring' }), database)).toBeNull();
  });
});
