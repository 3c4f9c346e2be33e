import type { TrainingSession, TrainingSessionDetails } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { BEFORE_THE_CLASSES, manualClock } from './support/clock.js';
import { createTestApp, type TestContext } from './support/test-app.js';

const sessionBody = (overrides: Record<string, unknown> = {}) => ({
  trainingDate: '2026-12-01T18:30:00+01:00',
  description: 'Closed guard fundamentals',
  capacity: 10,
  duration: 1.5,
  status: 'Active',
  targetLevel: 'Beginner',
  ...overrides,
});

const walkIn = (name: string, overrides: Record<string, unknown> = {}) => ({
  fighterName: name,
  birthdate: '2001-02-03',
  weight: 72.5,
  height: 176,
  beltColor: 'None',
  gender: 'Male',
  ...overrides,
});

describe.each(databaseTargets)('training sessions on $dialect', (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  let otherCoach: SignedIn;
  let student: SignedIn;

  beforeAll(async () => {
    ctx = await createTestApp(target, { clock: manualClock(BEFORE_THE_CLASSES) });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    otherCoach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Bruno' });
    student = await signUp(ctx.app, { fighterRole: 'Student', fighterName: 'Stella' });
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who: SignedIn | null,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

  async function createSession(
    overrides: Record<string, unknown> = {},
    by: SignedIn = coach,
  ): Promise<TrainingSession> {
    const res = await call('POST', '/api/trainingsession', by, sessionBody(overrides));
    expect(res.statusCode).toBe(201);
    return res.json<TrainingSession>();
  }

  describe('create, read, list', () => {
    it('lets an instructor create a session, stored in UTC with the duration in hours', async () => {
      const created = await createSession();
      expect(created).toMatchObject({
        trainingDate: '2026-12-01T17:30:00.000Z',
        capacity: 10,
        duration: 1.5,
        status: 'Active',
        targetLevel: 'Beginner',
        instructorId: coach.fighterId,
        studentIds: [],
      });
      const details = await call('GET', `/api/trainingsession/${created.id}`, student);
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({
        id: created.id,
        instructor: { id: coach.fighterId, fighterName: 'Coach Ana' },
        students: [],
        isCurriculumGenerated: false,
        rawFighterPairsJson: null,
      });
    });

    it('refuses a student (403), a visitor (401) and bad fields (400)', async () => {
      expect((await call('POST', '/api/trainingsession', student, sessionBody())).statusCode).toBe(403);
      expect((await call('POST', '/api/trainingsession', null, sessionBody())).statusCode).toBe(401);
      const bad = await call(
        'POST',
        '/api/trainingsession',
        coach,
        sessionBody({ capacity: 0, duration: -1, trainingDate: 'soon' }),
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
        'capacity',
        'duration',
        'trainingDate',
      ]);
    });

    it('refuses a description holding half of a surrogate pair instead of storing it mangled, in Polish too', async () => {
      const body = sessionBody({ description: 'Armbar \ud83e chain' });
      const english = await call('POST', '/api/trainingsession', coach, body);
      expect(english.statusCode).toBe(400);
      expect(english.json()).toMatchObject({
        errors: {
          description: ['Text must be valid Unicode: it holds half of a surrogate pair, which cannot be stored.'],
        },
      });
      const polish = await ctx.app.inject({
        method: 'POST',
        url: '/api/trainingsession',
        headers: { ...coach.auth, 'accept-language': 'pl' },
        payload: body,
      });
      expect(polish.statusCode).toBe(400);
      expect(polish.json()).toMatchObject({
        errors: {
          description: [
            'Tekst musi być poprawnym Unicode: zawiera połowę pary zastępczej (surogat bez pary), której nie da się zapisać.',
          ],
        },
      });
      const whole = await createSession({ description: 'Armbar 🥋 chain' });
      expect(whole.description).toBe('Armbar 🥋 chain');
    });

    it('lists every instructor’s sessions for anyone signed in, newest first when asked, and nothing for a visitor', async () => {
      // Past sessions are outside the default window (session-list.test.ts): ask for the range.
      const older = await createSession({ trainingDate: '2026-01-05T10:00:00Z' });
      const newer = await createSession({ trainingDate: '2027-01-05T10:00:00Z' }, otherCoach);
      const res = await call(
        'GET',
        '/api/trainingsession?from=2026-01-01T00:00:00Z&to=2027-02-01T00:00:00Z&order=desc&limit=100',
        student,
      );
      expect(res.statusCode).toBe(200);
      const ids = res.json<TrainingSession[]>().map((s) => s.id);
      expect(ids).toContain(older.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect((await call('GET', '/api/trainingsession', null)).statusCode).toBe(401);
    });

    it('answers 404 for a session that does not exist and 400 for a bad id', async () => {
      expect((await call('GET', '/api/trainingsession/999999', student)).statusCode).toBe(404);
      expect((await call('GET', '/api/trainingsession/abc', student)).statusCode).toBe(400);
    });
  });

  describe('ownership', () => {
    it('lets only the owning instructor update, close, delete, take attendance or remove students', async () => {
      const session = await createSession();
      const id = session.id;
      const attempts = [
        ['PUT', `/api/trainingsession/${id}`, sessionBody({ capacity: 20 })],
        ['PATCH', `/api/trainingsession/${id}/close`, undefined],
        ['DELETE', `/api/trainingsession/${id}`, undefined],
        ['POST', `/api/trainingsession/${id}/attendance`, { records: [walkIn('Intruder')] }],
        ['DELETE', `/api/trainingsession/${id}/attendance/remove/${student.fighterId}`, undefined],
      ] as const;
      for (const [method, url, payload] of attempts) {
        expect(
          (await call(method, url, otherCoach, payload)).statusCode,
          `${method} ${url} by another instructor`,
        ).toBe(403);
        expect((await call(method, url, student, payload)).statusCode, `${method} ${url} by a student`).toBe(403);
        expect((await call(method, url, null, payload)).statusCode, `${method} ${url} by a visitor`).toBe(401);
      }
      const unchanged = await call('GET', `/api/trainingsession/${id}`, coach);
      expect(unchanged.json()).toMatchObject({ capacity: 10, status: 'Active', students: [] });
    });

    it('lets the owner update and close; a closed session is Completed and refuses check-ins', async () => {
      const session = await createSession();
      const updated = await call(
        'PUT',
        `/api/trainingsession/${session.id}`,
        coach,
        sessionBody({ capacity: 3, description: 'Half guard' }),
      );
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ capacity: 3, description: 'Half guard' });
      expect((await call('PATCH', `/api/trainingsession/${session.id}/close`, coach)).statusCode).toBe(204);
      expect((await call('GET', `/api/trainingsession/${session.id}`, coach)).json()).toMatchObject({
        status: 'Completed',
      });
      const late = await call('POST', `/api/trainingsession/${session.id}/checkin`, student, {
        studentIds: [student.fighterId],
        sessionId: session.id,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ message: 'This session is no longer open for check-in.' });
    });

    it('keeps a closed session closed when an edit leaves out its status, and reopens it when the edit says so', async () => {
      const session = await createSession();
      expect((await call('PATCH', `/api/trainingsession/${session.id}/close`, coach)).statusCode).toBe(204);
      const { status: _left, ...withoutStatus } = sessionBody({ description: 'Notes after the class' });
      const edited = await call('PUT', `/api/trainingsession/${session.id}`, coach, withoutStatus);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ status: 'Completed', description: 'Notes after the class' });
      const late = await call('POST', `/api/trainingsession/${session.id}/checkin`, student, {
        studentIds: [student.fighterId],
        sessionId: session.id,
      });
      expect(late.statusCode).toBe(409);
      const reopened = await call(
        'PUT',
        `/api/trainingsession/${session.id}`,
        coach,
        sessionBody({ status: 'Active' }),
      );
      expect(reopened.json()).toMatchObject({ status: 'Active' });
      // A new session without a status is Active, as before.
      const { status: _none, ...fresh } = sessionBody();
      const created = await call('POST', '/api/trainingsession', coach, fresh);
      expect(created.json()).toMatchObject({ status: 'Active' });
    });
  });

  describe('check-in', () => {
    const checkIn = (id: number, who: SignedIn, fighterId = who.fighterId, sessionId = id) =>
      call('POST', `/api/trainingsession/${id}/checkin`, who, { studentIds: [fighterId], sessionId });

    it('lets a student cancel their own check-in before the class, and the place goes back to the capacity', async () => {
      const session = await createSession({ capacity: 1 });
      const second = await signUp(ctx.app, { fighterRole: 'Student', fighterName: 'Second Sam' });
      expect((await checkIn(session.id, student)).statusCode).toBe(200);
      const full = await checkIn(session.id, second);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({ message: 'This session is full.' });

      const cancelled = await call('DELETE', `/api/trainingsession/${session.id}/checkin`, student);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json<TrainingSessionDetails>()).toMatchObject({ id: session.id, studentIds: [], students: [] });
      // The place is free again: the other student gets it, and the first one no longer fits.
      expect((await checkIn(session.id, second)).statusCode).toBe(200);
      expect((await checkIn(session.id, student)).statusCode).toBe(409);
      expect((await call('GET', `/api/trainingsession/${session.id}`, coach)).json()).toMatchObject({
        studentIds: [second.fighterId],
      });

      // Cancelling twice, or without a check-in, is a 404; only students cancel, and only their own.
      const again = await call('DELETE', `/api/trainingsession/${session.id}/checkin`, student);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ detail: 'You are not checked in to this session.' });
      expect((await call('DELETE', `/api/trainingsession/${session.id}/checkin`, coach)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/trainingsession/${session.id}/checkin`, null)).statusCode).toBe(401);
      expect((await call('DELETE', `/api/trainingsession/999999/checkin`, student)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/trainingsession/abc/checkin`, student)).statusCode).toBe(400);
    });

    it("refuses to cancel a check-in once the class has started, in the reader's language", async () => {
      // The server's clock reads 2026-06-01T12:00Z: this class started half an hour ago.
      const started = await createSession({ trainingDate: '2026-06-01T11:30:00Z', duration: 1, capacity: 2 });
      expect((await checkIn(started.id, student)).statusCode).toBe(200);
      const refused = await call('DELETE', `/api/trainingsession/${started.id}/checkin`, student);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: 'This class has already started, so the check-in can no longer be cancelled.',
      });
      const polish = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/trainingsession/${started.id}/checkin`,
        headers: { ...student.auth, 'accept-language': 'pl' },
      });
      expect(polish.json()).toEqual({ message: 'Te zajęcia już się zaczęły, więc zapisu nie można już odwołać.' });
      expect((await call('GET', `/api/trainingsession/${started.id}`, coach)).json()).toMatchObject({
        studentIds: [student.fighterId],
      });
    });

    it('closes check-in when the class has ended, with a clear message, and keeps it open while in progress', async () => {
      // The server's clock reads 2026-06-01T12:00Z.
      const ended = await createSession({ trainingDate: '2026-06-01T10:00:00Z', duration: 2 });
      const refused = await checkIn(ended.id, student);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'This class has ended, so check-in is closed.' });
      expect((await call('GET', `/api/trainingsession/${ended.id}`, coach)).json()).toMatchObject({ studentIds: [] });
      const polish = await ctx.app.inject({
        method: 'POST',
        url: `/api/trainingsession/${ended.id}/checkin`,
        headers: { ...student.auth, 'accept-language': 'pl' },
        payload: { studentIds: [student.fighterId], sessionId: ended.id },
      });
      expect(polish.json()).toEqual({ message: 'Te zajęcia już się skończyły, więc zapisy są zamknięte.' });

      const inProgress = await createSession({ trainingDate: '2026-06-01T11:30:00Z', duration: 1 });
      expect((await checkIn(inProgress.id, student)).statusCode).toBe(200);
    });

    it('adds the student once, however often they check in', async () => {
      const session = await createSession();
      const first = await checkIn(session.id, student);
      expect(first.statusCode).toBe(200);
      expect(first.json<TrainingSessionDetails>().studentIds).toEqual([student.fighterId]);
      const second = await checkIn(session.id, student);
      expect(second.statusCode).toBe(200);
      expect(second.json<TrainingSessionDetails>().students.map((s) => s.id)).toEqual([student.fighterId]);
    });

    it('lets a student check in only themselves, and only students check in', async () => {
      const session = await createSession();
      const classmate = await signUp(ctx.app);
      expect((await checkIn(session.id, student, classmate.fighterId)).statusCode).toBe(403);
      expect((await checkIn(session.id, coach)).statusCode).toBe(403);
      // Themselves and somebody else in one call: somebody else's id is refused as such, and nobody is added.
      const both = await call('POST', `/api/trainingsession/${session.id}/checkin`, student, {
        studentIds: [student.fighterId, classmate.fighterId],
        sessionId: session.id,
      });
      expect(both.statusCode).toBe(403);
      expect(
        (await call('GET', `/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>().studentIds,
      ).toEqual([]);
      expect((await checkIn(session.id, student, student.fighterId, session.id + 1)).statusCode).toBe(400);
      expect((await checkIn(999_999, student, student.fighterId, 999_999)).statusCode).toBe(404);
    });

    it('lets exactly 5 of 20 simultaneous check-ins into a session of 5', async () => {
      const session = await createSession({ capacity: 5 });
      const students = await Promise.all(Array.from({ length: 20 }, () => signUp(ctx.app)));
      const results = await Promise.all(students.map((s) => checkIn(session.id, s)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 409)).toHaveLength(15);
      expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({ message: 'This session is full.' });
      const details = (await call('GET', `/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>();
      expect(details.students).toHaveLength(5);
    });

    it('gives the place back when a student is removed', async () => {
      const session = await createSession({ capacity: 1 });
      const other = await signUp(ctx.app);
      expect((await checkIn(session.id, student)).statusCode).toBe(200);
      expect((await checkIn(session.id, other)).statusCode).toBe(409);
      expect(
        (await call('DELETE', `/api/trainingsession/${session.id}/attendance/remove/${student.fighterId}`, coach))
          .statusCode,
      ).toBe(204);
      expect(
        (await call('DELETE', `/api/trainingsession/${session.id}/attendance/remove/${student.fighterId}`, coach))
          .statusCode,
      ).toBe(404);
      expect((await checkIn(session.id, other)).statusCode).toBe(200);
    });

    it('refuses to shrink the capacity below the roster', async () => {
      const session = await createSession({ capacity: 2 });
      await checkIn(session.id, student);
      await checkIn(session.id, await signUp(ctx.app));
      const res = await call('PUT', `/api/trainingsession/${session.id}`, coach, sessionBody({ capacity: 1 }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errors: { capacity: ['Capacity cannot be below the 2 fighters already on the roster.'] },
      });
    });
  });

  describe('walk-in attendance', () => {
    const attendance = (id: number, records: object[], who: SignedIn = coach) =>
      call('POST', `/api/trainingsession/${id}/attendance`, who, { records });

    it('creates walk-in fighters with no account, owned by the instructor, on the roster', async () => {
      const session = await createSession();
      const res = await attendance(session.id, [
        walkIn('Piotr Nowak'),
        walkIn('Ola Kot', { beltColor: 'Blue', gender: 'Female' }),
      ]);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; message: string; updatedSession: TrainingSessionDetails }>();
      expect(body.success).toBe(true);
      expect(body.updatedSession.students.map((s) => [s.fighterName, s.beltColor])).toEqual([
        ['Piotr Nowak', null],
        ['Ola Kot', 'Blue'],
      ]);
      const rows = await ctx.database.db
        .selectFrom('fighters')
        .select(['user_id', 'owner_user_id'])
        .where('id', 'in', body.updatedSession.studentIds)
        .execute();
      expect(rows.every((r) => r.user_id === null)).toBe(true);
    });

    it('never matches or changes a registered fighter with the same name', async () => {
      const registered = await signUp(ctx.app, { fighterName: 'Marek Lis', weight: 90, height: 185 });
      const session = await createSession();
      const res = await attendance(session.id, [
        walkIn('Marek Lis', { weight: 60, height: 160, birthdate: '1995-03-14' }),
      ]);
      expect(res.statusCode).toBe(200);
      const walkInId = res.json<{ updatedSession: TrainingSessionDetails }>().updatedSession.studentIds[0];
      expect(walkInId).not.toBe(registered.fighterId);
      const profile = await call('GET', `/api/fighter/${registered.fighterId}`, registered);
      expect(profile.json()).toMatchObject({ fighterName: 'Marek Lis', weight: 90, height: 185 });
    });

    it('finds the same walk-in again in the same instructor’s next session', async () => {
      const first = await createSession();
      const second = await createSession();
      const a = await attendance(first.id, [walkIn('Kuba Wilk')]);
      const b = await attendance(second.id, [walkIn('kuba  wilk', { weight: 75 })]);
      const idA = a.json<{ updatedSession: TrainingSessionDetails }>().updatedSession.studentIds[0];
      const again = b.json<{ updatedSession: TrainingSessionDetails }>().updatedSession;
      expect(again.studentIds[0]).toBe(idA);
      expect(again.students[0]?.weight).toBe(75);
    });

    it('records one member when several sessions take the same new walk-in at once', async () => {
      const sessions = await Promise.all([createSession(), createSession(), createSession(), createSession()]);
      const answers = await Promise.all(sessions.map((session) => attendance(session.id, [walkIn('Zofia Równa')])));
      const ids = answers.map((answer) => {
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<{ updatedSession: TrainingSessionDetails }>().updatedSession.studentIds[0];
      });
      expect(new Set(ids).size).toBe(1);
    });

    it('finds a walk-in with a Polish name again, whatever its capitals, and finds them on the members screen', async () => {
      const first = await createSession();
      const second = await createSession();
      const a = await attendance(first.id, [walkIn('Łukasz Żółć')]);
      const b = await attendance(second.id, [walkIn('ŁUKASZ ŻÓŁĆ', { weight: 77 })]);
      const idA = a.json<{ updatedSession: TrainingSessionDetails }>().updatedSession.studentIds[0];
      const again = b.json<{ updatedSession: TrainingSessionDetails }>().updatedSession;
      expect(again.studentIds[0]).toBe(idA);
      expect(again.students[0]?.weight).toBe(77);
      const found = await call('GET', `/api/members?search=${encodeURIComponent('łukasz żó')}`, coach);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<{ members: Array<{ fighterId: number }> }>().members.map((m) => m.fighterId)).toEqual([idA]);
    });

    it('refuses names repeated in one submission, and bad rows, with {success: false, message}', async () => {
      const session = await createSession();
      const repeated = await attendance(session.id, [walkIn('Ewa'), walkIn(' ewa ')]);
      expect(repeated.statusCode).toBe(400);
      expect(repeated.json()).toEqual({
        success: false,
        message: "Each walk-in needs a different name; this list repeats 'Ewa'.",
      });
      const badRow = await attendance(session.id, [walkIn('Ok'), walkIn('Zero', { weight: 0 })]);
      expect(badRow.statusCode).toBe(400);
      expect(badRow.json()).toEqual({ success: false, message: 'Row 2: Weight must be above 0.' });
      const none = await attendance(session.id, []);
      expect(none.json()).toEqual({ success: false, message: 'Please enter at least one valid record' });
      expect(
        (await call('GET', `/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>().students,
      ).toEqual([]);
    });

    it('counts walk-ins against the capacity, all or nothing', async () => {
      const session = await createSession({ capacity: 2 });
      await call('POST', `/api/trainingsession/${session.id}/checkin`, student, {
        studentIds: [student.fighterId],
        sessionId: session.id,
      });
      const res = await attendance(session.id, [walkIn('One'), walkIn('Two')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Places left in this session: 1; walk-ins who need a place: 2.',
      });
      const roster = (await call('GET', `/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>();
      expect(roster.students.map((s) => s.id)).toEqual([student.fighterId]);
    });

    it('counts in a refusal only the walk-ins who need a place, not those already on the roster', async () => {
      const session = await createSession({ capacity: 3 });
      const first = await attendance(session.id, [walkIn('Already Here')]);
      expect(first.statusCode, first.body).toBe(200);
      await call('POST', `/api/trainingsession/${session.id}/checkin`, student, {
        studentIds: [student.fighterId],
        sessionId: session.id,
      });
      // One place left; three walk-ins sent, one of them on the roster already: two need a place.
      const res = await attendance(session.id, [walkIn('Already Here'), walkIn('New One'), walkIn('New Two')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Places left in this session: 1; walk-ins who need a place: 2.',
      });
    });
  });

  describe('delete', () => {
    it('removes the session, its roster and its walk-ins, and leaves registered fighters alone', async () => {
      const session = await createSession();
      await call('POST', `/api/trainingsession/${session.id}/checkin`, student, {
        studentIds: [student.fighterId],
        sessionId: session.id,
      });
      const added = await call('POST', `/api/trainingsession/${session.id}/attendance`, coach, {
        records: [walkIn('Gone Soon')],
      });
      const walkInId = added
        .json<{ updatedSession: TrainingSessionDetails }>()
        .updatedSession.studentIds.find((id) => id !== student.fighterId);
      expect((await call('DELETE', `/api/trainingsession/${session.id}`, coach)).statusCode).toBe(204);
      expect((await call('GET', `/api/trainingsession/${session.id}`, coach)).statusCode).toBe(404);
      const db = ctx.database.db;
      expect(
        await db.selectFrom('session_attendees').selectAll().where('session_id', '=', session.id).execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('fighters')
          .selectAll()
          .where('id', '=', walkInId ?? -1)
          .execute(),
      ).toEqual([]);
      expect((await call('GET', `/api/fighter/${student.fighterId}`, student)).statusCode).toBe(200);
    });

    it("keeps a walk-in with a history of their own, and the instructor's other walk-ins, whatever session goes", async () => {
      const walkInOn = async (session: TrainingSession, name: string) => {
        const res = await call('POST', `/api/trainingsession/${session.id}/attendance`, coach, {
          records: [walkIn(name)],
        });
        expect(res.statusCode, res.body).toBe(200);
        const roster = res.json<{ updatedSession: TrainingSessionDetails }>().updatedSession;
        return roster.students.find((fighter) => fighter.fighterName === name)?.id ?? -1;
      };
      // Pat came once and was promoted there; the class is deleted later (entered on the wrong day, say).
      const promotedOnly = await createSession();
      const pat = await walkInOn(promotedOnly, 'Promoted Pat');
      const promoted = await call('POST', `/api/members/${pat}/promotions`, coach, {
        belt: 'Blue',
        stripes: 0,
        promotedOn: '2025-06-01',
      });
      expect(promoted.statusCode, promoted.body).toBe(201);
      // Rex was taken off a roster by mistake; an unrelated class is deleted afterwards.
      const rexClass = await createSession();
      const rex = await walkInOn(rexClass, 'Removed Rex');
      expect(
        (await call('DELETE', `/api/trainingsession/${rexClass.id}/attendance/remove/${rex}`, coach)).statusCode,
      ).toBe(204);
      const unrelated = await createSession();
      const gone = await walkInOn(unrelated, 'Only Once');

      expect((await call('DELETE', `/api/trainingsession/${unrelated.id}`, coach)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/trainingsession/${promotedOnly.id}`, coach)).statusCode).toBe(204);
      const kept = await call('GET', `/api/members/${pat}`, coach);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<{ promotions: Array<{ belt: string }> }>().promotions.map((p) => p.belt)).toEqual(['Blue']);
      expect((await call('GET', `/api/members/${rex}`, coach)).statusCode).toBe(200);
      // A walk-in of the deleted class alone, with nothing else of theirs, still goes with it.
      expect((await call('GET', `/api/members/${gone}`, coach)).statusCode).toBe(404);
    });
  });
});
