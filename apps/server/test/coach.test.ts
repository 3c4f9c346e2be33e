import type { Curriculum, MatchmakerResponse, PairsPage, TechniqueSearchResult } from '@openmat/contract/coaching';
import type { TrainingSession, TrainingSessionDetails } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoachRepository } from '../src/repositories/coach.repository.js';
import { systemClock } from '../src/lib/clock.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { startYoutubeStub, type YoutubeStub } from './support/youtube-server.js';

const WALK_INS = [
  ['Adam', 62, 'White', '1999-01-01'],
  ['Bartek', 64, 'White', '1998-01-01'],
  ['Celina', 58, 'Blue', '2000-01-01'],
  ['Dawid', 80, 'Blue', '1995-01-01'],
  ['Emil', 82, 'Purple', '1994-01-01'],
  ['Filip', 110, 'White', '1990-01-01'],
  ['Gosia', 57, 'White', '2001-01-01'],
  ['Hubert', 79, 'Brown', '1992-01-01'],
  ['Igor', 66, 'Blue', '1997-01-01'],
] as const;

/** Letters only Polish writes: no English text here has them. */
const POLISH_LETTERS = /[ąćęłńóśźż]/i;
/** Words of every English rationale, reason and note, none of which Polish text uses. */
const ENGLISH_WORDS = /\b(the|and|of|into|pairs?|students?|sits|weight|belts?|gap|lighter|heavier)\b/i;

describe.each(databaseTargets)('coaching on $dialect', (target) => {
  let ctx: TestContext;
  let youtube: YoutubeStub;
  let coach: SignedIn;
  let otherCoach: SignedIn;
  let student: SignedIn;

  beforeAll(async () => {
    youtube = await startYoutubeStub();
    ctx = await createTestApp(target, { env: { YOUTUBE_API_KEY: 'test-key', YOUTUBE_API_URL: youtube.baseUrl } });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    otherCoach = await signUp(ctx.app, { fighterRole: 'Instructor' });
    student = await signUp(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await youtube.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: SignedIn | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({ method, url, headers: { ...(who ? who.auth : {}), ...headers }, ...(payload ? { payload } : {}) });

  async function classOf(count: number, trainingDate = '2026-12-01T18:00:00Z'): Promise<TrainingSessionDetails> {
    const created = await call('POST', '/api/trainingsession', coach, {
      trainingDate,
      capacity: 20,
      duration: 1.5,
      targetLevel: 'Beginner',
      description: 'Open mat',
    });
    const session = created.json<TrainingSession>();
    if (count === 0)
      return (await call('GET', `/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>();
    const records = WALK_INS.slice(0, count).map(([fighterName, weight, beltColor, birthdate]) => ({
      fighterName,
      weight,
      height: 175,
      beltColor,
      gender: 'Male',
      birthdate,
    }));
    const res = await call('POST', `/api/trainingsession/${session.id}/attendance`, coach, { records });
    return res.json<{ updatedSession: TrainingSessionDetails }>().updatedSession;
  }

  const pair = (
    session: TrainingSessionDetails,
    who: SignedIn = coach,
    extra: object = {},
    headers: Record<string, string> = {},
  ) =>
    call(
      'POST',
      `/vid/api/video/matchmaker/${session.id}`,
      who,
      { studentFighterIds: session.studentIds, instructorFighterId: session.instructorId, ...extra },
      headers,
    );

  describe('POST /vid/api/video/matchmaker/{sessionId}', () => {
    it('pairs everyone but one of nine, says why from the numbers, and saves the page-level shape', async () => {
      const session = await classOf(9);
      const res = await pair(session);
      expect(res.statusCode).toBe(200);
      const body = res.json<MatchmakerResponse>();
      expect(body.isSuccessfullyParsed).toBe(true);
      expect(body.errorMessage).toBeNull();
      const pairs = body.suggestedPairings?.pairs ?? [];
      expect(pairs).toHaveLength(4);
      const seen = pairs.flatMap((p) => [p.fighter1_id, p.fighter2_id]);
      const left = body.suggestedPairings?.unpairedStudent;
      expect(new Set([...seen, left?.studentId]).size).toBe(9);
      // Filip (110 kg) has no one near his weight: he sits out, and the reason says by how much.
      expect(left?.studentName).toBe('Filip');
      expect(left?.reason).toMatch(/\d+(\.\d+)? kg/);
      expect(body.suggestedPairings?.pairingRationale).toMatch(/\d/);

      const saved = JSON.parse(body.rawFighterPairsJson ?? '') as PairsPage;
      expect(saved).toMatchObject({ unpaired_student: { studentName: 'Filip' }, round: 1 });
      expect(saved.pairs).toHaveLength(4);
      const details = (await call('GET', `/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>();
      expect(details.rawFighterPairsJson).toBe(body.rawFighterPairsJson);
    });

    it('writes the rationale, the reason and the notes in Polish when asked, and in English otherwise', async () => {
      // Two classes of the same nine: the same numbers, told in each language.
      const polishRes = await pair(await classOf(9), coach, {}, { 'accept-language': 'pl-PL,pl;q=0.9' });
      const englishRes = await pair(await classOf(9));
      expect([polishRes.statusCode, englishRes.statusCode]).toEqual([200, 200]);
      const polish = polishRes.json<MatchmakerResponse>().suggestedPairings;
      const english = englishRes.json<MatchmakerResponse>().suggestedPairings;
      const wordsOf = (pairings: typeof polish) =>
        [
          pairings?.pairingRationale,
          pairings?.unpairedStudent?.reason,
          ...(pairings?.pairs.flatMap((p) => p.notes ?? []) ?? []),
        ].join('\n');

      expect(polish?.pairingRationale).toMatch(/^Połączono w pary 8 z 9 osób: 4 pary\. /);
      expect(polish?.pairingRationale).toContain('Pauzuje Filip – najlepiej dopasowana osoba to ');
      expect(polish?.unpairedStudent?.reason).toMatch(/^najlepiej dopasowana osoba to \p{L}+: waży o \d+(,\d)? kg/u);
      expect(polish?.pairs).toHaveLength(4);
      for (const p of polish?.pairs ?? []) expect(p.notes?.[0]).toMatch(/^Różnica wagi \d+(,\d)? kg \(/);
      expect(wordsOf(polish)).not.toMatch(ENGLISH_WORDS);

      expect(english?.pairingRationale).toMatch(/^Paired 8 of 9 students into 4 pairs\. /);
      expect(english?.pairingRationale).toContain('Filip sits out: the closest possible partner, ');
      expect(english?.unpairedStudent?.reason).toMatch(/^the closest possible partner, \p{L}+, is \d+(\.\d)? kg/u);
      expect(english?.pairs).toHaveLength(4);
      for (const p of english?.pairs ?? []) expect(p.notes?.[0]).toMatch(/^Weight gap \d+(\.\d)? kg \(/);
      expect(wordsOf(english)).not.toMatch(POLISH_LETTERS);
    });

    it('keeps what was decided, so each reader gets the saved pairing in their own language', async () => {
      const session = await classOf(9);
      const made = (await pair(session)).json<MatchmakerResponse>();
      const english = JSON.parse(made.rawFighterPairsJson ?? '') as PairsPage;
      expect(english.pairing_rationale).toMatch(/^Paired 8 of 9 students into 4 pairs\. /);

      const read = (lang: string) =>
        call('GET', `/api/trainingsession/${session.id}`, coach, undefined, { 'accept-language': lang }).then(
          (res) => JSON.parse(res.json<TrainingSessionDetails>().rawFighterPairsJson ?? '') as PairsPage,
        );
      const polish = await read('pl');
      // The same pairs and the same numbers, every word and decimal comma in Polish.
      expect(polish.pairs.map((p) => [p.fighter1_id, p.fighter2_id])).toEqual(
        english.pairs.map((p) => [p.fighter1_id, p.fighter2_id]),
      );
      expect(polish.pairing_rationale).toMatch(/^Połączono w pary 8 z 9 osób: 4 pary\. /);
      expect(polish.unpaired_student?.reason).toMatch(/^najlepiej dopasowana osoba to /);
      const polishWords = [
        polish.pairing_rationale,
        polish.unpaired_student?.reason,
        ...polish.pairs.flatMap((p) => p.notes ?? []),
      ];
      expect(polishWords.join('\n')).not.toMatch(ENGLISH_WORDS);
      const decimals = polishWords.join(' ').match(/\d+[.,]\d+/g) ?? [];
      expect(decimals.length).toBeGreaterThan(0);
      for (const decimal of decimals) expect(decimal).toMatch(/^\d+,\d+$/);
      expect(await read('en')).toEqual(english);
    });

    it('gives new partners for the next round', async () => {
      const session = await classOf(6);
      const first = (await pair(session)).json<MatchmakerResponse>();
      const next = (await pair(session, coach, { nextRound: true })).json<MatchmakerResponse>();
      const key = (p: { fighter1_id: number; fighter2_id: number }) => [p.fighter1_id, p.fighter2_id].sort().join('-');
      const before = new Set(first.suggestedPairings?.pairs.map(key));
      const repeated = next.suggestedPairings?.pairs.filter((p) => before.has(key(p))) ?? [];
      expect(repeated).toEqual([]);
      expect(JSON.parse(next.rawFighterPairsJson ?? '')).toMatchObject({ round: 2 });
    });

    it('is only for the owning instructor, and only for fighters on the roster', async () => {
      const session = await classOf(4);
      expect((await pair(session, otherCoach)).statusCode).toBe(403);
      expect((await pair(session, student)).statusCode).toBe(403);
      expect((await call('POST', `/vid/api/video/matchmaker/${session.id}`, null, {})).statusCode).toBe(401);
      const stranger = await call('POST', `/vid/api/video/matchmaker/${session.id}`, coach, {
        studentFighterIds: [...session.studentIds, student.fighterId],
        instructorFighterId: session.instructorId,
      });
      expect(stranger.statusCode).toBe(400);
      const lonely = await classOf(1);
      expect((await pair(lonely)).statusCode).toBe(400);
      // One student sent twice is still one student.
      const twice = await pair(session, coach, { studentFighterIds: [session.studentIds[0], session.studentIds[0]] });
      expect(twice.statusCode).toBe(400);
      expect(twice.json<{ detail: string }>().detail).toBe('Pairing needs at least two students on the roster.');
    });

    /** The session's saved rounds, oldest first, and the pairs it shows. */
    async function savedRounds(sessionId: number) {
      const rounds = await ctx.database.db
        .selectFrom('pairing_rounds')
        .select(['round', 'pairs_json'])
        .where('session_id', '=', sessionId)
        .orderBy('round')
        .execute();
      const shown = await ctx.database.db
        .selectFrom('training_sessions')
        .select('raw_fighter_pairs_json')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return { rounds, shown: shown.raw_fighter_pairs_json };
    }

    it('answers 10 concurrent first pairings of one session, keeping one round 1 that the session shows', async () => {
      const session = await classOf(6);
      const answers = await Promise.all(Array.from({ length: 10 }, () => pair(session)));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
      const { rounds, shown } = await savedRounds(session.id);
      expect(rounds.map((row) => row.round)).toEqual([1]);
      expect(shown).toBe(rounds[0]?.pairs_json);
      const bodies = answers.map((res) => res.json<MatchmakerResponse>().rawFighterPairsJson);
      const details = (await call('GET', `/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>();
      expect(bodies).toContain(details.rawFighterPairsJson);
    });

    it('answers 10 concurrent next rounds of one session, each with a round of its own', async () => {
      const session = await classOf(6);
      expect((await pair(session)).statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 10 }, () => pair(session, coach, { nextRound: true })));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
      const answered = answers.map(
        (res) => JSON.parse(res.json<MatchmakerResponse>().rawFighterPairsJson ?? '') as PairsPage,
      );
      expect(answered.map((page) => page.round).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
        2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
      ]);
      const { rounds, shown } = await savedRounds(session.id);
      expect(rounds.map((row) => row.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(shown).toBe(rounds.at(-1)?.pairs_json);
    });
  });

  describe('POST /vid/api/ai/search', () => {
    const search = (techniqueName: string, trainingSessionId: number, who: SignedIn | null = student, lang = 'en') =>
      call('POST', '/vid/api/ai/search', who, { techniqueName, trainingSessionId }, { 'accept-language': lang });

    it('answers JSON text with YouTube videos (titles decoded), and the knowledge base’s references', async () => {
      const session = await classOf(0);
      youtube.answer = 'videos';
      const res = await search('Armbar from closed guard', session.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const body = JSON.parse(res.body) as TechniqueSearchResult;
      expect(body.youtube_videos).toEqual([
        {
          video_id: 'abcDEF12345',
          title: 'Armbar from closed guard BJJ: the details & the "why"',
          publication_date: '2024-05-01T10:00:00Z',
          description: "A breakdown 'step by step'",
          embed_link: 'https://www.youtube-nocookie.com/embed/abcDEF12345',
        },
      ]);
      const request = youtube.requests.at(-1);
      expect(request?.pathname).toBe('/youtube/v3/search');
      expect(Object.fromEntries(request?.searchParams ?? [])).toMatchObject({
        type: 'video',
        videoEmbeddable: 'true',
        relevanceLanguage: 'en',
        key: 'test-key',
        part: 'snippet',
      });
      expect(Array.isArray(body.free_videos) && Array.isArray(body.paid_resources)).toBe(true);
    });

    it('caches a technique’s videos for a day', async () => {
      const session = await classOf(0);
      const before = youtube.requests.length;
      await search('Kimura', session.id);
      await search('kimura ', session.id);
      expect(youtube.requests.length - before).toBe(1);
    });

    it('turns a used-up quota and a refused key into a clear notice, keeping the local results', async () => {
      const session = await classOf(0);
      youtube.answer = 'quota';
      const quota = JSON.parse((await search('Triangle choke', session.id)).body) as TechniqueSearchResult;
      expect(quota.youtube_videos).toEqual([]);
      expect(quota.notice).toMatch(/quota/);
      youtube.answer = 'bad-key';
      const key = JSON.parse((await search('Omoplata', session.id)).body) as TechniqueSearchResult;
      expect(key.notice).toMatch(/YOUTUBE_API_KEY/);
      youtube.answer = 'videos';
    });

    it('needs a signed-in caller and a session that exists', async () => {
      const session = await classOf(0);
      expect((await search('Armbar', session.id, null)).statusCode).toBe(401);
      expect((await search('Armbar', 999_999)).statusCode).toBe(404);
      expect((await search('', session.id)).statusCode).toBe(400);
    });
  });

  describe('lesson plans', () => {
    const minutesOf = (plan: Curriculum) =>
      [plan.warm_up.duration, ...plan.drills.map((d) => d.duration), plan.sparring.duration, plan.cool_down.duration]
        .map((text) => Number(/\d+(\.\d+)?/.exec(text)?.[0] ?? 'NaN'))
        .reduce((a, b) => a + b, 0);

    it('generates a plan whose minutes add up to the session, saves it, and serves it back', async () => {
      const session = await classOf(6);
      const res = await call('GET', `/vid/api/video/session/${session.id}/generate`, coach);
      expect(res.statusCode).toBe(200);
      const plan = res.json<Curriculum>();
      expect(minutesOf(plan)).toBe(90);
      expect(plan.techniques.length).toBeGreaterThan(0);
      expect(new Set(plan.techniques.map((t) => t.name)).size).toBe(plan.techniques.length);
      const details = (await call('GET', `/api/trainingsession/${session.id}`, student)).json<TrainingSessionDetails>();
      expect(details.isCurriculumGenerated).toBe(true);
      const saved = await call('GET', `/vid/api/video/${session.id}/curriculum`, coach);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual(plan);
    });

    it('replaces the plan when generated again (also as POST), in the caller’s language', async () => {
      const session = await classOf(2);
      const first = (await call('GET', `/vid/api/video/session/${session.id}/generate`, coach)).json<Curriculum>();
      const polish = await call('POST', `/vid/api/video/session/${session.id}/generate`, coach, undefined, {
        'accept-language': 'pl',
      });
      expect(polish.statusCode).toBe(200);
      const second = polish.json<Curriculum>();
      // The saved plan is read in the reader's language (see test/curriculum-language.test.ts).
      const reread = await call('GET', `/vid/api/video/${session.id}/curriculum`, coach, undefined, {
        'accept-language': 'pl',
      });
      expect(reread.json()).toEqual(second);

      // The composer's own words say which language each plan is in; the knowledge base's texts agree.
      expect(first.duration).toBe('90 minutes');
      expect(first.drills[0]).toMatchObject({ name: 'Technique instruction' });
      expect(first.drills[0]?.description).toMatch(/^Show the techniques of the lesson in order, as one chain: /);
      expect(JSON.stringify(first)).not.toMatch(POLISH_LETTERS);

      expect(second.duration).toBe('90 minut');
      expect(second.drills[0]).toMatchObject({ name: 'Nauka techniki' });
      expect(second.drills[0]?.description).toMatch(/^Pokaż techniki zajęć po kolei, jako jeden łańcuch: /);
      for (const part of [second.warm_up, second.sparring, second.cool_down]) {
        expect(part.description).toMatch(POLISH_LETTERS);
      }
      expect(JSON.stringify(second)).not.toMatch(
        /\bminutes?\b|Technique instruction|Show the techniques|\brounds? of\b/,
      );
    });

    it('leaves out techniques taught in the instructor’s previous session', async () => {
      const earlier = await classOf(2, '2026-11-01T18:00:00Z');
      const before = (await call('GET', `/vid/api/video/session/${earlier.id}/generate`, coach)).json<Curriculum>();
      const later = await classOf(2, '2026-11-08T18:00:00Z');
      const after = (await call('GET', `/vid/api/video/session/${later.id}/generate`, coach)).json<Curriculum>();
      const taught = new Set(before.techniques.map((t) => t.technique_id));
      expect(after.techniques.filter((t) => taught.has(t.technique_id))).toEqual([]);
    });

    it('stores Helpful / Not Helpful feedback from the owner', async () => {
      const session = await classOf(2);
      await call('GET', `/vid/api/video/session/${session.id}/generate`, coach);
      const res = await call('POST', `/vid/api/video/${session.id}/curriculum/feedback`, coach, { helpful: false });
      expect(res.statusCode).toBe(204);
      const rows = await ctx.database.db
        .selectFrom('curriculum_feedback')
        .selectAll()
        .where('session_id', '=', session.id)
        .execute();
      expect(rows).toMatchObject([{ helpful: 0, generation: 1 }]);
      expect(
        (await call('POST', `/vid/api/video/${session.id}/curriculum/feedback`, coach, { helpful: 'yes' })).statusCode,
      ).toBe(400);
    });

    it('tells a plan or a rating whose session was deleted meanwhile from a failure: nothing saved, no error', async () => {
      // The service checked the session a moment before; it is deleted before the write.
      const session = await classOf(2);
      expect((await call('DELETE', `/api/trainingsession/${session.id}`, coach)).statusCode).toBe(204);
      const coaching = new CoachRepository(ctx.database.db, systemClock);
      await expect(
        coaching.saveCurriculum(session.id, { curriculumJson: '{}', techniqueIds: [], source: 'local' }),
      ).resolves.toBeNull();
      const { user_id: coachUser } = await ctx.database.db
        .selectFrom('fighters')
        .select('user_id')
        .where('id', '=', coach.fighterId)
        .executeTakeFirstOrThrow();
      await expect(coaching.addFeedback(session.id, coachUser ?? 0, true, 1)).resolves.toBe(false);
      const left = await ctx.database.db
        .selectFrom('session_curricula')
        .select('session_id')
        .where('session_id', '=', session.id)
        .execute();
      expect(left).toEqual([]);
    });

    it('is only for the owning instructor', async () => {
      const session = await classOf(2);
      expect((await call('GET', `/vid/api/video/session/${session.id}/generate`, otherCoach)).statusCode).toBe(403);
      expect((await call('GET', `/vid/api/video/session/${session.id}/generate`, student)).statusCode).toBe(403);
      expect((await call('GET', `/vid/api/video/session/${session.id}/generate`, null)).statusCode).toBe(401);
      expect(
        (await call('POST', `/vid/api/video/${session.id}/curriculum/feedback`, student, { helpful: true })).statusCode,
      ).toBe(403);
    });
  });

  describe('curriculum before any plan', () => {
    it('answers 204 when the session has no plan, and 404 for a missing session', async () => {
      const session = await classOf(0);
      const res = await call('GET', `/vid/api/video/${session.id}/curriculum`, coach);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await call('GET', '/vid/api/video/999999/curriculum', student)).statusCode).toBe(404);
      const feedback = await call('POST', `/vid/api/video/${session.id}/curriculum/feedback`, coach, { helpful: true });
      expect(feedback.statusCode).toBe(404);
    });
  });
});

describe.each(databaseTargets)('technique search without a YouTube key on $dialect', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  it('gives empty YouTube results, never made-up ones, and says why', async () => {
    const coach = await signUp(ctx.app, { fighterRole: 'Instructor' });
    const session = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/trainingsession',
        headers: coach.auth,
        payload: { trainingDate: '2026-12-01T18:00:00Z', capacity: 5, duration: 1, targetLevel: 'Beginner' },
      })
    ).json<TrainingSession>();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/vid/api/ai/search',
      headers: coach.auth,
      payload: { techniqueName: 'Armbar', trainingSessionId: session.id },
    });
    const body = JSON.parse(res.body) as TechniqueSearchResult;
    expect(body.youtube_videos).toEqual([]);
    expect(body.notice).toBe('YouTube search is not configured on this server.');
  });
});

describe.each(databaseTargets)('lesson plans with a language model that fails, on $dialect', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A port nothing listens on: every call to the model is refused.
    ctx = await createTestApp(target, {
      env: { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'any', AI_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(() => ctx.close());

  it('falls back to the local composer and still answers a valid plan', async () => {
    const coach = await signUp(ctx.app, { fighterRole: 'Instructor' });
    const session = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/trainingsession',
        headers: coach.auth,
        payload: { trainingDate: '2026-12-01T18:00:00Z', capacity: 5, duration: 1, targetLevel: 'Kids' },
      })
    ).json<TrainingSession>();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/vid/api/video/session/${session.id}/generate`,
      headers: coach.auth,
    });
    expect(res.statusCode).toBe(200);
    const saved = await ctx.database.db
      .selectFrom('session_curricula')
      .select('source')
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(saved.source).toBe('local');
  });
});
