import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { AnalysisResult } from '@openmat/contract/analysis';
import type { UploadedVideo } from '@openmat/contract/videos';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerJobHandlers } from '../src/jobs/handlers.js';
import type { Services } from '../src/services/services.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { classUnderWay } from './support/sessions.js';
import { feedback as feedbackOf, makeClips, shareVideo, uploadRoll as upload, type Clips } from './support/videos.js';

let clips: Clips;
beforeAll(async () => {
  clips = await makeClips(2);
});

const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop()));
});

/** The official SignalR client on the analysis hub, recording what it receives as [method, ...args]. */
async function listen(baseUrl: string, who: SignedIn, language?: string) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/videoAnalysisHub${language === undefined ? '' : `?lang=${language}`}`, {
      accessTokenFactory: () => who.tokens.accessToken,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None)
    .build();
  const received: unknown[][] = [];
  for (const method of ['AnalysisCompleted', 'AnalysisFailed', 'AnalysisProgress']) {
    connection.on(method, (...args: unknown[]) => received.push([method, ...args]));
  }
  clients.push(connection);
  await connection.start();
  return received;
}

describe.each(databaseTargets)('video analysis on $dialect', (target) => {
  let ctx: TestContext;
  let baseUrl: string;
  let coach: SignedIn;
  let student: SignedIn;
  let classmate: SignedIn;
  let stranger: SignedIn;
  let sessionId: number;
  let services: Services;

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      jobHandlers: (registry, appServices) => {
        services = appServices;
        registerJobHandlers(registry, appServices);
      },
    });
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    student = await signUp(ctx.app, { fighterName: 'Kuba Nowak' });
    classmate = await signUp(ctx.app, { fighterName: 'Ola Lis' });
    stranger = await signUp(ctx.app, { fighterName: 'Obcy' });
    // Under way: a class counts for sharing once it has started, and takes check-ins until it ends.
    sessionId = (await classUnderWay(ctx.app, coach, [student, classmate])).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A roll uploaded by `uploader` and shared: by the student with the coach, by the coach with the class. */
  async function sharedRoll(data: Buffer, uploader: 'student' | 'coach' = 'student'): Promise<number> {
    const who = uploader === 'student' ? student : coach;
    const videoId = await uploadRoll(data, who);
    await shareVideo(ctx.app, who, videoId, uploader === 'student' ? { fighterIds: [coach.fighterId] } : { sessionId });
    return videoId;
  }

  /** A roll of `who`, seen by nobody else. */
  const uploadRoll = (data: Buffer, who: SignedIn) =>
    upload(
      ctx.app,
      who,
      Buffer.concat([data, Buffer.from(Math.random().toString())]),
      `Roll ${Math.random().toString(16).slice(2)}`,
    );

  const analyze = (videoId: number, who: SignedIn | null, language = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: `/vid/api/video/analyze/${videoId}`,
      headers: { ...(who?.auth ?? {}), 'accept-language': language },
    });
  const feedback = (videoId: number, who: SignedIn) => feedbackOf(ctx.app, who, videoId);
  const details = async (videoId: number, who: SignedIn = student) =>
    (
      await ctx.app.inject({ method: 'GET', url: `/vid/api/video/${videoId}`, headers: who.auth })
    ).json<UploadedVideo>();
  const settled = (videoId: number, who: SignedIn = student) =>
    vi.waitFor(
      async () => {
        const { analysis } = await details(videoId, who);
        expect(['completed', 'failed']).toContain(analysis.status);
        return analysis;
      },
      { timeout: 60_000, interval: 250 },
    );

  it('lets the uploader and instructors it was shared with ask, and nobody else', async () => {
    const videoId = await sharedRoll(clips.mp4);
    expect((await analyze(videoId, null)).statusCode).toBe(401);
    expect((await analyze(videoId, stranger)).statusCode).toBe(404);
    expect((await analyze(videoId, classmate)).statusCode).toBe(404);
    // A student the coach shared a video with may watch it and read its analysis, not run or edit it.
    const coachRoll = await sharedRoll(clips.mp4, 'coach');
    const byStudent = await analyze(coachRoll, student);
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json<{ detail: string }>().detail).toMatch(/Only the uploader and instructors/);
    expect((await analyze(999_999, student)).statusCode).toBe(404);

    const accepted = await analyze(videoId, student);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual({ message: 'Analysis started.', videoId });
    // Asked again while it is queued or running: accepted, and still one analysis.
    expect((await analyze(videoId, coach)).statusCode).toBe(202);
    expect((await settled(videoId)).status).toBe('completed');
  });

  it('completes honestly for footage with nobody in it, and tells only the people it concerns', async () => {
    const videoId = await sharedRoll(clips.mp4);
    const [toStudent, toCoach, toClassmate, toStranger] = await Promise.all(
      [student, coach, classmate, stranger].map((who) => listen(baseUrl, who)),
    );
    expect((await feedback(videoId, student)).statusCode).toBe(404);
    expect((await analyze(videoId, student, 'pl')).json<{ message: string }>().message).toBe('Analiza rozpoczęta.');
    expect((await settled(videoId)).status).toBe('completed');

    // Asked for in Polish, read in Polish; a reader in English reads the same findings in English.
    const result = (
      await ctx.app.inject({
        method: 'GET',
        url: `/vid/api/video/${videoId}/feedback`,
        headers: { ...coach.auth, 'accept-language': 'pl' },
      })
    ).json<AnalysisResult>();
    expect(result.techniques).toEqual([]);
    expect(result.drills).toEqual([]);
    expect(result.athletes).toMatchObject({ found: 0, studentIdentified: false });
    expect(result.overallDescription).toBe(
      'W tym nagraniu nie znaleziono zawodników, więc nie ma pozycji ani technik do opisania.',
    );
    expect((await feedback(videoId, coach)).json<AnalysisResult>().overallDescription).toMatch(
      /^No athletes were found in this video/,
    );
    expect(result.analyzer?.name).toEqual(expect.any(String));
    // The video's record gives the same analysis, in its reader's language too.
    expect(JSON.parse((await details(videoId)).aiAnalysisResult ?? 'null')).toEqual(
      (await feedback(videoId, student)).json(),
    );
    expect((await feedback(videoId, stranger)).statusCode).toBe(404);
    expect((await feedback(videoId, classmate)).statusCode).toBe(404);

    for (const received of [toStudent, toCoach]) {
      if (!received) throw new Error('a listener is missing');
      await vi.waitFor(() => expect(received).toContainEqual(['AnalysisCompleted', videoId]));
      expect(received).toContainEqual(['AnalysisProgress', videoId, 0]);
      const percents = received.filter(([method]) => method === 'AnalysisProgress').map(([, , percent]) => percent);
      expect(percents).toEqual([...percents].sort((a, b) => Number(a) - Number(b)));
    }
    expect(toStranger).toEqual([]);
    expect(toClassmate).toEqual([]);
  });

  it('fails a file that no longer decodes with a clear message, once, and tells each reader in their language', async () => {
    const videoId = await sharedRoll(clips.avi);
    const received = await listen(baseUrl, student);
    const toCoachInPolish = await listen(baseUrl, coach, 'pl');
    // The stored file is damaged after the upload (a failing disk, a bad copy).
    const stored = (await details(videoId)).signedUrl;
    const key = decodeURIComponent(new URL(stored, baseUrl).pathname.replace('/vid/api/video/files/', ''));
    await writeFile(path.join(ctx.config.dataDir, 'videos', key), 'these bytes are not a video any more');
    expect((await analyze(videoId, student)).statusCode).toBe(202);
    const analysis = await settled(videoId);
    expect(analysis.status).toBe('failed');
    expect(analysis.message).toBe(
      'The video could not be decoded, so it cannot be analysed. Upload it again, or in another format.',
    );
    await vi.waitFor(() => expect(received).toContainEqual(['AnalysisFailed', videoId, analysis.message]));
    expect((await feedback(videoId, student)).statusCode).toBe(404);
    // The reason is kept as such: the coach, reading in Polish, gets it in Polish, on the page and the hub.
    const polish =
      'Nie udało się odczytać nagrania, więc nie można go przeanalizować. Prześlij je ponownie lub w innym formacie.';
    const inPolish = await ctx.app.inject({
      method: 'GET',
      url: `/vid/api/video/${videoId}`,
      headers: { ...coach.auth, 'accept-language': 'pl' },
    });
    expect(inPolish.json<UploadedVideo>().analysis.message).toBe(polish);
    await vi.waitFor(() => expect(toCoachInPolish).toContainEqual(['AnalysisFailed', videoId, polish]));
  });

  describe('corrections', () => {
    let videoId: number;
    beforeAll(async () => {
      videoId = await sharedRoll(clips.mp4);
      expect((await analyze(videoId, student)).statusCode).toBe(202);
      expect((await settled(videoId)).status).toBe('completed');
    });
    const patch = (who: SignedIn, body: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PATCH', url: `/vid/api/video/${videoId}/analysis`, headers: who.auth, payload: body });
    const technique = {
      name: 'Scissor sweep',
      description: 'Added by the coach',
      techniqueType: { name: 'Sweep', positionalScenarioId: 2 },
      positionalScenario: { id: 2, name: 'Closed guard' },
      startTimestamp: '00:00:01',
      endTimestamp: '00:00:02',
    };

    it('adds items without an id, keeps lists not sent, and answers the whole result', async () => {
      const before = (await feedback(videoId, coach)).json<AnalysisResult>();
      const answer = await patch(coach, { techniques: [technique] });
      expect(answer.statusCode, answer.body).toBe(200);
      const after = answer.json<AnalysisResult>();
      expect(after.techniques).toEqual([{ ...technique, id: 1 }]);
      expect(after.overallDescription).toBe(before.overallDescription);
      expect(after.positionTimeline).toEqual(before.positionTimeline);
      expect((await feedback(videoId, student)).json<AnalysisResult>()).toEqual(after);

      const renamed = await patch(student, {
        techniques: [{ ...technique, id: 1, name: 'Flower sweep' }],
        drills: [
          {
            name: 'Sweep drill',
            focus: null,
            duration: '5 minutes',
            description: '',
            relatedTechniqueName: 'Flower sweep',
            relatedTechniqueId: 1,
          },
        ],
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<AnalysisResult>().techniques).toEqual([{ ...technique, id: 1, name: 'Flower sweep' }]);
      expect(renamed.json<AnalysisResult>().drills[0]).toMatchObject({ id: 1, relatedTechniqueId: 1 });
    });

    it('reads the scenario ids a new technique leaves out as null', async () => {
      const { positionalScenarioId: _unused, ...techniqueType } = technique.techniqueType;
      const answer = await patch(coach, {
        techniques: [{ ...technique, techniqueType, positionalScenario: { name: 'Closed guard' } }],
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const [added] = answer.json<AnalysisResult>().techniques;
      expect(added?.techniqueType).toEqual({ name: 'Sweep', positionalScenarioId: null });
      expect(added?.positionalScenario).toEqual({ id: null, name: 'Closed guard' });
    });

    it('refuses students it was shared with, strangers, and bad timestamps', async () => {
      const coachRoll = await sharedRoll(clips.mp4, 'coach');
      const byStudent = await ctx.app.inject({
        method: 'PATCH',
        url: `/vid/api/video/${coachRoll}/analysis`,
        headers: student.auth,
        payload: { overallDescription: 'Mine now' },
      });
      expect(byStudent.statusCode).toBe(403);
      expect((await patch(classmate, { overallDescription: 'Mine now' })).statusCode).toBe(404);
      expect((await patch(stranger, { overallDescription: 'Mine now' })).statusCode).toBe(404);
      const bad = await patch(coach, { techniques: [{ ...technique, startTimestamp: '1:2' }] });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json<{ errors: Record<string, string[]> }>().errors)).toMatch(/HH:MM:SS/);
      expect((await patch(coach, { unknownList: [] })).statusCode).toBe(400);
    });

    it('takes back the whole result as it was read, with a change, and keeps what only the analysis writes', async () => {
      const read = (await feedback(videoId, coach)).json<AnalysisResult>();
      expect(read.analyzer).toBeDefined();
      expect(read.athletes).toBeDefined();
      const answer = await patch(coach, { ...read, overallDescription: 'Read back whole, one line changed' });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<AnalysisResult>()).toEqual({
        ...read,
        overallDescription: 'Read back whole, one line changed',
      });
      // The analysis's own record is not the editor's to rewrite: sent changed, it stays as the analysis wrote it.
      const rewritten = await patch(coach, {
        ...read,
        analyzer: { name: 'by hand', version: '0' },
        athletes: { found: 2, studentIdentified: true, note: 'I say so' },
      });
      expect(rewritten.statusCode, rewritten.body).toBe(200);
      expect(rewritten.json<AnalysisResult>().analyzer).toEqual(read.analyzer);
      expect(rewritten.json<AnalysisResult>().athletes).toEqual(read.athletes);
      // Still checked for shape, and a key no result has is still refused.
      expect((await patch(coach, { ...read, analyzer: 'by hand' })).statusCode).toBe(400);
      expect((await patch(coach, { ...read, unknownList: [] })).statusCode).toBe(400);
    });

    it('refuses a technique that ends before it starts, or after the video ends', async () => {
      const backwards = await patch(coach, {
        techniques: [{ ...technique, startTimestamp: '00:00:02', endTimestamp: '00:00:01' }],
      });
      expect(backwards.statusCode).toBe(400);
      expect(JSON.stringify(backwards.json<{ errors: Record<string, string[]> }>().errors)).toContain(
        'A technique ends at or after its start.',
      );
      const late = await ctx.app.inject({
        method: 'PATCH',
        url: `/vid/api/video/${videoId}/analysis`,
        headers: { ...coach.auth, 'accept-language': 'pl' },
        payload: { techniques: [{ ...technique, startTimestamp: '00:00:01', endTimestamp: '01:00:00' }] },
      });
      expect(late.statusCode).toBe(400);
      expect(late.json<{ detail: string }>().detail).toMatch(/^Technika musi mieścić się w nagraniu/);
      const same = await patch(coach, {
        techniques: [{ ...technique, startTimestamp: '00:00:01', endTimestamp: '00:00:01' }],
      });
      expect(same.statusCode, same.body).toBe(200);
    });

    it('replaces the position ribbon with a valid one, and refuses a ribbon out of order, over the end or mislabelled', async () => {
      const ribbon = [
        { position: 'closed-guard', top: 'partner', start: 0, end: 0.8 },
        { position: 'unclear', top: null, start: 0.8, end: 1.2, confidence: 0.4 },
        { position: 'mount', top: 'student', start: 1.5, end: 2 },
      ];
      const answer = await patch(coach, { positionTimeline: ribbon });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<AnalysisResult>().positionTimeline).toEqual([
        { ...ribbon[0], confidence: 1 },
        ribbon[1],
        { ...ribbon[2], confidence: 1 },
      ]);
      expect((await feedback(videoId, student)).json<AnalysisResult>().positionTimeline).toHaveLength(3);

      const band = { position: 'mount', top: 'student', start: 0, end: 1 };
      const refused = [
        [band, { ...band, start: 0.5, end: 1.5 }],
        [{ ...band, start: 1, end: 1 }],
        [{ ...band, start: 1, end: 2 }, band],
        [{ ...band, end: 30 }],
        [{ ...band, position: 'guard-pull' }],
        [{ ...band, top: 'coach' }],
        [{ ...band, position: 'standing' }],
        [{ ...band, start: -1 }],
        [{ ...band, end: 'later' }],
        'all of it',
      ];
      for (const positionTimeline of refused) {
        const bad = await patch(coach, { positionTimeline });
        expect(bad.statusCode, JSON.stringify(positionTimeline)).toBe(400);
        expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      const overlapping = await patch(coach, { positionTimeline: refused[0] });
      expect(JSON.stringify(overlapping.json<{ errors: Record<string, string[]> }>().errors)).toMatch(
        /ends after it starts/,
      );
      expect((await feedback(videoId, coach)).json<AnalysisResult>().positionTimeline).toHaveLength(3);

      // A student the coach shared a roll with reads its ribbon, and may not change it.
      const coachRoll = await sharedRoll(clips.mp4, 'coach');
      const byStudent = await ctx.app.inject({
        method: 'PATCH',
        url: `/vid/api/video/${coachRoll}/analysis`,
        headers: student.auth,
        payload: { positionTimeline: [band], comments: [{ time: 1, text: 'Mine' }] },
      });
      expect(byStudent.statusCode).toBe(403);
    });

    it("keeps the coach's timestamped comments, signed, for the athlete to read", async () => {
      const coachRoll = await sharedRoll(clips.mp4, 'coach');
      expect((await analyze(coachRoll, coach)).statusCode).toBe(202);
      expect((await settled(coachRoll, coach)).status).toBe('completed');
      const comment = (body: Record<string, unknown>) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/vid/api/video/${coachRoll}/analysis`,
          headers: coach.auth,
          payload: body,
        });
      const added = await comment({
        comments: [
          { time: 1.5, text: 'Frame on the hip here', authorName: 'Somebody else' },
          { time: 0.25, text: 'Grip first' },
        ],
      });
      expect(added.statusCode, added.body).toBe(200);
      const comments = added.json<AnalysisResult>().comments;
      expect(comments).toEqual([
        { id: 2, time: 0.25, text: 'Grip first', authorName: 'Coach Ana' },
        { id: 1, time: 1.5, text: 'Frame on the hip here', authorName: 'Coach Ana' },
      ]);
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/vid/api/video/${coachRoll}/feedback`,
        headers: student.auth,
      });
      expect(read.json<AnalysisResult>().comments).toEqual(comments);
      const edited = await comment({ comments: [{ id: 1, time: 1.5, text: 'Frame on the hip, then shrimp' }] });
      expect(edited.json<AnalysisResult>().comments).toEqual([
        { id: 1, time: 1.5, text: 'Frame on the hip, then shrimp', authorName: 'Coach Ana' },
      ]);
      for (const bad of [
        { time: 1, text: '  ' },
        { time: -1, text: 'x' },
        { time: 40, text: 'past the end' },
        { text: 'x' },
      ]) {
        const answer = await comment({ comments: [bad] });
        expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
        expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    });

    it("keeps each reader's 'helpful' with how corrected the analysis was, and only from those who may see it", async () => {
      const rate = (who: SignedIn, id: number, helpful: boolean) =>
        ctx.app.inject({
          method: 'POST',
          url: `/vid/api/video/${id}/analysis/feedback`,
          headers: who.auth,
          payload: { helpful },
        });
      const before = await ctx.database.db
        .selectFrom('analysis_corrections')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('video_id', '=', videoId)
        .executeTakeFirstOrThrow();
      expect((await rate(student, videoId, true)).statusCode).toBe(204);
      expect((await rate(coach, videoId, false)).statusCode).toBe(204);
      expect((await rate(classmate, videoId, true)).statusCode).toBe(404);
      expect((await rate(stranger, videoId, true)).statusCode).toBe(404);
      // Not before there is an analysis to rate.
      expect((await rate(student, await sharedRoll(clips.mp4), true)).statusCode).toBe(404);
      const kept = await ctx.database.db
        .selectFrom('analysis_feedback')
        .innerJoin('users', 'users.id', 'analysis_feedback.user_id')
        .select(['users.email', 'analysis_feedback.helpful', 'analysis_feedback.corrections'])
        .where('analysis_feedback.video_id', '=', videoId)
        .orderBy('analysis_feedback.id')
        .execute();
      expect(kept).toEqual([
        { email: student.email, helpful: 1, corrections: Number(before.count) },
        { email: coach.email, helpful: 0, corrections: Number(before.count) },
      ]);
    });

    it('answers hostile input on every analysis route with a 4xx in problem details', async () => {
      const routes = [
        ['POST', (id: string) => `/vid/api/video/analyze/${id}`],
        ['GET', (id: string) => `/vid/api/video/${id}/feedback`],
        ['PATCH', (id: string) => `/vid/api/video/${id}/analysis`],
        ['POST', (id: string) => `/vid/api/video/${id}/analysis/feedback`],
      ] as const;
      const ids = [String(videoId), '-1', '0', '2147483648', '1e308', '9'.repeat(400), '%00', 'abc'];
      const bodies: Array<string | object> = [
        '{"helpful": tru',
        '\u0000',
        { helpful: 'yes' },
        { helpful: null, extra: 'a\u0000b' },
        { techniques: [{ name: 'x'.repeat(100_000), startTimestamp: '-00:00:01' }] },
        { drills: [{ id: -1, relatedTechniqueId: 2 ** 53 }] },
        { overallDescription: 'a\u0000b' },
        { strengths: 'all' },
        [],
      ];
      const who = [coach.auth, stranger.auth, { authorization: 'Bearer not-a-token' }, {}];
      for (const [method, url] of routes) {
        for (const id of ids) {
          for (const headers of who) {
            // The coach asking for a new analysis of the real video is no attack (and would redo it).
            if (url(id).includes('/analyze/') && id === String(videoId) && headers === coach.auth) continue;
            for (const body of method === 'GET' ? [undefined] : bodies) {
              const res = await ctx.app.inject({
                method,
                url: url(id),
                headers: { ...headers, 'content-type': 'application/json' },
                ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
              });
              if (res.statusCode < 400) continue;
              expect(res.statusCode, `${method} ${url(id)}: ${res.body}`).toBeLessThan(500);
              expect(res.headers['content-type'], `${method} ${url(id)}`).toMatch(/^application\/problem\+json/);
            }
          }
        }
      }
      // The analysis is as it was: nothing hostile got through.
      expect((await feedback(videoId, coach)).statusCode).toBe(200);
    });

    it('never loses an edit when two editors save at once', async () => {
      const answers = await Promise.all([
        patch(coach, { overallDescription: 'From the coach' }),
        patch(student, { strengths: [{ description: 'Good frames', relatedTechniqueId: null }] }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const final = (await feedback(videoId, coach)).json<AnalysisResult>();
      expect(final.overallDescription).toBe('From the coach');
      expect(final.strengths).toEqual([{ description: 'Good frames', relatedTechniqueId: null }]);
    });

    it('refuses with 412 a correction made on a revision that changed since, when the editor names the one it read', async () => {
      const read = await feedback(videoId, coach);
      const tag = read.headers.etag;
      expect(tag).toMatch(/^"[\w-]+"$/);
      const saveAs = (who: SignedIn, ifMatch: string, body: Record<string, unknown>) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/vid/api/video/${videoId}/analysis`,
          headers: { ...who.auth, 'if-match': ifMatch, 'accept-language': 'pl' },
          payload: body,
        });
      // The other editor saves on the same revision: it goes through, and the analysis has a new one.
      const first = await saveAs(student, String(tag), { overallDescription: 'Written by the student' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers.etag).not.toBe(tag);
      // The coach's page still shows what was read: its list would replace what it never saw, so it is refused.
      const stale = await saveAs(coach, String(tag), { overallDescription: 'Written by the coach' });
      expect(stale.statusCode).toBe(412);
      expect(stale.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(stale.json<{ detail: string }>().detail).toBe(
        'Ktoś inny zmienił tę analizę, odkąd ją otwarto. Wczytano ją ponownie: wprowadź zmianę jeszcze raz.',
      );
      const now = await feedback(videoId, coach);
      expect(now.json<AnalysisResult>().overallDescription).toBe('Written by the student');
      expect(now.headers.etag).toBe(first.headers.etag);
      // Made again on what is there now, it goes through; `*` and no If-Match take whatever is there.
      expect(
        (await saveAs(coach, String(now.headers.etag), { overallDescription: 'Written by the coach' })).statusCode,
      ).toBe(200);
      expect((await saveAs(coach, '*', { overallDescription: 'Any revision' })).statusCode).toBe(200);
      expect((await patch(coach, { overallDescription: 'No If-Match' })).statusCode).toBe(200);
    });
  });

  describe('the loop back into coaching', () => {
    /** An analysed roll whose analysis the uploader corrected to show `weakness` and a scissor sweep at 0:01. */
    async function analysedRoll(videoId: number, who: SignedIn, weakness: string) {
      expect((await analyze(videoId, who)).statusCode).toBe(202);
      expect((await settled(videoId, who)).status).toBe('completed');
      const corrected = await ctx.app.inject({
        method: 'PATCH',
        url: `/vid/api/video/${videoId}/analysis`,
        headers: who.auth,
        payload: {
          techniques: [
            {
              name: 'Scissor sweep',
              description: 'From closed guard',
              techniqueType: { name: 'Sweep', positionalScenarioId: 2 },
              positionalScenario: { id: 2, name: 'Closed guard' },
              startTimestamp: '00:00:01',
              endTimestamp: '00:00:02',
            },
          ],
          areasForImprovement: [
            { description: 'Gives up the back', weaknessCategory: weakness, relatedTechniqueId: null, keywords: [] },
          ],
        },
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
    }
    const planTitle = async () => {
      const plan = await ctx.app.inject({
        method: 'POST',
        url: `/vid/api/video/session/${sessionId}/generate`,
        headers: coach.auth,
      });
      expect(plan.statusCode, plan.body).toBe(200);
      return plan.json<{ session_title: string }>().session_title;
    };
    const academyClips = async (who: SignedIn, techniqueName: string) => {
      const found = await ctx.app.inject({
        method: 'POST',
        url: '/vid/api/ai/search',
        headers: who.auth,
        payload: { techniqueName, trainingSessionId: sessionId },
      });
      expect(found.statusCode, found.body).toBe(200);
      return JSON.parse(found.body) as { academy_clips: Array<Record<string, unknown>> };
    };

    it("steers the lesson plan toward the weaknesses of the roster's analysed videos the coach may watch", async () => {
      // Without footage the plan follows the beginners' usual weaknesses, none of them the back.
      expect(await planTitle()).not.toMatch(/Back defence/);
      // A classmate's private roll does not steer the coach's plan.
      await analysedRoll(await uploadRoll(clips.mp4, classmate), classmate, 'back-defense');
      expect(await planTitle()).not.toMatch(/Back defence/);
      // The student's roll, shared with the coach, does.
      await analysedRoll(await sharedRoll(clips.mp4), student, 'back-defense');
      expect(await planTitle()).toMatch(/: Back defence$/);
    });

    it('shows the academy clips of a technique to those who may watch them, at the moment it happens', async () => {
      const videoId = await sharedRoll(clips.mp4);
      await analysedRoll(videoId, student, 'sweeps');
      const forCoach = await academyClips(coach, 'Scissor Sweep');
      expect(forCoach.academy_clips).toContainEqual(
        expect.objectContaining({
          video_id: videoId,
          fighter_name: 'Kuba Nowak',
          technique_name: 'Scissor sweep',
          start_timestamp: '00:00:01',
          end_timestamp: '00:00:02',
          start_seconds: 1,
        }),
      );
      expect((await academyClips(coach, 'Kimura')).academy_clips.map((clip) => clip.video_id)).not.toContain(videoId);
      expect((await academyClips(stranger, 'Scissor sweep')).academy_clips).toEqual([]);
    });
  });

  it("keeps a completed analysis when an earlier try's final failure is told late", async () => {
    const videoId = await sharedRoll(clips.mp4);
    expect((await analyze(videoId, student)).statusCode).toBe(202);
    expect((await settled(videoId)).status).toBe('completed');
    const before = (await feedback(videoId, student)).json<AnalysisResult>();
    const heard = await listen(baseUrl, student);
    // The job's last try stored its result and its worker died before the queue heard: the queue then
    // runs the failure handler.
    await services.analysis.failed(videoId);
    expect((await details(videoId)).analysis.status).toBe('completed');
    expect((await feedback(videoId, student)).json<AnalysisResult>()).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.filter(([method]) => method === 'AnalysisFailed')).toEqual([]);
  });

  it('deletes the analysis with the video', async () => {
    const videoId = await sharedRoll(clips.mp4);
    expect((await analyze(videoId, student)).statusCode).toBe(202);
    await settled(videoId);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/vid/api/video/delete-uploaded/${videoId}`,
      headers: student.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await feedback(videoId, student)).statusCode).toBe(404);
    const left = await ctx.database.db
      .selectFrom('video_analyses')
      .select('video_id')
      .where('video_id', '=', videoId)
      .execute();
    expect(left).toEqual([]);
  });
});
