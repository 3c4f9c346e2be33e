import { randomBytes } from 'node:crypto';
import type { UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { Queue } from 'bullmq';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.js';
import { registerJobHandlers } from '../src/jobs/handlers.js';
import type { Services } from '../src/services/services.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { manualClock } from './support/clock.js';
import { databaseTargets, type FreshDatabase } from './support/databases.js';
import { createAppOn } from './support/test-app.js';
import { makeClips, multipart, type Clips } from './support/videos.js';

let clips: Clips;
beforeAll(async () => {
  clips = await makeClips(2);
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn(
    '[test] work left without a job on BullMQ is skipped: TEST_REDIS_URL is not set (the database queue runs).',
  );
}

const START = '2031-03-04T10:00:00.000Z';

describe.each(databaseTargets)('work left without a job, on $dialect', (target) => {
  // A database of each test's own, so that one test's work is never another's.
  let fresh: FreshDatabase;
  beforeEach(async () => {
    fresh = await target.create();
  });
  afterEach(async () => {
    await fresh.drop();
  });

  for (const queue of ['database', 'bullmq'] as const) {
    it.runIf(queue === 'database' || redisUrl)(
      `is queued again and done: a video and an analysis whose jobs were lost (${queue} queue)`,
      { timeout: 60_000 },
      async () => {
        const prefix = `openmat-test-${randomBytes(6).toString('hex')}`;
        const clock = manualClock(START);
        let services: Services | undefined;
        /** The app on the test's database; with `work: false` it queues jobs and runs none. */
        const appOn = (work: boolean) =>
          createAppOn(fresh, {
            env: {
              JOBS_IN_API: work ? 'true' : 'false',
              ...(queue === 'bullmq' && redisUrl ? { REDIS_URL: redisUrl } : {}),
            },
            jobOptions: { redisPrefix: prefix, pollMs: 100 },
            clock,
            jobHandlers: (registry, appServices) => {
              services = appServices;
              registerJobHandlers(registry, appServices);
            },
          });

        const first = await appOn(false);
        const who = await signUp(first, { fighterName: `Lost ${queue}` });
        const videoId = await uploadAndAsk(first, who, queue);
        const details = async (app: App) =>
          (
            await app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers: who.auth })
          ).json<UploadedVideo>();
        // Both jobs reached the queue (the outbox is empty) and wait there for a worker.
        await vi.waitFor(
          async () =>
            expect(
              await fresh.open({ migrate: false }).then(async (reader) => {
                const rows = await reader.db.selectFrom('job_outbox').select('id').execute();
                await reader.destroy();
                return rows.length;
              }),
            ).toBe(0),
          { timeout: 10_000, interval: 100 },
        );
        // While they wait nothing is queued twice, however late it is (past the grace, within the sign-in).
        clock.advance(300);
        expect(await services?.unfinishedWork.requeue()).toBe(0);
        await first.close();

        // The jobs are lost: on the database queue, the worker recorded each final failure and died before its
        // handler told the video and the analysis; on BullMQ, Redis restarted empty (it keeps nothing on disk).
        if (queue === 'bullmq') {
          const raw = new Queue('jobs', { connection: { url: redisUrl ?? '' }, prefix });
          await raw.obliterate({ force: true });
          await raw.close();
        } else {
          const writer = await fresh.open({ migrate: false });
          await writer.db.updateTable('jobs').set({ status: 'failed', last_error: 'lost' }).execute();
          await writer.destroy();
        }

        // The next start finds them and the work is done: nothing stays "Processing…" or "queued".
        const restarted = await appOn(true);
        try {
          await vi.waitFor(
            async () =>
              expect(await details(restarted)).toMatchObject({
                processing: 'ready',
                analysis: { status: 'completed' },
              }),
            { timeout: 50_000, interval: 200 },
          );
        } finally {
          await restarted.close();
          if (queue === 'bullmq') {
            const raw = new Queue('jobs', { connection: { url: redisUrl ?? '' }, prefix });
            await raw.obliterate({ force: true });
            await raw.close();
          }
        }
      },
    );
  }

  it('waits a grace before it calls work lost, so that a job just asked for is not queued twice', async () => {
    const clock = manualClock(START);
    let services: Services | undefined;
    const app = await createAppOn(fresh, {
      env: { JOBS_IN_API: 'false' },
      // No relay: the jobs stay in the outbox, as in the instant after a request committed.
      jobOptions: { relay: false },
      clock,
      jobHandlers: (registry, appServices) => {
        services = appServices;
        registerJobHandlers(registry, appServices);
      },
    });
    try {
      const who = await signUp(app, { fighterName: 'Just asked' });
      await uploadAndAsk(app, who, 'grace');
      // Still in the outbox: the relay will hand them on, so they are not lost.
      clock.advance(3600);
      expect(await services?.unfinishedWork.requeue()).toBe(0);
    } finally {
      await app.close();
    }
  });
});

/** Uploads a roll as `who` and asks for its analysis; answers the video's id. */
async function uploadAndAsk(app: App, who: SignedIn, salt: string): Promise<number> {
  const body = multipart([
    { filename: 'roll.avi', type: 'video/x-msvideo', data: Buffer.concat([clips.avi, Buffer.from(salt)]) },
    ['studentIdentifier', 'blue gi'],
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/vid/api/video/upload-sparring',
    headers: { ...body.headers, ...who.auth },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const videoId = uploaded.json<VideoUploadResponse>().videoId;
  const asked = await app.inject({ method: 'POST', url: `/vid/api/video/analyze/${videoId}`, headers: who.auth });
  expect(asked.statusCode, asked.body).toBe(202);
  return videoId;
}
