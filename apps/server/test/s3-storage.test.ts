import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, multipart, type Clips } from './support/videos.js';

/**
 * Videos in an S3-compatible bucket: the real AWS SDK against s3rver, a server that speaks the S3 wire
 * protocol on loopback, with signed requests and presigned addresses.
 */
describe('videos in S3-compatible storage', () => {
  const target = databaseTargets[0];
  let server: S3rver;
  let bucketDir: string;
  let ctx: TestContext;
  let clips: Clips;
  let student: SignedIn;

  beforeAll(async () => {
    if (!target) throw new Error('no database target');
    clips = await makeClips();
    bucketDir = await mkdtemp(path.join(tmpdir(), 'openmat-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'sparring' }],
    });
    const { port } = await server.run();
    ctx = await createTestApp(target, {
      env: {
        S3_BUCKET: 'sparring',
        S3_ENDPOINT: `http://127.0.0.1:${String(port)}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    student = await signUp(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
    await rm(bucketDir, { recursive: true, force: true });
  });

  it('stores the upload in the bucket, plays it by a presigned address with ranges, and deletes it there', async () => {
    const body = multipart([{ filename: 'roll.mp4', type: 'video/mp4', data: clips.mp4 }, ['studentIdentifier', 's3']]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/vid/api/video/upload-sparring',
      headers: { ...body.headers, ...student.auth },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const { videoId, signedUrl } = res.json<VideoUploadResponse>();
    expect(signedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sparring\/.+X-Amz-Signature=/);

    const whole = await fetch(signedUrl);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(clips.mp4)).toBe(true);
    const part = await fetch(signedUrl, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // Nothing of it stays on the app's own disk.
    expect(existsSync(path.join(ctx.config.dataDir, 'videos'))).toBe(false);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/vid/api/video/delete-uploaded/${String(videoId)}`,
      headers: student.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await fetch(signedUrl)).status).toBe(404);
    const left = await ctx.app.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers: student.auth });
    expect(left.json<UploadedVideo[]>()).toEqual([]);
  });
});
