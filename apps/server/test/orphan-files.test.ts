import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadedVideo } from '@openmat/contract/videos';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerJobHandlers } from '../src/jobs/handlers.js';
import type { Services } from '../src/services/services.js';
import { signUp } from './support/accounts.js';
import { manualClock } from './support/clock.js';
import { databaseTargets } from './support/databases.js';
import { startS3Emulator } from './support/s3-emulator.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, uploadRoll } from './support/videos.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every file under the storage folder, as "<folder>/<file>". */
async function storedKeys(root: string): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of await readdir(root)) {
    for (const file of await readdir(path.join(root, folder))) keys.push(`${folder}/${file}`);
  }
  return keys.sort();
}

describe.each(databaseTargets)('stored files no video has, on $dialect', (target) => {
  let ctx: TestContext;
  let services: Services | undefined;
  const clock = manualClock(new Date().toISOString());

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      clock,
      jobHandlers: (registry, appServices) => {
        services = appServices;
        registerJobHandlers(registry, appServices);
      },
    });
  });
  afterAll(() => ctx.close());

  it('are removed once a day old; the files of videos, newer files and files that are not videos stay', async () => {
    const who = await signUp(ctx.app, { fighterName: 'Orphan Owner' });
    const clips = await makeClips(1);
    const videoId = await uploadRoll(ctx.app, who, clips.mp4, 'Kept roll');
    // Its poster and playable copy are stored first.
    await vi.waitFor(
      async () => {
        const video = await ctx.app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers: who.auth });
        expect(video.json<UploadedVideo>().processing).toBe('ready');
      },
      { timeout: 30_000, interval: 100 },
    );
    const root = path.join(ctx.config.dataDir, 'videos');
    const kept = await storedKeys(root);
    expect(kept.length).toBeGreaterThan(0);

    // A deleted video's file the removal missed, two days old; one an upload stored a minute ago; and a
    // file the app never makes.
    const stale = `${randomUUID()}/source.mp4`;
    const fresh = `${randomUUID()}/source.mp4`;
    const foreign = 'notes/readme.txt';
    for (const key of [stale, fresh, foreign]) {
      await mkdir(path.join(root, path.dirname(key)), { recursive: true });
      await writeFile(path.join(root, key), 'bytes');
    }
    const twoDaysAgo = new Date(clock.now().getTime() - 2 * DAY_MS);
    await utimes(path.join(root, stale), twoDaysAgo, twoDaysAgo);
    await utimes(path.join(root, foreign), twoDaysAgo, twoDaysAgo);
    // The video's own files are old too: being old is not enough.
    for (const key of kept) await utimes(path.join(root, key), twoDaysAgo, twoDaysAgo);

    expect(await services?.videos.sweepOrphanFiles()).toBe(1);
    expect(await storedKeys(root)).toEqual([...kept, fresh, foreign].sort());
    // Its folder went with it.
    expect(await readdir(root)).not.toContain(path.dirname(stale));
  });
});

describe('the files of a bucket', () => {
  let dir: string;
  let emulator: Awaited<ReturnType<typeof startS3Emulator>>;
  let storage: ReturnType<typeof emulator.storage>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'openmat-s3-list-'));
    emulator = await startS3Emulator({ directory: path.join(dir, 'bucket'), bucket: 'sparring' });
    storage = emulator.storage(path.join(dir, 'scratch'));
  });
  afterAll(async () => {
    storage.close();
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('are listed with the time each was written, and removed', async () => {
    const keys = [`${randomUUID()}/source.mp4`, `${randomUUID()}/poster.jpg`, 'tus-upload-1'];
    for (const key of keys) {
      const file = path.join(dir, `${randomUUID()}.bin`);
      await writeFile(file, 'bytes');
      await storage.putFile(key, file, 'application/octet-stream');
    }
    const listed = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed.map((object) => object.key).sort()).toEqual([...keys].sort());
    for (const object of listed) expect(Math.abs(object.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);

    await storage.delete([keys[0] ?? '', 'never-there/source.mp4']);
    const left = [];
    for await (const object of storage.list()) left.push(object.key);
    expect(left.sort()).toEqual(keys.slice(1).sort());
  });
});
