import type { UploadedVideo } from '@openmat/contract/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { redisForTests } from './support/redis.js';
import { tcpProxy } from './support/tcp-proxy.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, multipart, type Clips } from './support/videos.js';

const redisUrl = redisForTests('The Redis outage');

/**
 * Redis away for a moment (a TCP proxy in front of it is cut): a request answers 503 with Retry-After,
 * never a 500 after a half-write; /api/health keeps its answer and readiness says why it is not ready;
 * once Redis is back, what was accepted meanwhile is done (issue 23, item 5).
 */
describe.runIf(redisUrl)('a short Redis outage', () => {
  const target = databaseTargets[0];
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let ctx: TestContext;
  let base: string;
  let student: SignedIn;
  let clips: Clips;

  beforeAll(async () => {
    if (!target || !redisUrl) throw new Error('no database or Redis');
    clips = await makeClips(2);
    const redis = new URL(redisUrl);
    proxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    ctx = await createTestApp(target, {
      env: { REDIS_URL: `redis://127.0.0.1:${String(proxy.port)}/6` },
      jobOptions: { pollMs: 50 },
    });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    student = await signUp(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await proxy.close();
  });

  const list = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers: student.auth })).json<
      UploadedVideo[]
    >();

  it('answers 503 with Retry-After or succeeds, never 500, and finishes the accepted work once Redis is back', async () => {
    const before = multipart([
      { filename: 'before.mp4', type: 'video/mp4', data: clips.avi },
      ['description', 'Before'],
      ['studentIdentifier', 'kuba-01'],
      ['martialArt', 'BrazilianJiuJitsu_GI'],
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/vid/api/video/upload-sparring',
      headers: { ...before.headers, ...student.auth },
      payload: before.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const kept = (await list())[0]?.id;

    proxy.cut();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not-ready', checks: { redis: { ok: false } } });
    expect(ready.json<{ checks: { redis: { reason: string } } }>().checks.redis.reason).not.toBe('');

    // A resumable upload needs its lock in Redis: 503 with Retry-After, and the client tries again.
    const created = await fetch(`${base}/vid/api/video/uploads`, {
      method: 'POST',
      headers: {
        ...student.auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(clips.mp4.length),
        'upload-metadata': [
          ['filename', 'outage.mp4'],
          ['description', 'During the outage'],
          ['studentIdentifier', 'kuba-01'],
          ['martialArt', 'BrazilianJiuJitsu_GI'],
        ]
          .map(([key, value]) => `${key ?? ''} ${Buffer.from(value ?? '').toString('base64')}`)
          .join(','),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(clips.mp4),
    });
    expect([201, 503]).toContain(created.status);
    if (created.status === 201) {
      const location = created.headers.get('location') ?? '';
      const patched = await fetch(new URL(location, base), {
        method: 'PATCH',
        headers: {
          ...student.auth,
          'tus-resumable': '1.0.0',
          'upload-offset': created.headers.get('upload-offset') ?? '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(clips.mp4.subarray(Number(created.headers.get('upload-offset') ?? 0))),
      });
      expect(patched.status).toBe(503);
      expect(patched.headers.get('retry-after')).toMatch(/^\d+$/);
    } else {
      expect(created.headers.get('retry-after')).toMatch(/^\d+$/);
    }

    // A multipart upload is written with its job (the outbox): accepted, and processed once Redis is back.
    const during = multipart([
      { filename: 'during.mp4', type: 'video/mp4', data: clips.mp4 },
      ['description', 'During the outage'],
      ['studentIdentifier', 'kuba-01'],
      ['martialArt', 'BrazilianJiuJitsu_GI'],
    ]);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/vid/api/video/upload-sparring',
      headers: { ...during.headers, ...student.auth },
      payload: during.payload,
    });
    expect([200, 503]).toContain(accepted.statusCode);
    // Deleting cancels the video's jobs in Redis: the delete stands (200), not a 500 after the row went.
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/vid/api/video/delete-uploaded/${String(kept)}`,
      headers: student.auth,
    });
    expect([200, 503]).toContain(deleted.statusCode);
    if (deleted.statusCode === 503) expect(deleted.headers['retry-after']).toMatch(/^\d+$/);

    proxy.restore();
    const deadline = Date.now() + 30_000;
    let videos = await list();
    while (videos.some((video) => video.processing === 'pending') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      videos = await list();
    }
    expect(videos.map((video) => video.processing)).not.toContain('pending');
    if (deleted.statusCode === 200) expect(videos.map((video) => video.id)).not.toContain(kept);
    if (accepted.statusCode === 200) expect(videos.map((video) => video.description)).toContain('During the outage');
  }, 60_000);
});
