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
  let port: number;

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
    ({ port } = await server.run());
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

  it("lets pages play videos and posters from the bucket's origin, and from no other", async () => {
    const csp = String(
      (await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `))
        ?.split(' ')
        .slice(1) ?? [];
    const origin = `http://127.0.0.1:${String(port)}`;
    expect(directive('media-src')).toEqual(["'self'", 'blob:', origin]);
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com', origin]);
  });

  it('signs playback addresses for S3_PUBLIC_URL when browsers reach the store there, and allows that origin', async () => {
    if (!target) throw new Error('no database target');
    const fresh = await createTestApp(target, {
      env: {
        S3_BUCKET: 'sparring',
        S3_ENDPOINT: `http://127.0.0.1:${String(port)}`,
        S3_PUBLIC_URL: 'https://media.example.org',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      const who = await signUp(fresh.app);
      const body = multipart([
        { filename: 'roll.avi', type: 'video/x-msvideo', data: clips.avi },
        ['studentIdentifier', 's3'],
      ]);
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/vid/api/video/upload-sparring',
        headers: { ...body.headers, ...who.auth },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<VideoUploadResponse>().signedUrl).toMatch(/^https:\/\/media\.example\.org\/sparring\//);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("media-src 'self' blob: https://media.example.org;");
      expect(csp).not.toContain(`127.0.0.1:${String(port)}`);
    } finally {
      await fresh.close();
    }
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
