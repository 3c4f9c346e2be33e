import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { TrainingSession } from '@openmat/contract/sessions';
import type { AthleteCandidates, UploadedVideo, VideoUploadResponse } from '@openmat/contract/videos';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type SignedIn } from './support/accounts.js';
import { BEFORE_THE_CLASSES, manualClock } from './support/clock.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, multipart, type Clips } from './support/videos.js';

/**
 * Issue 20, part 1: the athlete in the video. An instructor names one of the fighters on their rosters
 * (at upload, multipart or tus, and later with PATCH); a student's own upload is theirs; the video's
 * details carry that athlete as ADR 0009 lets each viewer see them.
 */
let clips: Clips;
let salt = 0;
/** The clip with bytes of its own, so that no upload is the duplicate of another. */
const uniqueClip = () => Buffer.concat([clips.mp4, Buffer.from(`athlete-${++salt}`)]);

beforeAll(async () => {
  clips = await makeClips();
});

const CLASS_STARTS = '2026-06-01T12:30:00.000Z';

describe.each(databaseTargets)('the athlete in a video on $dialect', (target) => {
  const clock = manualClock(BEFORE_THE_CLASSES);
  let ctx: TestContext;
  let coach: SignedIn;
  let otherCoach: SignedIn;
  let bianca: SignedIn;
  let kuba: SignedIn;
  let stranger: SignedIn;
  let session: TrainingSession;
  let base: string;

  beforeAll(async () => {
    ctx = await createTestApp(target, { clock });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana', weight: 70 });
    otherCoach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Rui' });
    bianca = await signUp(ctx.app, { fighterName: 'Bianca', weight: 58, height: 162, beltColor: 'Purple' });
    kuba = await signUp(ctx.app, { fighterName: 'Kuba', weight: 90 });
    stranger = await signUp(ctx.app, { fighterName: 'Obcy' });
    session = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/trainingsession',
        headers: coach.auth,
        payload: {
          trainingDate: CLASS_STARTS,
          capacity: 10,
          duration: 1.5,
          targetLevel: 'Beginner',
          description: 'Open mat',
        },
      })
    ).json<TrainingSession>();
    for (const student of [bianca, kuba]) {
      const checkIn = await ctx.app.inject({
        method: 'POST',
        url: `/api/trainingsession/${session.id}/checkin`,
        headers: student.auth,
        payload: { studentIds: [student.fighterId], sessionId: session.id },
      });
      expect(checkIn.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  const upload = (who: SignedIn, fields: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const form = multipart([
      ['studentIdentifier', 'blue gi'],
      ...Object.entries(fields),
      { filename: 'roll.mp4', type: 'video/mp4', data: uniqueClip() },
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/vid/api/video/upload-sparring',
      headers: { ...who.auth, ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const details = (id: number, who: SignedIn) =>
    ctx.app.inject({ method: 'GET', url: `/vid/api/video/${id}`, headers: who.auth });
  const rename = (id: number, who: SignedIn, payload: unknown) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/vid/api/video/${id}`,
      headers: { ...who.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const uploadedId = async (who: SignedIn, fields: Record<string, string> = {}) => {
    const answer = await upload(who, fields);
    expect(answer.statusCode).toBe(200);
    return answer.json<VideoUploadResponse>().videoId;
  };

  it("names a student of the instructor's roster at upload; the coach sees her in full", async () => {
    const id = await uploadedId(coach, { fighterId: String(bianca.fighterId) });
    const video = (await details(id, coach)).json<UploadedVideo>();
    expect(video.fighterId).toBe(bianca.fighterId);
    expect(video.athlete).toMatchObject({ id: bianca.fighterId, fighterName: 'Bianca', beltColor: 'Purple' });
    expect(video.athlete).toMatchObject({ weight: 58, height: 162 });
    // The uploader is still who uploaded it.
    expect(video.fighterName).toBe('Coach Ana');
  });

  it("names nobody when the instructor names nobody (no longer the coach's own profile)", async () => {
    const id = await uploadedId(coach);
    const video = (await details(id, coach)).json<UploadedVideo>();
    expect(video.fighterId).toBeNull();
    expect(video.athlete).toBeNull();
    const empty = (await details(await uploadedId(coach, { fighterId: '' }), coach)).json<UploadedVideo>();
    expect(empty.fighterId).toBeNull();
  });

  it('refuses an athlete off the roster, or not an id, with a 400 that names the field, and keeps nothing', async () => {
    const before = (
      await ctx.app.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers: coach.auth })
    ).json<UploadedVideo[]>().length;
    for (const fighterId of [String(stranger.fighterId), 'abc', '-3', '99999999']) {
      const answer = await upload(coach, { fighterId });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ errors: { fighterId: [expect.any(String)] } });
    }
    const polish = await upload(coach, { fighterId: String(stranger.fighterId) }, { 'accept-language': 'pl' });
    expect(polish.statusCode).toBe(400);
    expect(polish.json<{ message: string }>().message).toContain('Zawodnika');
    const after = (
      await ctx.app.inject({ method: 'GET', url: '/vid/api/video/getall-uploaded', headers: coach.auth })
    ).json<UploadedVideo[]>().length;
    expect(after).toBe(before);
  });

  it("keeps a student's upload theirs, and refuses naming anyone else", async () => {
    const own = (await details(await uploadedId(bianca), bianca)).json<UploadedVideo>();
    expect(own.fighterId).toBe(bianca.fighterId);
    expect(own.athlete).toMatchObject({ fighterName: 'Bianca', weight: 58 });
    const same = (
      await details(await uploadedId(bianca, { fighterId: String(bianca.fighterId) }), bianca)
    ).json<UploadedVideo>();
    expect(same.fighterId).toBe(bianca.fighterId);
    expect((await upload(bianca, { fighterId: String(kuba.fighterId) })).statusCode).toBe(400);
  });

  it('checks the athlete of a resumable upload when it is created, before any byte is sent', async () => {
    const metadata = (fighterId: number) =>
      [
        ['filename', 'roll.mp4'],
        ['studentIdentifier', 'blue gi'],
        ['fighterId', String(fighterId)],
      ]
        .map(([key, value]) => `${key} ${Buffer.from(value ?? '').toString('base64')}`)
        .join(',');
    // Over a real connection: the protocol reads Node's own request.
    const create = (fighterId: number) =>
      fetch(`${base}/vid/api/video/uploads`, {
        method: 'POST',
        headers: {
          ...coach.auth,
          'tus-resumable': '1.0.0',
          'upload-length': String(clips.mp4.length),
          'upload-metadata': metadata(fighterId),
        },
      });
    const refused = await create(stranger.fighterId);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { fighterId: [expect.any(String)] } });
    const accepted = await create(kuba.fighterId);
    expect(accepted.status).toBe(201);
  });

  it('lists the fighters of the instructor’s rosters as the athletes they may name; a student may name nobody', async () => {
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/vid/api/video/athletes', headers: coach.auth })
    ).json<AthleteCandidates>();
    expect(list).toEqual([
      { fighterId: bianca.fighterId, fighterName: 'Bianca', beltColor: 'Purple' },
      { fighterId: kuba.fighterId, fighterName: 'Kuba', beltColor: 'Blue' },
    ]);
    const forOther = await ctx.app.inject({ method: 'GET', url: '/vid/api/video/athletes', headers: otherCoach.auth });
    expect(forOther.json()).toEqual([]);
    const forStudent = await ctx.app.inject({ method: 'GET', url: '/vid/api/video/athletes', headers: kuba.auth });
    expect(forStudent.json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/vid/api/video/athletes' })).statusCode).toBe(401);
  });

  describe('once shared', () => {
    beforeAll(() => {
      clock.advance(Math.max(0, (Date.parse(CLASS_STARTS) - clock.now().getTime()) / 1000 + 60));
    });

    it('shows the athlete in full to herself, by name and belt to a teammate (ADR 0009)', async () => {
      const id = await uploadedId(coach, { fighterId: String(bianca.fighterId) });
      const shared = await ctx.app.inject({
        method: 'POST',
        url: `/vid/api/video/${id}/share`,
        headers: coach.auth,
        payload: { sessionId: session.id },
      });
      expect(shared.json()).toEqual({ sharedWith: 2 });
      const herself = (await details(id, bianca)).json<UploadedVideo>();
      expect(herself.athlete).toMatchObject({ fighterName: 'Bianca', weight: 58, height: 162 });
      expect(herself.uploadedByYou).toBe(false);
      expect((await details(id, coach)).json<UploadedVideo>().uploadedByYou).toBe(true);
      const teammate = (await details(id, kuba)).json<UploadedVideo>();
      expect(teammate.fighterId).toBe(bianca.fighterId);
      expect(teammate.athlete).toEqual({
        id: bianca.fighterId,
        fighterName: 'Bianca',
        fighterRole: 'Student',
        beltColor: 'Purple',
        height: null,
        weight: null,
        bmi: null,
        gender: null,
        birthdate: null,
        maxWorkoutDuration: null,
        experience: null,
      });
      expect((await details(id, stranger)).statusCode).toBe(404);
    });

    it('lets the uploading instructor name the athlete again, or nobody; nobody else', async () => {
      const id = await uploadedId(coach, { fighterId: String(bianca.fighterId) });
      await ctx.app.inject({
        method: 'POST',
        url: `/vid/api/video/${id}/share`,
        headers: coach.auth,
        payload: { fighterIds: [kuba.fighterId] },
      });
      const renamed = await rename(id, coach, { fighterId: kuba.fighterId });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<UploadedVideo>()).toMatchObject({ fighterId: kuba.fighterId, athlete: { weight: 90 } });
      expect((await details(id, kuba)).json<UploadedVideo>().athlete).toMatchObject({ fighterName: 'Kuba' });

      const cleared = await rename(id, coach, { fighterId: null });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json<UploadedVideo>()).toMatchObject({ fighterId: null, athlete: null });

      expect((await rename(id, coach, { fighterId: stranger.fighterId })).statusCode).toBe(400);
      // Someone it was shared with may not, and a stranger does not see it at all.
      expect((await rename(id, kuba, { fighterId: kuba.fighterId })).statusCode).toBe(403);
      expect((await rename(id, stranger, { fighterId: null })).statusCode).toBe(404);
      expect((await rename(id, coach, { fighterId: 'x' })).statusCode).toBe(400);
      expect((await rename(id, coach, { fighterId: 0 })).statusCode).toBe(400);
      expect((await rename(id, coach, {})).statusCode).toBe(400);
      expect((await rename(id, coach, { fighterId: null, description: 'x' })).statusCode).toBe(400);
      expect((await rename(99999999, coach, { fighterId: null })).statusCode).toBe(404);
      const bad = await ctx.app.inject({
        method: 'PATCH',
        url: `/vid/api/video/${id}`,
        headers: { ...coach.auth, 'content-type': 'application/json' },
        payload: '{"fighterId":',
      });
      expect(bad.statusCode).toBe(400);
      expect((await details(id, coach)).json<UploadedVideo>().fighterId).toBeNull();
    });

    it("tells each recipient of a share in their connection's language, with the video to open", async () => {
      const listen = async (who: SignedIn, query: string) => {
        const connection = new HubConnectionBuilder()
          .withUrl(`${base}/videoShareHub${query}`, {
            accessTokenFactory: () => who.tokens.accessToken,
            transport: HttpTransportType.WebSockets,
          })
          .configureLogging(LogLevel.None)
          .build();
        const received: unknown[][] = [];
        connection.on('ReceiveVideoSharedNotification', (...args: unknown[]) => received.push(args));
        await connection.start();
        return { received, stop: () => connection.stop() };
      };
      const polish = await listen(bianca, '?lang=pl');
      const english = await listen(kuba, '');
      try {
        const id = await uploadedId(coach, { fighterId: String(bianca.fighterId) });
        const shared = await ctx.app.inject({
          method: 'POST',
          url: `/vid/api/video/${id}/share`,
          // The sharer's own language does not decide the recipients'.
          headers: { ...coach.auth, 'accept-language': 'en' },
          payload: { sessionId: session.id, title: 'Your roll' },
        });
        expect(shared.statusCode).toBe(200);
        await vi.waitFor(() => expect(polish.received).toHaveLength(1));
        await vi.waitFor(() => expect(english.received).toHaveLength(1));
        expect(polish.received[0]).toEqual(['Udostępniono Ci nagranie', 'Your roll', 'Coach Ana', id]);
        expect(english.received[0]).toEqual(['A video was shared with you', 'Your roll', 'Coach Ana', id]);
      } finally {
        await Promise.all([polish.stop(), english.stop()]);
      }
    });

    it("keeps a student's own upload theirs: its athlete cannot be changed", async () => {
      const id = await uploadedId(kuba);
      expect((await rename(id, kuba, { fighterId: null })).statusCode).toBe(403);
      expect((await details(id, kuba)).json<UploadedVideo>().fighterId).toBe(kuba.fighterId);
    });
  });
});
