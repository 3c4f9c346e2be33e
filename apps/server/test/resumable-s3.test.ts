import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { UploadedVideo } from '@openmat/contract/videos';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { startS3Emulator } from './support/s3-emulator.js';
import { createAppOn, createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, type Clips } from './support/videos.js';

/**
 * With S3_BUCKET, tus uploads are kept in the bucket (`@tus/s3-store`): an upload cut on instance A
 * resumes on instance B, which has a DATA_DIR of its own, and becomes one video (issue 23, item 2).
 */
describe('resumable uploads kept in the bucket', () => {
  const target = databaseTargets[0];
  let emulator: Awaited<ReturnType<typeof startS3Emulator>>;
  let bucketDir: string;
  let otherDataDir: string;
  let ctx: TestContext;
  let appB: App;
  let baseA: string;
  let baseB: string;
  let clips: Clips;
  let student: SignedIn;
  let env: Record<string, string>;

  beforeAll(async () => {
    if (!target) throw new Error('no database target');
    clips = await makeClips(3);
    bucketDir = await mkdtemp(path.join(tmpdir(), 'openmat-s3-tus-'));
    otherDataDir = await mkdtemp(path.join(tmpdir(), 'openmat-data-b-'));
    emulator = await startS3Emulator({ directory: bucketDir, bucket: 'sparring' });
    env = {
      S3_BUCKET: 'sparring',
      S3_ENDPOINT: emulator.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      TOKEN_SIGNING_KEY: 'a-signing-key-both-instances-share-0123456789',
    };
    ctx = await createTestApp(target, { env });
    appB = await createAppOn(ctx.fresh, { env: { ...env, DATA_DIR: otherDataDir } });
    baseA = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = await appB.listen({ port: 0, host: '127.0.0.1' });
    student = await signUp(ctx.app);
  });
  afterAll(async () => {
    await appB.close();
    await ctx.close();
    await emulator.close();
    await rm(bucketDir, { recursive: true, force: true });
    await rm(otherDataDir, { recursive: true, force: true });
  });

  /** A client of the emulator's bucket, to look at what the uploads left there. */
  const bucketClient = () =>
    new S3Client({
      region: 'us-east-1',
      endpoint: emulator.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });

  function send(base: string, options: { stopAt?: number; uploadUrl?: string; data?: Buffer } = {}) {
    return new Promise<{ url: string | null; firstOffset: number | null; videoId: string | null }>(
      (resolve, reject) => {
        let firstOffset: number | null = null;
        let videoId: string | null = null;
        const upload: Upload = new Upload(options.data ?? clips.mp4, {
          endpoint: `${base}/vid/api/video/uploads`,
          uploadUrl: options.uploadUrl ? `${base}${new URL(options.uploadUrl).pathname}` : null,
          headers: { authorization: student.auth.authorization },
          metadata: {
            filename: 'roll.mp4',
            filetype: 'video/mp4',
            description: 'Cut on A',
            studentIdentifier: 'kuba-01',
            martialArt: 'BrazilianJiuJitsu_NO_GI',
          },
          chunkSize: 8 * 1024,
          retryDelays: [],
          onAfterResponse: (req, res) => {
            if (req.getMethod() === 'PATCH') videoId = res.getHeader('Video-Id') ?? videoId;
          },
          onProgress: (sent, total) => {
            firstOffset ??= sent;
            if (options.stopAt !== undefined && sent >= total * options.stopAt) {
              void upload.abort().then(() => resolve({ url: upload.url, firstOffset, videoId }));
            }
          },
          onSuccess: () => resolve({ url: upload.url, firstOffset, videoId }),
          onError: reject,
        });
        upload.start();
      },
    );
  }

  it('resumes on B an upload cut on A, from where it stopped, into one video in the bucket', async () => {
    const cut = await send(baseA, { stopAt: 0.5 });
    expect(cut.url).toMatch(/\/vid\/api\/video\/uploads\/tus-[0-9a-f]+$/);
    // Nothing of the upload is in either instance's folder: the bucket holds it.
    const folders = [path.join(ctx.config.dataDir, 'uploads'), path.join(otherDataDir, 'uploads')];
    for (const folder of folders) expect(await readdir(folder).catch(() => [])).toEqual([]);

    const resumed = await send(baseB, { uploadUrl: cut.url ?? '' });
    // B went on from where A stopped (past half), not from byte 0.
    expect(resumed.firstOffset).toBeGreaterThan(clips.mp4.length / 2);
    expect(resumed.videoId).not.toBeNull();

    const videos = (
      await appB.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers: student.auth })
    ).json<UploadedVideo[]>();
    expect(videos).toHaveLength(1);
    expect(String(videos[0]?.id)).toBe(resumed.videoId);
    expect(videos[0]?.sizeBytes).toBe(clips.mp4.length);
    // The presigned address plays the same bytes from the bucket.
    const played = Buffer.from(await (await fetch(videos[0]?.signedUrl ?? '')).arrayBuffer());
    expect(played.equals(clips.mp4)).toBe(true);

    // The finished upload's own objects are gone; the video's source stays.
    const client = bucketClient();
    const keys = ((await client.send(new ListObjectsV2Command({ Bucket: 'sparring' }))).Contents ?? []).map(
      (object) => object.Key ?? '',
    );
    client.destroy();
    expect(keys.filter((key) => key.startsWith('tus-'))).toEqual([]);
    expect(keys.some((key) => /^[0-9a-f-]{36}\/source\.mp4$/.test(key))).toBe(true);
  });

  it('answers 404 to any request for an address that names no upload, one too long to be a key in the bucket too', async () => {
    const headers = {
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
      ...student.auth,
    };
    for (const id of ['tus-00', `tus-${'a'.repeat(5000)}`]) {
      for (const method of ['HEAD', 'PATCH', 'DELETE']) {
        const res = await fetch(`${baseA}/vid/api/video/uploads/${id}`, {
          method,
          headers,
          ...(method === 'PATCH' ? { body: 'abc' } : {}),
        });
        expect(res.status, `${method} ${id.slice(0, 20)}`).toBe(404);
        if (method !== 'HEAD') expect(res.headers.get('content-type')).toContain('application/problem+json');
      }
    }
  });

  it('finishes on the next HEAD an upload whose parts all arrived but whose multipart upload was never completed', async () => {
    // Other bytes than the other tests' videos (the same ones would be refused as uploaded already).
    const data = Buffer.concat([clips.mp4, Buffer.from('parts left unjoined')]);
    const cut = await send(baseA, { stopAt: 0.5, data });
    const id = new URL(cut.url ?? '').pathname.split('/').at(-1) ?? '';
    // The last part arrives, and its completion fails: every byte is in the bucket, as parts only.
    emulator.failCompletions(true);
    try {
      await expect(send(baseA, { uploadUrl: cut.url ?? '', data })).rejects.toThrow();
    } finally {
      emulator.failCompletions(false);
    }
    expect(await emulator.openMultipartUploads()).toBe(1);

    // The client asks B where it stands: the parts are joined and finished into the video, not lost.
    const head = await fetch(`${baseB}/vid/api/video/uploads/${id}`, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', ...student.auth },
      signal: AbortSignal.timeout(15_000),
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(data.length));
    const videoId = head.headers.get('video-id');
    expect(videoId).toMatch(/^\d+$/);
    const videos = (
      await appB.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers: student.auth })
    ).json<UploadedVideo[]>();
    const video = videos.find((each) => String(each.id) === videoId);
    expect(video?.sizeBytes).toBe(data.length);
    const played = Buffer.from(await (await fetch(video?.signedUrl ?? '')).arrayBuffer());
    expect(played.equals(data)).toBe(true);
    expect(await emulator.openMultipartUploads()).toBe(0);
  });

  it("answers a client's HEAD with the video when a server stopped between removing a finished upload's object and its record", async () => {
    const client = bucketClient();
    try {
      // Other bytes than the first test's video (the same ones would be refused as uploaded already).
      const data = Buffer.concat([clips.mp4, Buffer.from('record left')]);
      const cut = await send(baseA, { stopAt: 0.5, data });
      const id = new URL(cut.url ?? '').pathname.split('/').at(-1) ?? '';
      // The upload's record as the store keeps it, to put back once the upload is finished and removed.
      const info = await client.send(new GetObjectCommand({ Bucket: 'sparring', Key: `${id}.info` }));
      const record = { body: await info.Body?.transformToString(), metadata: info.Metadata };
      const resumed = await send(baseB, { uploadUrl: cut.url ?? '', data });
      expect(resumed.videoId).toMatch(/^\d+$/);
      await client.send(
        new PutObjectCommand({ Bucket: 'sparring', Key: `${id}.info`, Body: record.body, Metadata: record.metadata }),
      );
      // The record says complete and the bytes are gone: the answer is the video, not a wait for ever.
      const head = await fetch(`${baseA}/vid/api/video/uploads/${id}`, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', ...student.auth },
        signal: AbortSignal.timeout(15_000),
      });
      expect(head.status).toBe(200);
      expect(head.headers.get('video-id')).toBe(resumed.videoId);
      const keys = ((await client.send(new ListObjectsV2Command({ Bucket: 'sparring' }))).Contents ?? []).map(
        (object) => object.Key ?? '',
      );
      expect(keys.filter((key) => key.startsWith(id))).toEqual([]);
    } finally {
      client.destroy();
    }
  });
});
