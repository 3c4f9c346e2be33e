import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { ReadinessResponse } from '@openmat/contract/health';
import type { UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobRegistry } from '../src/jobs/registry.js';
import { HealthRepository } from '../src/repositories/health.repository.js';
import { signUp } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, multipart, type Clips } from './support/videos.js';

let clips: Clips;
beforeAll(async () => {
  clips = await makeClips(1);
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[test] the readiness probe with Redis is skipped: TEST_REDIS_URL is not set.');

describe.each(databaseTargets)("the operator's probes and housekeeping on $dialect", (target) => {
  let ctx: TestContext;
  afterAll(async () => {
    await ctx.close();
  });

  const ready = async (app: TestContext['app']) => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    return { status: res.statusCode, body: res.json<ReadinessResponse>() };
  };

  it('answers liveness and readiness, with every check named', async () => {
    ctx = await createTestApp(target);
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(await ready(ctx.app)).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true } },
      },
    });
    // The old health answer stays as it was.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('is not ready, and says why, when a migration has not run or the storage cannot be written', async () => {
    await sql`delete from kysely_migration where name = ${'0011-job-outbox'}`.execute(ctx.database.db);
    const videos = path.join(ctx.config.dataDir, 'videos');
    await rm(videos, { recursive: true, force: true });
    // A file where the videos folder should be: nothing can be stored.
    await writeFile(videos, 'not a folder');
    const answer = await ready(ctx.app);
    expect(answer.status).toBe(503);
    expect(answer.body.status).toBe('not-ready');
    expect(answer.body.checks.database).toEqual({ ok: true });
    expect(answer.body.checks.migrations).toEqual({ ok: false, reason: 'migrations not run yet: 0011-job-outbox' });
    expect(answer.body.checks.storage?.ok).toBe(false);
    expect(answer.body.checks.storage?.reason).toMatch(/EEXIST|ENOTDIR/);
    await rm(videos, { force: true });
  });

  it.runIf(redisUrl)('checks Redis when it is configured, and names it when it does not answer', async () => {
    const withRedis = await createTestApp(target, { env: { REDIS_URL: redisUrl ?? '' } });
    try {
      expect((await ready(withRedis.app)).body.checks.redis).toEqual({ ok: true });
    } finally {
      await withRedis.close();
    }
    const away = new HealthRepository(ctx.database.db, null, null, 'redis://127.0.0.1:1');
    try {
      await expect(away.pingRedis()).rejects.toThrow();
    } finally {
      await away.close();
    }
  });

  it('leaves the jobs to the workers with JOBS_IN_API=false', async () => {
    const api = await createTestApp(target, { env: { JOBS_IN_API: 'false' }, jobOptions: { pollMs: 50 } });
    try {
      const who = await signUp(api.app);
      const body = multipart([
        { filename: 'roll.mp4', type: 'video/mp4', data: clips.mp4 },
        ['studentIdentifier', 'x'],
      ]);
      const res = await api.app.inject({
        method: 'POST',
        url: '/vid/api/video/upload-sparring',
        headers: { ...body.headers, ...who.auth },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      const { videoId } = res.json<VideoUploadResponse>();
      // The job reaches the queue (the outbox is handed on here too) and waits there for a worker.
      await vi.waitFor(async () =>
        expect(await api.database.db.selectFrom('jobs').select(['name', 'status']).execute()).toEqual([
          { name: 'video.process', status: 'queued' },
        ]),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await api.database.db.selectFrom('jobs').select('status').execute())[0]?.status).toBe('queued');
      const details = await api.app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers: who.auth });
      expect(details.json<UploadedVideo>().processing).toBe('pending');
    } finally {
      await api.close();
    }
  });

  it('serves Prometheus metrics only with METRICS_TOKEN, and only to its bearer', async () => {
    const token = 'metrics-token-for-the-test';
    const withMetrics = await createTestApp(target, { env: { METRICS_TOKEN: token }, jobOptions: { pollMs: 50 } });
    try {
      const scrape = (authorization?: string) =>
        withMetrics.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
      expect((await scrape()).statusCode).toBe(401);
      expect((await scrape('Bearer wrong-token-of-some-length')).statusCode).toBe(401);
      const who = await signUp(withMetrics.app);
      const body = multipart([
        { filename: 'roll.mp4', type: 'video/mp4', data: clips.mp4 },
        ['studentIdentifier', 'x'],
      ]);
      const uploaded = await withMetrics.app.inject({
        method: 'POST',
        url: '/vid/api/video/upload-sparring',
        headers: { ...body.headers, ...who.auth },
        payload: body.payload,
      });
      expect(uploaded.statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          const text = (await scrape(`Bearer ${token}`)).body;
          expect(text).toMatch(/openmat_job_duration_seconds_count\{job="video.process",outcome="ok"\} 1/);
        },
        { timeout: 20_000, interval: 100 },
      );
      const res = await scrape(`Bearer ${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(
        /openmat_http_request_duration_seconds_count\{method="POST",route="\/vid\/api\/video\/upload-sparring",status_code="200"\} 1/,
      );
      const uploadedBytes = Number(/openmat_upload_bytes_total (\d+)/.exec(text)?.[1]);
      expect(uploadedBytes).toBeGreaterThanOrEqual(clips.mp4.length);
      expect(text).toMatch(/openmat_job_queue_depth\{state="waiting"\} 0/);
      expect(text).toMatch(/openmat_job_queue_oldest_waiting_seconds 0/);
      expect(text).toMatch(/openmat_hub_connections 0/);
      expect(text).toContain('openmat_analysis_seconds_per_video_second');
    } finally {
      await withMetrics.close();
    }
    // Without the token, the address is not there.
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('sweeps scratch files untouched for a day at start, and leaves newer ones', async () => {
    const probe = await createTestApp(target);
    const dataDir = probe.config.dataDir;
    await probe.close();
    // A second app on a data folder with leftovers in its scratch folder.
    const scratch = path.join(dataDir, 'tmp');
    await mkdir(scratch, { recursive: true });
    await writeFile(path.join(scratch, 'cut-upload.upload'), 'x');
    await writeFile(path.join(scratch, 'killed-worker-copy.mp4'), 'x');
    await writeFile(path.join(scratch, 'in-use.upload'), 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(path.join(scratch, 'cut-upload.upload'), twoDaysAgo, twoDaysAgo);
    await utimes(path.join(scratch, 'killed-worker-copy.mp4'), twoDaysAgo, twoDaysAgo);
    const app = await createTestApp(target, { env: { DATA_DIR: dataDir } });
    try {
      expect(await readdir(scratch)).toEqual(['in-use.upload']);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the job log', () => {
  it("tells each job's start, end and failure with the job id and the video id", async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const registry = new JobRegistry(log);
    registry.register('video.process', {
      run: async ({ videoId }) => {
        if (videoId === 2) throw new Error('no poster');
      },
    });
    await registry.execute({ id: 'job-1', name: 'video.process', payload: { videoId: 1 }, attempt: 1, maxAttempts: 3 });
    await registry.execute({ id: 'job-2', name: 'video.process', payload: { videoId: 2 }, attempt: 1, maxAttempts: 3 });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map(({ msg, jobId, videoId }) => ({ msg, jobId, videoId }))).toEqual([
      { msg: 'a job started', jobId: 'job-1', videoId: 1 },
      { msg: 'a job ended', jobId: 'job-1', videoId: 1 },
      { msg: 'a job started', jobId: 'job-2', videoId: 2 },
      { msg: 'a job try failed', jobId: 'job-2', videoId: 2 },
    ]);
    expect(entries[3]).toMatchObject({ error: 'no poster', job: 'video.process' });
  });
});
