import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MediaAborted,
  MediaRepository,
  MediaTimeout,
  UndecodableVideo,
  demuxerFor,
} from '../src/repositories/media.repository.js';
import { AnalysisRepository, MAX_CORRECTIONS } from '../src/repositories/analysis.repository.js';
import { signUp, testClock, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, multipart, type Clips } from './support/videos.js';

const run = promisify(execFile);

let clips: Clips;
/** A longer clip, so that an analysis of it is still running when the test deletes it. */
let longClip: Buffer;
let workDir: string;
beforeAll(async () => {
  clips = await makeClips(2);
  workDir = await mkdtemp(path.join(tmpdir(), 'openmat-limits-'));
  const long = path.join(workDir, 'long.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=240'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', long],
  ]);
  longClip = await readFile(long);
});

/** Every file under a folder, recursively, as absolute paths. */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/** The command lines of the running ffmpeg processes that read `file`. */
async function ffmpegReading(file: string): Promise<string[]> {
  const { stdout } = await run('ps', ['-eo', 'args']);
  return stdout.split('\n').filter((line) => line.startsWith('ffmpeg') && line.includes(file));
}

/**
 * Files that point ffmpeg at another file: an HLS playlist, a DASH manifest and an ffconcat list. Any
 * of them, opened with the demuxer its content asks for, reads `target`.
 */
function referencing(target: string): { hls: string; dash: string; ffconcat: string } {
  return {
    hls: `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\nfile://${target}\n#EXT-X-ENDLIST\n`,
    dash:
      `<?xml version="1.0" encoding="utf-8"?>\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" ` +
      `mediaPresentationDuration="PT2S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">` +
      `<Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000" width="160" height="120">` +
      `<BaseURL>file://${target}</BaseURL></Representation></AdaptationSet></Period></MPD>\n`,
    ffconcat: `ffconcat version 1.0\nfile '${target}'\n`,
  };
}

describe('the media allow-list', () => {
  it('reads real containers and names their demuxer; refuses playlists, manifests and sequences by name', () => {
    expect(demuxerFor('mov,mp4,m4a,3gp,3g2,mj2')).toBe('mov');
    expect(demuxerFor('matroska,webm')).toBe('matroska');
    expect(demuxerFor('avi')).toBe('avi');
    expect(demuxerFor('mpeg')).toBe('mpeg');
    expect(demuxerFor('mpegts')).toBe('mpegts');
    for (const name of [
      'hls',
      'dash',
      'concat',
      'image2',
      'image2pipe',
      'jpeg_pipe',
      'gif',
      'webp_pipe',
      'sdp',
      'tee',
    ]) {
      expect(demuxerFor(name), name).toBeNull();
    }
    // Not a container we read, though a real one.
    expect(demuxerFor('flv')).toBeNull();
    expect(demuxerFor('wav')).toBeNull();
  });

  it('probes a playlist, a manifest and a concat list that point at a real video as no video at all', async () => {
    const media = new MediaRepository();
    const target = path.join(workDir, 'target.mp4');
    await writeFile(target, clips.mp4);
    expect(await media.probe(target)).toMatchObject({ demuxer: 'mov', width: 160, height: 120 });
    for (const [kind, text] of Object.entries(referencing(target))) {
      const file = path.join(workDir, `my_roll_${kind}.mp4`);
      await writeFile(file, text);
      expect(await media.probe(file), kind).toBeNull();
    }
    const photo = path.join(workDir, 'photo.mp4');
    await writeFile(photo, clips.jpeg);
    expect(await media.probe(photo)).toBeNull();
  });

  it('never follows a reference even when a job is handed one: the named demuxer reads the file itself', async () => {
    const media = new MediaRepository();
    const target = path.join(workDir, 'target2.mp4');
    await writeFile(target, clips.mp4);
    const playlist = path.join(workDir, 'playlist.mp4');
    await writeFile(playlist, referencing(target).hls);
    const frames: unknown[] = [];
    const sampling = (async () => {
      for await (const frame of media.sampleFrames(
        { path: playlist, demuxer: 'mov', durationSeconds: 2 },
        { framesPerSecond: 2, width: 64, height: 36 },
      )) {
        frames.push(frame);
      }
    })();
    await expect(sampling).rejects.toBeInstanceOf(UndecodableVideo);
    expect(frames).toHaveLength(0);
  });

  it('stops a run over its time budget with a clear error, and a run its caller gave up on', async () => {
    const file = path.join(workDir, 'long-budget.mp4');
    await writeFile(file, longClip);
    const slow = new MediaRepository({ maxSeconds: 3600, baseSeconds: 0.2, secondsPerSecond: 0 });
    const source = { path: file, demuxer: 'mov' as const, durationSeconds: 240 };
    await expect(slow.transcode(source, path.join(workDir, 'out.mp4'))).rejects.toBeInstanceOf(MediaTimeout);
    const timedOut = slow.sampleFrames(source, { framesPerSecond: 10, width: 320, height: 240 });
    await expect(
      (async () => {
        for await (const frame of timedOut) void frame;
      })(),
    ).rejects.toThrow(/time budget of 0 s/);

    const controller = new AbortController();
    const media = new MediaRepository();
    const sampled = media.sampleFrames(source, { framesPerSecond: 10, width: 320, height: 240 }, controller.signal);
    await expect(
      (async () => {
        for await (const frame of sampled) {
          void frame;
          controller.abort();
        }
      })(),
    ).rejects.toBeInstanceOf(MediaAborted);
  });

  it('takes a run stopped by someone else (a stop, a restart) for a failure to try again, not an undecodable file', async () => {
    const file = path.join(workDir, 'long-killed.mp4');
    await writeFile(file, longClip);
    const media = new MediaRepository();
    const sampled = media.sampleFrames(
      { path: file, demuxer: 'mov', durationSeconds: 240 },
      { framesPerSecond: 10, width: 320, height: 240 },
    );
    let killed = false;
    const outcome = (async () => {
      for await (const frame of sampled) {
        void frame;
        if (!killed) {
          killed = true;
          const { stdout } = await run('ps', ['-eo', 'pid,args']);
          const line = stdout.split('\n').find((entry) => entry.includes('ffmpeg') && entry.includes(file));
          process.kill(Number(line?.trim().split(/\s+/)[0]), 'SIGTERM');
        }
      }
    })();
    const error: unknown = await outcome.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UndecodableVideo);
    expect(String(error)).toMatch(/stopped by (SIGTERM|a signal); another try runs it again/);
  });

  it('reads no more of a clip than it claims to last', async () => {
    const file = path.join(workDir, 'claims-short.mp4');
    await writeFile(file, longClip);
    const media = new MediaRepository();
    let count = 0;
    for await (const frame of media.sampleFrames(
      { path: file, demuxer: 'mov', durationSeconds: 3 },
      { framesPerSecond: 2, width: 64, height: 48 },
    )) {
      void frame;
      count++;
    }
    // 3 s claimed (and 2 s of slack) at 2 frames a second; the file holds 240 s.
    expect(count).toBeLessThanOrEqual(11);
    expect(count).toBeGreaterThanOrEqual(6);
  });
});

describe.each(databaseTargets)('video limits and quotas on $dialect', (target) => {
  const clock = testClock();
  let ctx: TestContext;
  let base: string;
  let victim: SignedIn;
  let attacker: SignedIn;
  let coach: SignedIn;

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      clock,
      env: {
        VIDEO_MAX_SECONDS: '200',
        VIDEO_MAX_DIMENSION: '1000',
        // Room for a few small clips, not for the long one twice.
        VIDEO_QUOTA_BYTES: String(Math.round(longClip.length * 1.5)),
        VIDEO_MAX_UNFINISHED_UPLOADS: '2',
        ANALYSIS_RERUN_SECONDS: '600',
      },
    });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    victim = await signUp(ctx.app, { fighterName: 'Victim' });
    attacker = await signUp(ctx.app, { fighterName: 'Attacker' });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const upload = (who: SignedIn, data: Buffer, filename = 'my_roll.mp4', type = 'video/mp4') => {
    const body = multipart([{ filename, type, data }, ['description', 'Roll'], ['studentIdentifier', 'blue gi']]);
    return ctx.app.inject({
      method: 'POST',
      url: '/vid/api/video/upload-sparring',
      headers: { ...body.headers, ...who.auth },
      payload: body.payload,
    });
  };
  const list = async (who: SignedIn) =>
    (await ctx.app.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers: who.auth })).json<
      UploadedVideo[]
    >();
  const encode = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
  /** A tus upload sent whole in one PATCH: the creation's status, and the last PATCH's. */
  async function tus(who: SignedIn, data: Buffer, filename = 'my_roll.mp4') {
    const created = await fetch(`${base}/vid/api/video/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': encode({ filename, filetype: 'video/mp4', studentIdentifier: 'blue gi' }),
        ...who.auth,
      },
    });
    const location = created.headers.get('location');
    if (created.status !== 201 || !location) {
      return { created: created.status, body: await created.text(), patched: null, videoId: null, url: null };
    }
    const url = new URL(location, base).href;
    if (data.length === 0) return { created: 201, body: '', patched: null, videoId: null, url };
    const patched = await fetch(url, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        ...who.auth,
      },
      body: data,
    });
    return {
      created: 201,
      patched: patched.status,
      body: await patched.text(),
      videoId: patched.headers.get('video-id'),
      url,
    };
  }
  const cancelTus = (who: SignedIn, url: string) =>
    fetch(url, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0', ...who.auth } });

  it("refuses playlists, manifests and concat lists that point at another user's video, through both upload paths", async () => {
    const stored = (await upload(victim, clips.mp4)).json<VideoUploadResponse>();
    expect(stored.statusCode).toBe(200);
    const sources = (await filesUnder(path.join(ctx.config.dataDir, 'videos'))).filter((file) =>
      file.includes('source'),
    );
    expect(sources).toHaveLength(1);
    const targetFile = sources[0] ?? '';
    for (const [kind, text] of Object.entries(referencing(targetFile))) {
      const byForm = await upload(attacker, Buffer.from(text), 'my_roll.mp4', 'video/mp4');
      expect(byForm.statusCode, kind).toBe(400);
      expect(byForm.json<{ message: string }>().message).toMatch(/^This file is not a video/);
      const byTus = await tus(attacker, Buffer.from(text));
      expect(byTus.patched, kind).toBe(400);
      expect((JSON.parse(byTus.body) as { message: string }).message).toMatch(/^This file is not a video/);
    }
    expect(await list(attacker)).toEqual([]);
    // No job was queued for the attacker, so none can read the target.
    const jobs = await ctx.database.db.selectFrom('jobs').select(['name', 'payload_json']).execute();
    expect(jobs.map((job) => JSON.parse(job.payload_json) as unknown)).toEqual([{ videoId: stored.videoId }]);
  });

  it('refuses a video over the length or frame-size limit at upload, naming the limit', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openmat-limits-upload-'));
    const wide = path.join(dir, 'wide.mp4');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x240:rate=5:duration=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', wide],
    ]);
    const tooWide = await upload(coach, await readFile(wide));
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json<{ message: string }>().message).toBe(
      "The video's frames are 1280x240 pixels; this server accepts at most 1000 pixels a side. Export it at a lower resolution.",
    );
    const tooLong = await upload(coach, longClip);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toMatch(/^The video is longer than 3 minutes/);
    const inPolish = await ctx.app.inject({
      method: 'POST',
      url: '/vid/api/video/upload-sparring',
      ...(() => {
        const body = multipart([
          { filename: 'long.mp4', type: 'video/mp4', data: longClip },
          ['studentIdentifier', 'blue gi'],
        ]);
        return { headers: { ...body.headers, ...coach.auth, 'accept-language': 'pl' }, payload: body.payload };
      })(),
    });
    expect(inPolish.json<{ message: string }>().message).toMatch(/^Film jest dłuższy niż 3 minut/);
    expect(await list(coach)).toEqual([]);
  });

  /** Starts a tus upload of `length` bytes and sends none: its creation's status and address. */
  async function startTus(who: SignedIn, length: number) {
    const res = await fetch(`${base}/vid/api/video/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': encode({ filename: 'a.mp4', studentIdentifier: 'blue gi' }),
        ...who.auth,
      },
    });
    return { status: res.status, body: await res.text(), url: new URL(res.headers.get('location') ?? '/', base).href };
  }

  it('caps what one account stores, with a 413 that says how much is used, on both upload paths', async () => {
    const fresh = await signUp(ctx.app, { fighterName: 'Quota' });
    const firstBytes = Buffer.concat([clips.mp4, Buffer.alloc(1024 * 1024)]);
    const first = await upload(fresh, firstBytes);
    expect(first.statusCode).toBe(200);
    const mb = (bytes: number) => new Intl.NumberFormat('en').format(Math.round((bytes / 1024 ** 2) * 10) / 10);
    // Twice the long clip takes the account over its quota, by either path.
    const over = await upload(fresh, Buffer.concat([clips.avi, Buffer.alloc(longClip.length * 2)]), 'big.avi');
    expect(over.statusCode).toBe(413);
    expect(over.json<{ message: string }>().message).toContain(`already use ${mb(firstBytes.length)} MB`);
    const overTus = await startTus(fresh, longClip.length * 2);
    expect(overTus.status).toBe(413);
    expect((JSON.parse(overTus.body) as { message: string }).message).toContain('already use');
    // Unfinished uploads count too: one that declared most of the quota leaves no room for a form upload.
    const pending = await startTus(fresh, longClip.length);
    expect(pending.status).toBe(201);
    const squeezed = await upload(fresh, Buffer.concat([clips.avi, Buffer.alloc(longClip.length / 2)]), 'half.avi');
    expect(squeezed.statusCode).toBe(413);
    expect(squeezed.json<{ message: string }>().message).toContain(
      `already use ${mb(firstBytes.length + longClip.length)} MB`,
    );
    expect((await cancelTus(fresh, pending.url)).status).toBe(204);
    expect(
      (await upload(fresh, Buffer.concat([clips.avi, Buffer.alloc(longClip.length / 2)]), 'half.avi')).statusCode,
    ).toBe(200);
  });

  it('caps the unfinished resumable uploads of one account', async () => {
    const fresh = await signUp(ctx.app, { fighterName: 'Many uploads' });
    const one = await startTus(fresh, 1000);
    const two = await startTus(fresh, 1000);
    expect([one.status, two.status]).toEqual([201, 201]);
    const three = await startTus(fresh, 1000);
    expect(three.status).toBe(429);
    expect(JSON.parse(three.body)).toMatchObject({
      message: 'You already have 2 unfinished uploads. Finish or cancel one of them before you start another.',
    });
    // Another account is not held back by this one.
    expect((await startTus(victim, 1000)).status).toBe(201);
    // Cancelling one makes room again.
    expect((await cancelTus(fresh, one.url)).status).toBe(204);
    expect((await startTus(fresh, 1000)).status).toBe(201);
  });

  it(
    'stops a running analysis and drops the waiting jobs of a video that is deleted',
    { timeout: 180_000 },
    async () => {
      // 240 s is over this app's 200 s limit: this one goes through an app without it.
      const roomy = await createTestApp(target, { env: { VIDEO_MAX_SECONDS: '3600' } });
      try {
        const who = await signUp(roomy.app, { fighterName: 'Deleter' });
        const body = multipart([
          { filename: 'long.mp4', type: 'video/mp4', data: longClip },
          ['studentIdentifier', 'x'],
        ]);
        const res = await roomy.app.inject({
          method: 'POST',
          url: '/vid/api/video/upload-sparring',
          headers: { ...body.headers, ...who.auth },
          payload: body.payload,
        });
        expect(res.statusCode, res.body).toBe(200);
        const videoId = res.json<VideoUploadResponse>().videoId;
        const source = (await filesUnder(path.join(roomy.config.dataDir, 'videos'))).find((file) =>
          file.includes('source'),
        );
        expect(source).toBeDefined();
        const asked = await roomy.app.inject({
          method: 'POST',
          url: `/vid/api/video/analyze/${videoId}`,
          headers: who.auth,
        });
        expect(asked.statusCode).toBe(202);
        // The analysis is under way: its progress is told, and ffmpeg is reading the video for it.
        await vi.waitFor(
          async () => {
            const details = await roomy.app.inject({
              method: 'GET',
              url: `/vid/api/video/${videoId}`,
              headers: who.auth,
            });
            const { analysis } = details.json<UploadedVideo>();
            expect(analysis.status).toBe('running');
            expect(analysis.progress).toBeGreaterThan(0);
          },
          { timeout: 60_000, interval: 100 },
        );
        expect(await ffmpegReading(source ?? '')).not.toEqual([]);
        const deleted = await roomy.app.inject({
          method: 'DELETE',
          url: `/vid/api/video/delete-uploaded/${videoId}`,
          headers: who.auth,
        });
        expect(deleted.statusCode).toBe(200);
        // Within a few seconds nothing reads it any more, long before the four-minute clip's analysis would end.
        await vi.waitFor(async () => expect(await ffmpegReading(source ?? '')).toEqual([]), {
          timeout: 8_000,
          interval: 100,
        });
        // Its jobs end, and none waits to run again. (The refit of the position adaptation that a
        // deletion queues, ADR 0028, is the installation's, not the video's.)
        await vi.waitFor(
          async () =>
            expect(
              (
                await roomy.database.db
                  .selectFrom('jobs')
                  .select(['name', 'status'])
                  .where('name', 'like', 'video.%')
                  .execute()
              ).sort((a, b) => a.name.localeCompare(b.name)),
            ).toEqual([
              { name: 'video.analyze', status: 'done' },
              { name: 'video.process', status: 'done' },
            ]),
          { timeout: 8_000, interval: 100 },
        );
      } finally {
        await roomy.close();
      }
    },
  );

  it('lets a video be analysed again only after a while, and keeps the vision model budget', async () => {
    const owner = await signUp(ctx.app, { fighterName: 'Rerun' });
    const videoId = (await upload(owner, clips.avi, 'r.avi')).json<VideoUploadResponse>().videoId;
    const analyze = () =>
      ctx.app.inject({ method: 'POST', url: `/vid/api/video/analyze/${videoId}`, headers: owner.auth });
    expect((await analyze()).statusCode).toBe(202);
    const analyses = new AnalysisRepository(ctx.database.db, clock);
    // A call to the vision model was made for it.
    expect(await analyses.startModelCall(videoId, 0)).toBe(true);
    await vi.waitFor(async () => expect((await analyses.state(videoId))?.status).toMatch(/completed|failed/), {
      timeout: 60_000,
      interval: 100,
    });
    const soon = await analyze();
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(500);
    expect(soon.json<{ detail: string }>().detail).toBe(
      'This video was analysed a moment ago. You can ask again in 10 minutes.',
    );
    // Under a minute left: one minute, in the reader's grammar.
    clock.advance(560);
    expect((await analyze()).json<{ detail: string }>().detail).toBe(
      'This video was analysed a moment ago. You can ask again in 1 minute.',
    );
    const polish = await ctx.app.inject({
      method: 'POST',
      url: `/vid/api/video/analyze/${videoId}`,
      headers: { ...owner.auth, 'accept-language': 'pl' },
    });
    expect(polish.json<{ detail: string }>().detail).toBe(
      'Ten film był analizowany przed chwilą. Możesz poprosić ponownie za 1 minutę.',
    );
    clock.advance(41);
    expect((await analyze()).statusCode).toBe(202);
    expect((await analyses.modelCalls(videoId))?.started).toBe(1);
  });

  it('keeps one vote per reader, a bounded correction history, and refuses an oversized correction', async () => {
    const owner = await signUp(ctx.app, { fighterName: 'Votes' });
    const videoId = (await upload(owner, Buffer.concat([clips.mp4, Buffer.from('votes')]))).json<VideoUploadResponse>()
      .videoId;
    const analyses = new AnalysisRepository(ctx.database.db, clock);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/vid/api/video/analyze/${videoId}`, headers: owner.auth }))
        .statusCode,
    ).toBe(202);
    await vi.waitFor(async () => expect((await analyses.state(videoId))?.status).toBe('completed'), {
      timeout: 60_000,
      interval: 100,
    });
    const vote = (helpful: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: `/vid/api/video/${videoId}/analysis/feedback`,
        headers: owner.auth,
        payload: { helpful },
      });
    expect((await vote(true)).statusCode).toBe(204);
    expect((await vote(false)).statusCode).toBe(204);
    expect(await analyses.feedbackOf(videoId)).toEqual([{ userId: expect.any(Number) as unknown, helpful: false }]);

    const patch = (overallDescription: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/vid/api/video/${videoId}/analysis`,
        headers: owner.auth,
        payload: { overallDescription },
      });
    // A run of saves by one editor is one correction.
    for (let i = 0; i < 30; i++) expect((await patch(`Draft ${i}`)).statusCode).toBe(200);
    expect(await analyses.correctionCount(videoId)).toBe(1);

    const huge = await ctx.app.inject({
      method: 'PATCH',
      url: `/vid/api/video/${videoId}/analysis`,
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ overallDescription: 'x'.repeat(300 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toContain('application/problem+json');

    // Two editors taking turns: each turn is kept, up to MAX_CORRECTIONS, the oldest dropped.
    const userIdOf = async (who: SignedIn) =>
      (await ctx.database.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow())
        .id;
    const editors = [await userIdOf(coach), await userIdOf(owner)];
    for (let i = 0; i < MAX_CORRECTIONS + 5; i++) {
      const before = (await analyses.current(videoId)) ?? '';
      const after = before.replace(/"overallDescription":"[^"]*"/, `"overallDescription":"Turn ${i}"`);
      expect(await analyses.correct(videoId, editors[i % 2] ?? 0, before, after)).toBe(true);
    }
    expect(await analyses.correctionCount(videoId)).toBe(MAX_CORRECTIONS);
  });
});
