import { randomBytes } from 'node:crypto';
import type { UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.js';
import { JobOutboxRepository } from '../src/repositories/job-outbox.repository.js';
import { systemClock } from '../src/lib/clock.js';
import { signUp } from './support/accounts.js';
import { databaseTargets, type FreshDatabase } from './support/databases.js';
import { createAppOn } from './support/test-app.js';
import { makeClips, multipart, type Clips } from './support/videos.js';

let clips: Clips;
beforeAll(async () => {
  clips = await makeClips(2);
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn('[test] the job outbox over BullMQ is skipped: TEST_REDIS_URL is not set (the database queue runs).');
}

/** The app on the test's database, with or without its relay, on the database queue or BullMQ. */
const appOn = (fresh: FreshDatabase, options: { relay: boolean; redis: boolean; prefix: string }) =>
  createAppOn(fresh, {
    env: options.redis && redisUrl ? { REDIS_URL: redisUrl } : {},
    jobOptions: { relay: options.relay, redisPrefix: options.prefix, pollMs: 100 },
  });

describe.each(databaseTargets)('the job outbox on $dialect', (target) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await target.create();
  });
  afterAll(async () => {
    await fresh.drop();
  });

  for (const queue of ['database', 'bullmq'] as const) {
    it.runIf(queue === 'database' || redisUrl)(
      `hands on, after a restart, the jobs a stopped process wrote with its rows but never queued (${queue} queue)`,
      { timeout: 60_000 },
      async () => {
        const prefix = `openmat-test-${randomBytes(6).toString('hex')}`;
        // The first process commits the upload and the analysis request, and stops before a relay ran.
        const stopped = await appOn(fresh, { relay: false, redis: queue === 'bullmq', prefix });
        const who = await signUp(stopped, { fighterName: `Outbox ${queue}` });
        const body = multipart([
          { filename: 'roll.avi', type: 'video/x-msvideo', data: Buffer.concat([clips.avi, Buffer.from(queue)]) },
          ['studentIdentifier', 'blue gi'],
        ]);
        const uploaded = await stopped.inject({
          method: 'POST',
          url: '/vid/api/video/upload-sparring',
          headers: { ...body.headers, ...who.auth },
          payload: body.payload,
        });
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        const videoId = uploaded.json<VideoUploadResponse>().videoId;
        const asked = await stopped.inject({
          method: 'POST',
          url: `/vid/api/video/analyze/${videoId}`,
          headers: who.auth,
        });
        expect(asked.statusCode).toBe(202);
        const details = async (app: App) =>
          (
            await app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers: who.auth })
          ).json<UploadedVideo>();
        expect(await details(stopped)).toMatchObject({ processing: 'pending', analysis: { status: 'queued' } });
        const reader = await fresh.open({ migrate: false });
        const outbox = new JobOutboxRepository(reader.db, target.dialect, systemClock);
        expect(await outbox.pending()).toEqual([
          { name: 'video.process', payload: { videoId } },
          { name: 'video.analyze', payload: { videoId } },
        ]);
        await stopped.close();

        // The restarted process finds them and the work is done: nothing stays "Processing…" or "queued".
        const restarted = await appOn(fresh, { relay: true, redis: queue === 'bullmq', prefix });
        try {
          await vi.waitFor(
            async () =>
              expect(await details(restarted)).toMatchObject({
                processing: 'ready',
                analysis: { status: 'completed' },
              }),
            { timeout: 50_000, interval: 200 },
          );
          expect(await outbox.pending()).toEqual([]);
        } finally {
          await restarted.close();
          await reader.destroy();
        }
      },
    );
  }
});
