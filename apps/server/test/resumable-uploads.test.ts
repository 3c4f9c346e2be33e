import type { UploadedVideo } from '@openmat/contract/videos';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, type Clips } from './support/videos.js';

let clips: Clips;
beforeAll(async () => {
  clips = await makeClips(3);
});

interface Outcome {
  status: number;
  videoId: string | null;
  body: string;
}

describe.each(databaseTargets)('resumable uploads (tus) on $dialect', (target) => {
  let ctx: TestContext;
  let base: string;
  let student: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    ctx = await createTestApp(target, { env: { VIDEO_MAX_BYTES: String(4 * 1024 * 1024) } });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    student = await signUp(ctx.app, { fighterName: 'Kuba Nowak' });
    other = await signUp(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const metadata = (extra: Record<string, string> = {}) => ({
    filename: 'roll.mp4',
    filetype: 'video/mp4',
    description: 'Resumed roll',
    studentIdentifier: 'kuba-01',
    martialArt: 'BrazilianJiuJitsu_NO_GI',
    ...extra,
  });

  /**
   * Sends `data` with the official tus client in small chunks. `stopAt` aborts once that share is sent;
   * `uploadUrl` continues an earlier upload. Resolves with the last PATCH's status and Video-Id.
   */
  function send(
    data: Buffer,
    who: SignedIn,
    options: { stopAt?: number; uploadUrl?: string; meta?: Record<string, string> } = {},
  ): Promise<Outcome & { url: string | null; firstOffset: number | null }> {
    return new Promise((resolve, reject) => {
      let last: Outcome = { status: 0, videoId: null, body: '' };
      let firstOffset: number | null = null;
      const upload: Upload = new Upload(data, {
        endpoint: `${base}/vid/api/video/uploads`,
        uploadUrl: options.uploadUrl ?? null,
        headers: { authorization: who.auth.authorization },
        metadata: options.meta ?? metadata(),
        chunkSize: 32 * 1024,
        retryDelays: [],
        onAfterResponse: (req, res) => {
          if (req.getMethod() === 'PATCH' || req.getMethod() === 'POST') {
            last = { status: res.getStatus(), videoId: res.getHeader('Video-Id') ?? null, body: res.getBody() };
          }
        },
        onProgress: (sent, total) => {
          firstOffset ??= sent;
          if (options.stopAt !== undefined && sent >= total * options.stopAt) {
            void upload.abort().then(() => resolve({ ...last, url: upload.url, firstOffset }));
          }
        },
        onSuccess: () => resolve({ ...last, url: upload.url, firstOffset }),
        onError: (error) => {
          const original = 'originalResponse' in error ? error.originalResponse : null;
          if (original) {
            resolve({
              status: original.getStatus(),
              videoId: null,
              body: original.getBody(),
              url: upload.url,
              firstOffset,
            });
          } else reject(error);
        },
      });
      upload.start();
    });
  }

  const list = async (who: SignedIn) =>
    (await ctx.app.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers: who.auth })).json<
      UploadedVideo[]
    >();

  it('continues a cut upload from where it stopped, and ends in the same video as a multipart upload', async () => {
    const cut = await send(clips.mp4, student, { stopAt: 0.5 });
    expect(cut.url).toMatch(/\/vid\/api\/video\/uploads\/[^/]+$/);
    expect(await list(student)).toEqual([]);

    const resumed = await send(clips.mp4, student, { uploadUrl: cut.url ?? '' });
    // The client asked the server where it stood and went on from there, not from zero.
    expect(resumed.firstOffset).toBeGreaterThanOrEqual(clips.mp4.length / 2 - 32 * 1024);
    expect(resumed.status).toBe(204);
    const videos = await list(student);
    expect(videos).toHaveLength(1);
    expect(resumed.videoId).toBe(String(videos[0]?.id));
    expect(videos[0]).toMatchObject({
      description: 'Resumed roll',
      studentIdentifier: 'kuba-01',
      martialArt: 'BrazilianJiuJitsu_NO_GI',
      sizeBytes: clips.mp4.length,
    });
    const played = await ctx.app.inject({ method: 'GET', url: videos[0]?.signedUrl ?? '' });
    expect(played.rawPayload.equals(clips.mp4)).toBe(true);
  });

  it('answers the same bytes again from the same uploader with 409 and the first video id', async () => {
    const again = await send(clips.mp4, student);
    expect(again.status).toBe(409);
    const first = (await list(student))[0];
    expect(JSON.parse(again.body)).toMatchObject({ message: 'You already uploaded this video.', videoId: first?.id });
  });

  it('refuses a file that is not a video at the end, and bad fields at the start', async () => {
    const notVideo = await send(Buffer.alloc(100_000, 7), student);
    expect(notVideo.status).toBe(400);
    expect((JSON.parse(notVideo.body) as { message: string }).message).toMatch(/^This file is not a video/);
    const noIdentifier = await send(clips.avi, student, { meta: metadata({ studentIdentifier: '' }) });
    expect(noIdentifier.status).toBe(400);
    expect(JSON.parse(noIdentifier.body)).toMatchObject({
      errors: { studentIdentifier: ['Please provide a student identifier'] },
    });
  });

  it('refuses an upload over VIDEO_MAX_BYTES when it is created, in words, as the form upload does', async () => {
    const big = await send(Buffer.alloc(5 * 1024 * 1024), student);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toEqual({ message: 'The video is larger than 4 MB, the most this server accepts.' });
    const polish = await fetch(`${base}/vid/api/video/uploads`, {
      method: 'POST',
      headers: {
        ...student.auth,
        'accept-language': 'pl',
        'tus-resumable': '1.0.0',
        'upload-length': String(5 * 1024 * 1024),
      },
    });
    expect(polish.status).toBe(413);
    expect(((await polish.json()) as { message: string }).message).toMatch(/^Nagranie jest większe niż 4 MB/);
  });

  it("answers the protocol's own refusals as problem details", async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { 'upload-length': '-5' },
      { 'upload-length': '99999999999999999999999' },
    ];
    for (const headers of cases) {
      const res = await fetch(`${base}/vid/api/video/uploads`, {
        method: 'POST',
        headers: { 'tus-resumable': '1.0.0', ...student.auth, ...headers },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json()).toMatchObject({ status: 400, detail: expect.any(String) as unknown });
    }
    const unknown = await fetch(`${base}/vid/api/video/uploads/no-such-upload`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        ...student.auth,
      },
      body: 'abc',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
  });

  it('lets nobody else continue or inspect an upload, and nobody without a token start one', async () => {
    const cut = await send(clips.avi, student, { stopAt: 0.3 });
    const url = cut.url ?? '';
    // Over a real connection: the protocol reads Node's own request.
    const head = (who: SignedIn | null) =>
      fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...(who ? who.auth : {}) } });
    const own = await head(student);
    expect(own.status).toBe(200);
    expect(Number(own.headers.get('upload-offset'))).toBeGreaterThan(0);
    expect((await head(other)).status).toBe(404);
    expect((await head(null)).status).toBe(401);
    // Told the upload does not exist, the other user's client starts one of their own instead.
    const theirs = await send(clips.avi, other, { uploadUrl: url });
    expect(theirs.url).not.toBe(url);
    expect((await list(other)).map((video) => String(video.id))).toEqual([theirs.videoId]);
    expect((await head(student)).headers.get('upload-offset')).toBe(own.headers.get('upload-offset'));
  });
});
