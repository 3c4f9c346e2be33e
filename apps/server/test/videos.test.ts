import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { TrainingSession } from '@openmat/contract/sessions';
import type { SharedVideo, UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerJobHandlers } from '../src/jobs/handlers.js';
import type { Services } from '../src/services/services.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { BEFORE_THE_CLASSES, manualClock } from './support/clock.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, multipart, type Clips, type FilePart } from './support/videos.js';

/** Every file under a folder, recursively, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

let clips: Clips;
beforeAll(async () => {
  clips = await makeClips();
});

const CLASS_STARTS = '2026-06-01T12:30:00.000Z';

describe.each(databaseTargets)('videos on $dialect', (target) => {
  const clock = manualClock(BEFORE_THE_CLASSES);
  let ctx: TestContext;
  let coach: SignedIn;
  let student: SignedIn;
  let stranger: SignedIn;
  let session: TrainingSession;
  let services: Services;

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      clock,
      env: { VIDEO_MAX_BYTES: String(2 * 1024 * 1024), SIGNED_URL_TTL_SECONDS: '60' },
      jobHandlers: (registry, appServices) => {
        services = appServices;
        registerJobHandlers(registry, appServices);
      },
    });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    student = await signUp(ctx.app, { fighterName: 'Kuba Nowak' });
    stranger = await signUp(ctx.app, { fighterName: 'Obcy' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/trainingsession',
      headers: coach.auth,
      payload: {
        // Half an hour after the clock's start: it has started (and counts for sharing) once the
        // sharing tests move the clock there, inside the hour the access tokens last.
        trainingDate: CLASS_STARTS,
        capacity: 10,
        duration: 1.5,
        targetLevel: 'Beginner',
        description: 'Open mat',
      },
    });
    session = created.json<TrainingSession>();
    const checkIn = await ctx.app.inject({
      method: 'POST',
      url: `/api/trainingsession/${session.id}/checkin`,
      headers: student.auth,
      payload: { studentIds: [student.fighterId], sessionId: session.id },
    });
    expect(checkIn.statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const videosDir = () => path.join(ctx.config.dataDir, 'videos');
  /** Uploads being received; the scratch folder also holds the processing job's files for a moment. */
  const uploadsInFlight = async () =>
    (await filesUnder(path.join(ctx.config.dataDir, 'tmp'))).filter((file) => file.endsWith('.upload'));

  const clip = (data: Buffer, filename = 'roll.mp4', type = 'video/mp4'): FilePart => ({ filename, type, data });
  const upload = (
    who: SignedIn | null,
    file: FilePart | null,
    fields: Record<string, string> = {
      description: 'Friday roll',
      studentIdentifier: 'kuba-01',
      martialArt: 'BrazilianJiuJitsu_GI',
    },
    headers: Record<string, string> = {},
  ) => {
    const body = multipart([...(file ? [file] : []), ...Object.entries(fields)]);
    return ctx.app.inject({
      method: 'POST',
      url: '/vid/api/video/upload-sparring',
      headers: { ...body.headers, ...(who ? who.auth : {}), ...headers },
      payload: body.payload,
    });
  };
  const get = (url: string, who: SignedIn | null, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...(who ? who.auth : {}), ...headers } });

  describe('POST /vid/api/video/upload-sparring', () => {
    it('stores a video, answers its id and a playable address, and lists it for the uploader only', async () => {
      const res = await upload(student, clip(clips.mp4));
      expect(res.statusCode).toBe(200);
      const body = res.json<VideoUploadResponse>();
      expect(body).toMatchObject({ statusCode: 200, message: 'Video uploaded successfully.' });
      expect(body.signedUrl).toMatch(/^\/vid\/api\/video\/files\/.+\?/);

      const mine = (await get('/vid/api/video/getall-uploaded', student)).json<UploadedVideo[]>();
      expect(mine[0]).toMatchObject({
        id: body.videoId,
        description: 'Friday roll',
        studentIdentifier: 'kuba-01',
        martialArt: 'BrazilianJiuJitsu_GI',
        fighterName: 'Kuba Nowak',
        fighterId: student.fighterId,
        aiAnalysisResult: null,
        isDuplicate: false,
        sizeBytes: clips.mp4.length,
      });
      expect((await get('/vid/api/video/getall-uploaded', stranger)).json()).toEqual([]);
      expect((await get(`/vid/api/video/${body.videoId}`, student)).statusCode).toBe(200);
      expect((await get(`/vid/api/video/${body.videoId}`, stranger)).statusCode).toBe(404);
      expect((await get(`/vid/api/video/${body.videoId}`, coach)).statusCode).toBe(404);
      expect((await get(`/vid/api/video/${body.videoId}`, null)).statusCode).toBe(401);
    });

    it('answers the same bytes from the same uploader with 409 and the first video; from someone else with a video of their own', async () => {
      const first = (await upload(coach, clip(clips.avi, 'a.avi', 'video/x-msvideo'))).json<VideoUploadResponse>();
      const again = await upload(coach, clip(clips.avi, 'renamed.avi', 'video/x-msvideo'));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'You already uploaded this video.', videoId: first.videoId });
      expect(again.json<{ signedUrl: string }>().signedUrl).toMatch(/^\/vid\/api\/video\/files\//);
      const theirs = await upload(stranger, clip(clips.avi, 'a.avi', 'video/x-msvideo'));
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json<VideoUploadResponse>().videoId).not.toBe(first.videoId);
      // Never someone else's address: the stranger's answer is their own copy.
      expect(theirs.json<VideoUploadResponse>().signedUrl).not.toBe(first.signedUrl);
    });

    it('refuses what is not a video by its content, whatever its name and type, and keeps nothing of it', async () => {
      // Uploaded sources only: posters of earlier videos may appear meanwhile.
      const sources = async () => (await filesUnder(videosDir())).filter((file) => file.includes('source'));
      const before = await sources();
      for (const fake of [clip(Buffer.from('just some text, not a film')), clip(clips.jpeg, 'photo.mp4')]) {
        const res = await upload(student, fake);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/^This file is not a video/);
      }
      expect(await sources()).toEqual(before);
      expect(await uploadsInFlight()).toEqual([]);
    });

    it('answers 413 past VIDEO_MAX_BYTES, announced or not, and keeps nothing', async () => {
      const big = Buffer.concat([clips.mp4, Buffer.alloc(2 * 1024 * 1024)]);
      const res = await upload(student, clip(big, 'long.mp4'));
      expect(res.statusCode).toBe(413);
      expect(res.json<{ message: string }>().message).toBe(
        'The video is larger than 2 MB, the most this server accepts.',
      );
      const polish = await upload(student, clip(big, 'long.mp4'), undefined, { 'accept-language': 'pl' });
      expect(polish.json<{ message: string }>().message).toBe(
        'Nagranie jest większe niż 2 MB, czyli najwięcej, ile przyjmuje ten serwer.',
      );
      expect(await uploadsInFlight()).toEqual([]);
    });

    it('asks for the file and the student identifier in the form, in the caller language', async () => {
      const noFile = await upload(student, null);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toEqual({ message: 'Please select a video file' });
      const noIdentifier = await upload(
        student,
        clip(clips.mp4, 'x.mp4'),
        { description: '' },
        { 'accept-language': 'pl' },
      );
      expect(noIdentifier.statusCode).toBe(400);
      expect(noIdentifier.json()).toMatchObject({
        message: 'Formularz przesyłania zawiera pola do poprawienia.',
        errors: { studentIdentifier: ['Podaj identyfikator ucznia'] },
      });
      const badArt = await upload(student, clip(clips.mp4, 'x.mp4'), {
        studentIdentifier: 'k',
        martialArt: 'Capoeira',
      });
      expect(badArt.json()).toMatchObject({ errors: { martialArt: ['Choose one of the listed martial arts.'] } });
      const notForm = await ctx.app.inject({
        method: 'POST',
        url: '/vid/api/video/upload-sparring',
        headers: student.auth,
        payload: { videoFile: 'x' },
      });
      expect(notForm.statusCode).toBe(400);
      expect((await upload(null, clip(clips.mp4))).statusCode).toBe(401);
    });

    it('answers a malformed or cut multipart body with 400, never a server error', async () => {
      for (const payload of [
        '--x\r\ngarbage',
        '--x\r\nContent-Disposition: form-data; name="videoFile"; filename="a.mp4"\r\n\r\nabc',
      ]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/vid/api/video/upload-sparring',
          headers: { ...student.auth, 'content-type': 'multipart/form-data; boundary=x' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/^The upload form could not be read/);
      }
      // A cut body is answered as soon as the form reader fails; its scratch file goes right after.
      await vi.waitFor(async () => expect(await uploadsInFlight()).toEqual([]), { timeout: 10_000, interval: 50 });
    });

    it('answers a form with more parts than an upload takes with 400, not as a file too large, and keeps nothing', async () => {
      const fields: Array<[string, string]> = [
        ['description', 'Friday roll'],
        ['studentIdentifier', 'kuba-01'],
        ['martialArt', 'BrazilianJiuJitsu_GI'],
      ];
      const listed = async () => (await get('/vid/api/video/getall-uploaded', student)).json<unknown[]>().length;
      const before = await listed();
      for (const parts of [
        // Two video files in one form, and a video file with a second file beside it.
        [clip(clips.mp4), { ...clip(clips.mp4), filename: 'again.mp4' }, ...fields],
        [
          clip(clips.mp4),
          { ...clip(clips.mp4), name: 'poster', filename: 'poster.jpg', type: 'image/jpeg' },
          ...fields,
        ],
        // More text fields than the form has.
        [clip(clips.mp4), ...fields, ...Array.from({ length: 10 }, (_, i): [string, string] => [`extra${i}`, 'x'])],
      ]) {
        const body = multipart(parts);
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/vid/api/video/upload-sparring',
          headers: { ...body.headers, ...student.auth, 'accept-language': 'pl' },
          payload: body.payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(
          'Formularz przesyłania ma za dużo części: wyślij jeden plik wideo (videoFile) i najwyżej 10 innych pól.',
        );
      }
      const english = multipart([clip(clips.mp4), clip(clips.avi), ...fields]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/vid/api/video/upload-sparring',
        headers: { ...english.headers, ...student.auth },
        payload: english.payload,
      });
      expect(res.json<{ message: string }>().message).toBe(
        'The upload form has too many parts: send one video file (videoFile) and at most 10 other fields.',
      );
      expect(await listed()).toBe(before);
      await vi.waitFor(async () => expect(await uploadsInFlight()).toEqual([]), { timeout: 10_000, interval: 50 });
    });

    it('keeps no row and no file of an upload whose client went away half way', async () => {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const body = multipart([
        clip(Buffer.concat([clips.mp4, Buffer.alloc(512 * 1024)]), 'cut.mp4'),
        ['studentIdentifier', 'cut'],
      ]);
      const before = (await get('/vid/api/video/getall-uploaded', student)).json<UploadedVideo[]>().length;
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${address}/vid/api/video/upload-sparring`, {
          method: 'POST',
          headers: { ...body.headers, ...student.auth, 'content-length': String(body.payload.length) },
        });
        req.on('error', () => resolve());
        req.write(body.payload.subarray(0, body.payload.length / 2), () => {
          // Half the bytes are on their way: the connection drops.
          req.destroy();
          resolve();
        });
      });
      await vi.waitFor(async () => expect(await uploadsInFlight()).toEqual([]), { timeout: 10_000, interval: 50 });
      expect((await get('/vid/api/video/getall-uploaded', student)).json<UploadedVideo[]>()).toHaveLength(before);
    });
  });

  describe('playback in any browser', () => {
    it('makes a poster, and an H.264 MP4 of a source browsers cannot play (AVI)', async () => {
      const id = (
        await upload(student, clip(clips.avi, 'old-camera.avi', 'video/x-msvideo'))
      ).json<VideoUploadResponse>().videoId;
      const ready = await vi.waitFor(
        async () => {
          const video = (await get(`/vid/api/video/${id}`, student)).json<UploadedVideo>();
          expect(video.processing).toBe('ready');
          return video;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(ready.signedUrl).toContain('playable.mp4');
      const played = await get(ready.signedUrl, null);
      expect(played.headers['content-type']).toBe('video/mp4');
      // An MP4 with its index first (faststart): the "moov" box comes before the media data.
      const bytes = played.rawPayload;
      expect(bytes.indexOf('moov')).toBeGreaterThan(0);
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
      const poster = await get(ready.posterUrl ?? '', null);
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
      // An earlier try's final failure, told late (its worker died after the result was stored): the
      // video stays playable, with its poster.
      await services.videos.processingFailed(id);
      const after = (await get(`/vid/api/video/${id}`, student)).json<UploadedVideo>();
      expect(after.processing).toBe('ready');
      expect(after.signedUrl).toContain('playable.mp4');
      expect(after.posterUrl).toContain('poster.jpg');
    });

    it('plays a browser-ready MP4 as it was uploaded, with a poster', async () => {
      const data = Buffer.concat([clips.mp4, Buffer.from('as-is')]);
      const id = (await upload(student, clip(data, 'phone.mp4'))).json<VideoUploadResponse>().videoId;
      const ready = await vi.waitFor(
        async () => {
          const video = (await get(`/vid/api/video/${id}`, student)).json<UploadedVideo>();
          expect(video.processing).toBe('ready');
          return video;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(ready.signedUrl).toContain('source.mp4');
      expect(ready.posterUrl).toContain('poster.jpg');
    });
  });

  describe('playback addresses', () => {
    it('serve the file with HTTP ranges, and refuse a tampered or expired address', async () => {
      const id = (await upload(stranger, clip(clips.mp4, 'play.mp4'))).json<VideoUploadResponse>().videoId;
      const video = (await get(`/vid/api/video/${id}`, stranger)).json<UploadedVideo>();
      const full = await get(video.signedUrl, null);
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('video/mp4');
      expect(full.rawPayload.equals(clips.mp4)).toBe(true);
      const part = await get(video.signedUrl, null, { range: 'bytes=10-109' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-109/${String(clips.mp4.length)}`);
      expect(part.rawPayload.equals(clips.mp4.subarray(10, 110))).toBe(true);
      // A range past the file's end: 416, told as what it is.
      const past = await get(video.signedUrl, null, { range: `bytes=${String(clips.mp4.length + 10)}-` });
      expect(past.statusCode).toBe(416);
      expect(past.json<{ type: string; title: string; detail: string }>()).toMatchObject({
        type: 'https://tools.ietf.org/html/rfc9110#section-15.5.17',
        title: 'Range Not Satisfiable',
        detail: 'The requested part of the video is outside the file.',
      });

      const tampered = video.signedUrl.replace(/signature=([^&]{4})/, 'signature=AAAA');
      expect((await get(tampered, null)).statusCode).toBe(403);
      const otherType = video.signedUrl.replace('type=video%2Fmp4', 'type=text%2Fhtml');
      expect((await get(otherType, null)).statusCode).toBe(403);
      clock.advance(ctx.config.signedUrlSeconds + 1);
      const expired = await get(video.signedUrl, null);
      expect(expired.statusCode).toBe(403);
      expect(expired.json<{ detail: string }>().detail).toMatch(/expired/);
    });
  });

  describe('sharing and deleting', () => {
    beforeAll(() => {
      // Sharing counts the roster of a class that has started.
      clock.advance(Math.max(0, (Date.parse(CLASS_STARTS) - clock.now().getTime()) / 1000 + 60));
    });

    it('shares with a whole session, tells only the recipients, and lets them see but not delete', async () => {
      const id = (
        await upload(coach, clip(clips.mp4, 'lesson.mp4'), {
          studentIdentifier: 'class',
          description: 'Armbar details',
        })
      ).json<VideoUploadResponse>().videoId;
      const share = (who: SignedIn, payload: object) =>
        ctx.app.inject({ method: 'POST', url: `/vid/api/video/${id}/share`, headers: who.auth, payload });
      expect((await share(student, { sessionId: session.id })).statusCode).toBe(404);
      const shared = await share(coach, { sessionId: session.id, title: 'Watch before Friday' });
      expect(shared.statusCode).toBe(200);
      expect(shared.json()).toEqual({ sharedWith: 1 });

      const list = (await get('/vid/api/video/getall', student)).json<SharedVideo[]>();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id,
        title: 'Watch before Friday',
        description: 'Armbar details',
        sharedBy: { username: 'Coach Ana' },
      });
      // Whether it plays yet, as its uploader sees it.
      const details = (await get(`/vid/api/video/${id}`, coach)).json<UploadedVideo>();
      expect(list[0]).toMatchObject({ processing: details.processing, durationSeconds: details.durationSeconds });
      expect((await get('/vid/api/video/getall', stranger)).json()).toEqual([]);
      expect((await get(`/vid/api/video/${id}`, student)).statusCode).toBe(200);

      const byStudent = await ctx.app.inject({
        method: 'DELETE',
        url: `/vid/api/video/delete-uploaded/${id}`,
        headers: student.auth,
      });
      expect(byStudent.statusCode).toBe(403);
      const byStranger = await ctx.app.inject({
        method: 'DELETE',
        url: `/vid/api/video/delete-uploaded/${id}`,
        headers: stranger.auth,
      });
      expect(byStranger.statusCode).toBe(404);
    });

    it('shares only with fighters who train with the uploader', async () => {
      const id = (
        await upload(coach, clip(Buffer.concat([clips.mp4, Buffer.from('x')]), 'b.mp4'))
      ).json<VideoUploadResponse>().videoId;
      const share = (payload: object) =>
        ctx.app.inject({ method: 'POST', url: `/vid/api/video/${id}/share`, headers: coach.auth, payload });
      expect((await share({ fighterIds: [stranger.fighterId] })).statusCode).toBe(400);
      expect((await share({})).statusCode).toBe(400);
      expect((await share({ fighterIds: [student.fighterId] })).json()).toEqual({ sharedWith: 1 });
      // The student may share their own video with the instructor of their class, and nobody else.
      const own = (
        await upload(student, clip(Buffer.concat([clips.mp4, Buffer.from('yy')]), 'c.mp4'))
      ).json<VideoUploadResponse>().videoId;
      const candidates = (await get('/vid/api/video/share-candidates', student)).json<{
        fighters: Array<{ fighterId: number }>;
      }>();
      expect(candidates.fighters.map((f) => f.fighterId)).toEqual([coach.fighterId]);
      const toCoach = await ctx.app.inject({
        method: 'POST',
        url: `/vid/api/video/${own}/share`,
        headers: student.auth,
        payload: { fighterIds: [coach.fighterId] },
      });
      expect(toCoach.json()).toEqual({ sharedWith: 1 });
      const sessionOfAnother = await ctx.app.inject({
        method: 'POST',
        url: `/vid/api/video/${own}/share`,
        headers: student.auth,
        payload: { sessionId: session.id },
      });
      expect(sessionOfAnother.statusCode).toBe(403);
    });

    it('deletes the video with its files and shares, for the uploader', async () => {
      const id = (
        await upload(coach, clip(Buffer.concat([clips.mp4, Buffer.from('zzz')]), 'd.mp4'))
      ).json<VideoUploadResponse>().videoId;
      await ctx.app.inject({
        method: 'POST',
        url: `/vid/api/video/${id}/share`,
        headers: coach.auth,
        payload: { sessionId: session.id },
      });
      // Its poster is made in the background; counted once it is there, so the count cannot grow meanwhile.
      await vi.waitFor(
        async () => expect((await get(`/vid/api/video/${id}`, coach)).json<UploadedVideo>().processing).toBe('ready'),
        { timeout: 30_000, interval: 100 },
      );
      const before = await filesUnder(videosDir());
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/vid/api/video/delete-uploaded/${id}`,
        headers: coach.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Video deleted.' });
      expect((await filesUnder(videosDir())).length).toBeLessThan(before.length);
      expect((await get(`/vid/api/video/${id}`, coach)).statusCode).toBe(404);
      expect((await get('/vid/api/video/getall', student)).json<SharedVideo[]>().map((v) => v.id)).not.toContain(id);
      const again = await ctx.app.inject({
        method: 'DELETE',
        url: `/vid/api/video/delete-uploaded/${id}`,
        headers: coach.auth,
      });
      expect(again.statusCode).toBe(404);
    });
  });
});
