import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PendingInstructorsResponse, ResetLinkResponse } from '@openmat/contract/account';
import type { ManageInfoResponse, TokenResponse } from '@openmat/contract/auth';
import type { ProblemDetails } from '@openmat/contract/problem';
import type { TrainingSession, TrainingSessionDetails } from '@openmat/contract/sessions';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandlers } from '../src/jobs/handlers.js';
import { AccountRepository } from '../src/repositories/account.repository.js';
import { toFighterRow } from '../src/repositories/fighter.repository.js';
import type { Services } from '../src/services/services.js';
import { PASSWORD, signUp, testClock, uniqueEmail, type SignedIn } from './support/accounts.js';
import { THROTTLE } from '../src/services/login-throttle.service.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { makeClips, multipart } from './support/videos.js';

const NEW_PASSWORD = 'new-mat-time-77';
const DAY_MS = 24 * 60 * 60 * 1000;
const sessionBody = (trainingDate: string) => ({
  trainingDate,
  description: 'Gi fundamentals',
  capacity: 10,
  duration: 1.5,
  status: 'Active',
  targetLevel: 'Beginner',
});

type Method = 'GET' | 'POST' | 'DELETE';
function caller(get: () => TestContext) {
  return (method: Method, url: string, who: SignedIn | null, payload?: object, headers: Record<string, string> = {}) =>
    get().app.inject({
      method,
      url,
      headers: { ...(who ? who.auth : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
}

async function signInAgain(ctx: TestContext, email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/fighter/login', payload: { email, password } });
}

const refresh = (ctx: TestContext, tokens: TokenResponse) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/v1/refresh', payload: { refreshToken: tokens.refreshToken } });

describe.each(databaseTargets)('accounts: passwords, deletion and approval (issue 21.4) on $dialect', (target) => {
  let ctx: TestContext;
  const clock = testClock();
  const call = caller(() => ctx);
  let coach: SignedIn;
  let session: TrainingSession;
  /** A class of the coach's that was held already (deletion keeps its roster's count). */
  let held: TrainingSession;

  async function onRoster(student: SignedIn): Promise<void> {
    const res = await call('POST', `/api/trainingsession/${session.id}/checkin`, student, {
      studentIds: [student.fighterId],
      sessionId: session.id,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The coach puts a student of their rosters on the class held already (a check-in comes too late). */
  async function onHeldRoster(student: SignedIn): Promise<void> {
    const res = await call('POST', `/api/trainingsession/${held.id}/members`, coach, { fighterId: student.fighterId });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    ctx = await createTestApp(target, { clock });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    const created = await call('POST', '/api/trainingsession', coach, sessionBody('2030-01-10T18:00:00.000Z'));
    expect(created.statusCode).toBe(201);
    session = created.json<TrainingSession>();
    const past = await call('POST', '/api/trainingsession', coach, sessionBody('2024-05-10T18:00:00.000Z'));
    expect(past.statusCode).toBe(201);
    held = past.json<TrainingSession>();
  });
  afterAll(() => ctx.close());

  describe('POST /api/auth/v1/manage/password', () => {
    it('needs the current password, keeps this sign-in and ends every other one', async () => {
      const me = await signUp(ctx.app);
      const otherDevice = (await signInAgain(ctx, me.email, PASSWORD)).json<TokenResponse>();

      const wrong = await call('POST', '/api/auth/v1/manage/password', me, {
        currentPassword: 'not-my-password-1',
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ProblemDetails>().errors).toEqual({ currentPassword: ['The current password is not right.'] });

      const weak = await call('POST', '/api/auth/v1/manage/password', me, {
        currentPassword: PASSWORD,
        newPassword: 'short',
      });
      expect(weak.statusCode).toBe(400);
      expect(Object.keys(weak.json<ProblemDetails>().errors ?? {})).toEqual(['newPassword']);

      const changed = await call('POST', '/api/auth/v1/manage/password', me, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(204);
      expect((await signInAgain(ctx, me.email, PASSWORD)).statusCode).toBe(401);
      expect((await signInAgain(ctx, me.email, NEW_PASSWORD)).statusCode).toBe(200);
      // This browser stays signed in; the other device's sign-in has ended.
      expect((await refresh(ctx, me.tokens)).statusCode).toBe(200);
      expect((await refresh(ctx, otherDevice)).statusCode).toBe(401);
    });

    it('answers 401 without a sign-in and in Polish for a Polish browser', async () => {
      expect(
        (await call('POST', '/api/auth/v1/manage/password', null, { currentPassword: 'a', newPassword: 'b' }))
          .statusCode,
      ).toBe(401);
      const me = await signUp(ctx.app);
      const wrong = await call(
        'POST',
        '/api/auth/v1/manage/password',
        me,
        { currentPassword: 'nope-nope-1', newPassword: NEW_PASSWORD },
        { 'accept-language': 'pl' },
      );
      expect(wrong.json<ProblemDetails>().errors).toEqual({ currentPassword: ['Obecne hasło jest nieprawidłowe.'] });
    });
  });

  describe('reset links an instructor issues (no SMTP)', () => {
    it('says e-mail resets are off, and refuses them with 404', async () => {
      expect((await call('GET', '/api/auth/v1/password-reset', null)).json()).toEqual({ byEmail: false });
      const res = await call('POST', '/api/auth/v1/password-reset', null, { email: coach.email });
      expect(res.statusCode).toBe(404);
      expect(res.json<ProblemDetails>().detail).toMatch(/Ask your instructor for a reset link/);
    });

    it('gives the coach a one-time link for a student of their roster, which sets a new password once', async () => {
      const student = await signUp(ctx.app);
      await onRoster(student);
      const issued = await call('POST', `/api/members/${student.fighterId}/password-reset-link`, coach);
      expect(issued.statusCode, issued.body).toBe(201);
      const { path: link } = issued.json<ResetLinkResponse>();
      expect(link).toMatch(/^\/reset-password\?token=[\w-]{40,}$/);
      const token = decodeURIComponent(link.split('token=')[1] ?? '');

      const weak = await call('POST', '/api/auth/v1/password-reset/confirm', null, { token, newPassword: 'short' });
      expect(weak.statusCode).toBe(400);
      const done = await call('POST', '/api/auth/v1/password-reset/confirm', null, {
        token,
        newPassword: NEW_PASSWORD,
      });
      expect(done.statusCode).toBe(204);
      expect((await signInAgain(ctx, student.email, NEW_PASSWORD)).statusCode).toBe(200);
      // Every earlier sign-in ended with the reset.
      expect((await refresh(ctx, student.tokens)).statusCode).toBe(401);
      const again = await call('POST', '/api/auth/v1/password-reset/confirm', null, { token, newPassword: PASSWORD });
      expect(again.statusCode).toBe(400);
      expect(again.json<ProblemDetails>().errors?.token?.[0]).toMatch(/not valid any more/);
    });

    it('lets a member who locked themselves out sign in with the new password at once', async () => {
      const student = await signUp(ctx.app);
      await onRoster(student);
      for (let i = 0; i < THROTTLE.pairFailures; i++) {
        expect((await signInAgain(ctx, student.email, 'wrong-pass-1')).statusCode).toBe(401);
      }
      expect((await signInAgain(ctx, student.email, PASSWORD)).statusCode).toBe(429);
      const { path: link } = (
        await call('POST', `/api/members/${student.fighterId}/password-reset-link`, coach)
      ).json<ResetLinkResponse>();
      const token = decodeURIComponent(link.split('token=')[1] ?? '');
      const done = await call('POST', '/api/auth/v1/password-reset/confirm', null, {
        token,
        newPassword: NEW_PASSWORD,
      });
      expect(done.statusCode).toBe(204);
      expect((await signInAgain(ctx, student.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('expires after 30 minutes', async () => {
      const student = await signUp(ctx.app);
      await onRoster(student);
      const { path: link } = (
        await call('POST', `/api/members/${student.fighterId}/password-reset-link`, coach)
      ).json<ResetLinkResponse>();
      clock.advance(31 * 60);
      const token = decodeURIComponent(link.split('token=')[1] ?? '');
      const late = await call('POST', '/api/auth/v1/password-reset/confirm', null, {
        token,
        newPassword: NEW_PASSWORD,
      });
      expect(late.statusCode).toBe(400);
      expect((await signInAgain(ctx, student.email, PASSWORD)).statusCode).toBe(200);
    });

    it('is for the coach’s own students with an account only: not strangers, walk-ins or students', async () => {
      const stranger = await signUp(ctx.app);
      expect((await call('POST', `/api/members/${stranger.fighterId}/password-reset-link`, coach)).statusCode).toBe(
        404,
      );
      const walkIn = await call('POST', `/api/trainingsession/${session.id}/attendance`, coach, {
        sessionId: session.id,
        records: [
          {
            fighterName: 'Walk In',
            birthdate: '2001-02-03',
            weight: 61,
            height: 166,
            beltColor: 'None',
            gender: 'Female',
          },
        ],
      });
      expect(walkIn.statusCode, walkIn.body).toBeLessThan(300);
      const walkInId = (await call('GET', `/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>()
        .walkInIds[0];
      const forWalkIn = await call('POST', `/api/members/${walkInId}/password-reset-link`, coach);
      expect(forWalkIn.statusCode).toBe(400);
      const student = await signUp(ctx.app);
      await onRoster(student);
      expect((await call('POST', `/api/members/${student.fighterId}/password-reset-link`, student)).statusCode).toBe(
        403,
      );
      expect((await call('POST', `/api/members/${student.fighterId}/password-reset-link`, null)).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/auth/v1/manage/account', () => {
    it('deletes the account, its videos and their files; a class held keeps an anonymous walk-in', async () => {
      const student = await signUp(ctx.app, { fighterName: 'Zofia Delete' });
      await onRoster(student);
      await onHeldRoster(student);
      const clips = await makeClips(1);
      const body = multipart([
        { name: 'videoFile', filename: 'roll.mp4', type: 'video/mp4', data: clips.mp4 },
        ['description', 'My roll'],
        ['studentIdentifier', 'zofia'],
        ['martialArt', 'BrazilianJiuJitsu_GI'],
      ]);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: '/vid/api/video/upload-sparring',
        headers: { ...body.headers, ...student.auth },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const promoted = await call('POST', `/api/members/${student.fighterId}/promotions`, coach, {
        belt: 'Blue',
        stripes: 1,
        promotedOn: '2026-01-10',
      });
      expect(promoted.statusCode, promoted.body).toBeLessThan(300);
      const weighed = await call('POST', `/api/members/${student.fighterId}/weigh-ins`, student, {
        weighedOn: '2026-01-10',
        weightKg: 60.5,
      });
      expect(weighed.statusCode, weighed.body).toBeLessThan(300);
      const videosDir = path.join(ctx.config.dataDir, 'videos');
      const before = await readdir(videosDir, { recursive: true });
      expect(before.length).toBeGreaterThan(0);

      const wrong = await call('DELETE', '/api/auth/v1/manage/account', student, { confirmation: 'wrong-one-1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ProblemDetails>().errors).toEqual({
        confirmation: ['That is not your password, so the account was not deleted.'],
      });

      const deleted = await call('DELETE', '/api/auth/v1/manage/account', student, { confirmation: PASSWORD });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await signInAgain(ctx, student.email, PASSWORD)).statusCode).toBe(401);
      expect((await call('GET', '/api/auth/v1/manage/info', student)).statusCode).toBe(401);
      expect((await refresh(ctx, student.tokens)).statusCode).toBe(401);
      const files = (await readdir(videosDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
      expect(files).toEqual([]);

      const details = (await call('GET', `/api/trainingsession/${held.id}`, coach)).json<TrainingSessionDetails>();
      expect(details.students.map((s) => s.fighterName)).not.toContain('Zofia Delete');
      expect(details.students.some((s) => s.fighterName === '—' && details.walkInIds.includes(s.id))).toBe(true);
      expect(details.studentIds).toHaveLength(details.students.length);
      const roster = await ctx.database.db
        .selectFrom('training_sessions')
        .select('attendee_count')
        .where('id', '=', held.id)
        .executeTakeFirstOrThrow();
      expect(roster.attendee_count).toBe(details.students.length);
      // Her belts and weigh-ins go with her, though her attendance stays as an anonymous walk-in.
      const kept = await Promise.all(
        (['promotions', 'weigh_ins'] as const).map((table) =>
          ctx.database.db.selectFrom(table).select('id').where('fighter_id', '=', student.fighterId).execute(),
        ),
      );
      expect(kept).toEqual([[], []]);
      const anonymous = await ctx.database.db
        .selectFrom('fighters')
        .select(['rank_belt', 'weighed_kg'])
        .where('id', '=', student.fighterId)
        .executeTakeFirst();
      expect(anonymous ?? { rank_belt: null, weighed_kg: null }).toEqual({ rank_belt: null, weighed_kg: null });
      // Nobody's member any more: no page, and nothing new recorded of a deleted person.
      expect((await call('GET', `/api/members/${student.fighterId}`, coach)).statusCode).toBe(404);
      const weighIn = await call('POST', `/api/members/${student.fighterId}/weigh-ins`, coach, {
        weighedOn: '2026-01-11',
        weightKg: 61,
      });
      expect(weighIn.statusCode).toBe(404);
      const promotion = await call('POST', `/api/members/${student.fighterId}/promotions`, coach, {
        belt: 'Purple',
        stripes: 0,
        promotedOn: '2026-01-11',
        note: 'Left us',
      });
      expect(promotion.statusCode).toBe(404);
      // The address can be registered again.
      expect((await signUp(ctx.app, { email: student.email })).email).toBe(student.email);
    });

    it('leaves no name or figure of the deleted fighter in the pairings kept with the class', async () => {
      const leaving = await signUp(ctx.app, { fighterName: 'Piotr Paired', birthdate: '1991-07-23', weight: 83.4 });
      const staying = await signUp(ctx.app, { fighterName: 'Ewa Partner' });
      await onRoster(leaving);
      await onRoster(staying);
      const roster = (await call('GET', `/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>();
      const paired = await call('POST', `/vid/api/video/matchmaker/${session.id}`, coach, {
        studentFighterIds: [leaving.fighterId, staying.fighterId],
        instructorFighterId: roster.instructorId,
      });
      expect(paired.statusCode, paired.body).toBe(200);
      const shown = () =>
        call('GET', `/api/trainingsession/${session.id}`, coach).then(
          (res) => res.json<TrainingSessionDetails>().rawFighterPairsJson ?? '',
        );
      expect(await shown()).toContain('Piotr Paired');

      const deleted = await call('DELETE', '/api/auth/v1/manage/account', leaving, { confirmation: PASSWORD });
      expect(deleted.statusCode, deleted.body).toBe(204);
      const page = await shown();
      expect(page).not.toContain('Piotr Paired');
      expect(page).toContain('Ewa Partner');
      expect(JSON.parse(page)).toMatchObject({ pairs: [{}] });
      const kept = await ctx.database.db
        .selectFrom('pairing_rounds')
        .select('pairs_json')
        .where('session_id', '=', session.id)
        .execute();
      const stored = [
        ...kept.map((row) => row.pairs_json),
        (
          await ctx.database.db
            .selectFrom('training_sessions')
            .select('raw_fighter_pairs_json')
            .where('id', '=', session.id)
            .executeTakeFirstOrThrow()
        ).raw_fighter_pairs_json ?? '',
      ].join('\n');
      expect(stored).not.toContain('Piotr Paired');
      expect(stored).not.toContain('1991-07-23');
      expect(stored).not.toContain('83.4');
    });

    it('gives back the places a leaver held in classes still to come; classes held keep them as "—"', async () => {
      const host = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Bruno' });
      const plan = async (fromNowMs: number, capacity: number) => {
        const trainingDate = new Date(clock.now().getTime() + fromNowMs).toISOString();
        const res = await call('POST', '/api/trainingsession', host, { ...sessionBody(trainingDate), capacity });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<TrainingSession>().id;
      };
      const nextWeek = await plan(7 * DAY_MS, 1);
      const lastWeek = await plan(-7 * DAY_MS, 10);
      const checkIn = (student: SignedIn, id: number) =>
        call('POST', `/api/trainingsession/${id}/checkin`, student, { studentIds: [student.fighterId], sessionId: id });
      const roster = async (id: number) =>
        (await call('GET', `/api/trainingsession/${id}`, host)).json<TrainingSessionDetails>();
      const leaving = await signUp(ctx.app, { fighterName: 'Marek Leaving' });
      const waiting = await signUp(ctx.app, { fighterName: 'Olga Waiting' });
      expect((await checkIn(leaving, nextWeek)).statusCode).toBe(200);
      const added = await call('POST', `/api/trainingsession/${lastWeek}/members`, host, {
        fighterId: leaving.fighterId,
      });
      expect(added.statusCode, added.body).toBe(200);
      const full = await checkIn(waiting, nextWeek);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({ message: 'This session is full.' });

      const deleted = await call('DELETE', '/api/auth/v1/manage/account', leaving, { confirmation: PASSWORD });
      expect(deleted.statusCode, deleted.body).toBe(204);

      // Next week's class: no "—" holding her place, which is free for the next student.
      expect((await roster(nextWeek)).students).toEqual([]);
      const inNow = await checkIn(waiting, nextWeek);
      expect(inNow.statusCode, inNow.body).toBe(200);
      expect(inNow.json<TrainingSessionDetails>().students.map((s) => s.fighterName)).toEqual(['Olga Waiting']);
      // Last week's class keeps her attendance, anonymous, and its count.
      const lastWeekRoster = await roster(lastWeek);
      expect(lastWeekRoster.students.map((s) => s.fighterName)).toEqual(['—']);
      expect(lastWeekRoster.walkInIds).toEqual(lastWeekRoster.studentIds);
      const counted = await ctx.database.db
        .selectFrom('training_sessions')
        .select('attendee_count')
        .where('id', '=', lastWeek)
        .executeTakeFirstOrThrow();
      expect(counted.attendee_count).toBe(1);

      // A leaver who was only checked in to classes still to come leaves nothing behind.
      const nextMonth = await plan(30 * DAY_MS, 10);
      const briefly = await signUp(ctx.app, { fighterName: 'Jan Briefly' });
      expect((await checkIn(briefly, nextMonth)).statusCode).toBe(200);
      expect(
        (await call('DELETE', '/api/auth/v1/manage/account', briefly, { confirmation: PASSWORD })).statusCode,
      ).toBe(204);
      expect((await roster(nextMonth)).students).toEqual([]);
      const gone = await ctx.database.db
        .selectFrom('fighters')
        .select('id')
        .where('id', '=', briefly.fighterId)
        .executeTakeFirst();
      expect(gone).toBeUndefined();
    });

    it('refuses an instructor who still runs sessions, saying why', async () => {
      const res = await call('DELETE', '/api/auth/v1/manage/account', coach, { confirmation: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json<ProblemDetails>().detail).toMatch(/You still run 2 training sessions/);
      expect((await signInAgain(ctx, coach.email, PASSWORD)).statusCode).toBe(200);
    });

    it('counts wrong passwords as failed sign-ins: a stolen token cannot guess the password', async () => {
      const me = await signUp(ctx.app);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (await call('DELETE', '/api/auth/v1/manage/account', me, { confirmation: `guess-${i}-x` })).statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const right = await call('DELETE', '/api/auth/v1/manage/account', me, { confirmation: PASSWORD });
      expect(right.statusCode).toBe(429);
    });

    it('needs a sign-in', async () => {
      expect((await call('DELETE', '/api/auth/v1/manage/account', null, { confirmation: PASSWORD })).statusCode).toBe(
        401,
      );
    });
  });
});

describe.each(databaseTargets)('INSTRUCTOR_SIGNUP=approval on $dialect', (target) => {
  let ctx: TestContext;
  const call = caller(() => ctx);
  beforeAll(async () => {
    ctx = await createTestApp(target, { env: { INSTRUCTOR_SIGNUP: 'approval' } });
  });
  afterAll(() => ctx.close());

  it('lets the first instructor act; a later one does nothing an instructor does until approved', async () => {
    const first = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach First' });
    expect(
      (await call('POST', '/api/trainingsession', first, sessionBody('2030-02-01T18:00:00.000Z'))).statusCode,
    ).toBe(201);

    const newcomer = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach New' });
    const info = (await call('GET', '/api/auth/v1/manage/info', newcomer)).json<ManageInfoResponse>();
    expect(info.userInfo.instructorPending).toBe(true);
    for (const [method, url, payload] of [
      ['POST', '/api/trainingsession', sessionBody('2030-02-02T18:00:00.000Z')],
      ['GET', '/api/members', undefined],
      ['GET', '/api/instructors/pending', undefined],
    ] as const) {
      const res = await call(method, url, newcomer, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<ProblemDetails>().detail).toMatch(/waits for approval by an instructor/);
    }

    const student = await signUp(ctx.app);
    expect((await call('GET', '/api/instructors/pending', student)).statusCode).toBe(403);
    const pending = (await call('GET', '/api/instructors/pending', first)).json<PendingInstructorsResponse>();
    expect(pending.instructors).toEqual([expect.objectContaining({ email: newcomer.email, fighterName: 'Coach New' })]);
    const userId = pending.instructors[0]?.userId ?? 0;
    expect((await call('POST', `/api/instructors/${userId}/approve`, newcomer)).statusCode).toBe(403);
    expect((await call('POST', `/api/instructors/${userId}/approve`, student)).statusCode).toBe(403);
    expect((await call('POST', `/api/instructors/${userId}/approve`, first)).statusCode).toBe(204);
    expect((await call('POST', `/api/instructors/${userId}/approve`, first)).statusCode).toBe(404);

    expect(
      (await call('POST', '/api/trainingsession', newcomer, sessionBody('2030-02-02T18:00:00.000Z'))).statusCode,
    ).toBe(201);
    expect((await call('GET', '/api/instructors/pending', first)).json()).toEqual({ instructors: [] });
  });

  it('leaves students as they are', async () => {
    const student = await signUp(ctx.app);
    const info = (await call('GET', '/api/auth/v1/manage/info', student)).json<ManageInfoResponse>();
    expect(info.userInfo.instructorPending).toBe(false);
  });

  /** A profile with no figures yet, as a first external sign-in makes one. */
  const NO_FIGURES = {
    height: null,
    weight: null,
    bmi: null,
    gender: null,
    birthdate: null,
    maxWorkoutDuration: null,
    beltColor: null,
    experience: null,
  };

  it('makes an instructor wait who signs up while the first one is still being stored', async () => {
    // A new installation's first two instructors signing up at once: the first one's rows are written but
    // not yet committed when the second asks whether an approved instructor exists.
    const fresh = await createTestApp(target, { env: { INSTRUCTOR_SIGNUP: 'approval' } });
    try {
      const { db, dialect } = fresh.database;
      const accounts = new AccountRepository(db, testClock(), dialect);
      let stored = (): void => undefined;
      const firstStored = new Promise<void>((resolve) => (stored = resolve));
      let commit = (): void => undefined;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      const first = db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const user = await trx
          .insertInto('users')
          .values({
            email: 'first@example.com',
            normalized_email: 'first@example.com',
            password_hash: null,
            email_confirmed: 1,
            instructor_pending: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('fighters')
          .values(
            toFighterRow(
              {
                userId: user.id,
                ownerUserId: null,
                ...NO_FIGURES,
                fighterName: 'Coach First',
                fighterRole: 'Instructor',
              },
              now,
            ),
          )
          .execute();
        stored();
        await committing;
      });
      await firstStored;
      const second = accounts.create(
        {
          email: 'second@example.com',
          passwordHash: null,
          emailConfirmed: true,
          instructorPending: 'unless-first-instructor',
        },
        {
          ...NO_FIGURES,
          fighterName: 'Coach Second',
          fighterRole: 'Instructor',
        },
      );
      // The second waits for the first to be committed, then sees it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      commit();
      await first;
      expect((await second).user.instructorPending).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

/** The text of a quoted-printable UTF-8 mail, as a reader sees it. */
function quotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

interface CapturedMail {
  to: string;
  raw: string;
}

describe.each(databaseTargets)('password reset by e-mail (SMTP) on $dialect', (target) => {
  let ctx: TestContext;
  let services: Services | undefined;
  const call = caller(() => ctx);
  const mails: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    ctx = await createTestApp(target, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://mat.example.com' },
      jobHandlers: (registry, all) => {
        services = all;
        registerJobHandlers(registry, all);
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  const sent = async () => {
    await services?.lifecycle.idle();
    return mails;
  };

  it('mails a one-time link in the asker’s language, and answers the same for an unknown address', async () => {
    mails.length = 0;
    const member = await signUp(ctx.app);
    expect((await call('GET', '/api/auth/v1/password-reset', null)).json()).toEqual({ byEmail: true });
    const known = await call(
      'POST',
      '/api/auth/v1/password-reset',
      null,
      { email: member.email },
      { 'accept-language': 'pl' },
    );
    const unknown = await call('POST', '/api/auth/v1/password-reset', null, { email: uniqueEmail('nobody') });
    expect([known.statusCode, known.body]).toEqual([202, '']);
    expect([unknown.statusCode, unknown.body]).toEqual([202, '']);

    const [mail, ...others] = await sent();
    expect(others).toEqual([]);
    expect(mail?.to).toBe(member.email);
    const text = quotedPrintable(mail?.raw ?? '');
    expect(text).toContain('Ktoś poprosił o zmianę hasła');
    const link = /https:\/\/mat\.example\.com\/reset-password\?token=([\w%-]+)/.exec(text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    const done = await call('POST', '/api/auth/v1/password-reset/confirm', null, { token, newPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(204);
    expect((await signInAgain(ctx, member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles requests for one address, and offers no instructor links', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await call('POST', '/api/auth/v1/password-reset', null, { email })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const coach = await signUp(ctx.app, { fighterRole: 'Instructor' });
    const student = await signUp(ctx.app);
    const res = await call('POST', `/api/members/${student.fighterId}/password-reset-link`, coach);
    expect(res.statusCode).toBe(404);
    await sent();
  });
});
