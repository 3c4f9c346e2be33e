import type { TrainingSession, TrainingSessionDetails } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { BEFORE_THE_CLASSES, manualClock } from './support/clock.js';
import { createTestApp, type TestContext } from './support/test-app.js';

const sessionBody = (overrides: Record<string, unknown> = {}) => ({
  trainingDate: '2026-12-01T18:30:00+01:00',
  description: 'Open mat',
  capacity: 10,
  duration: 1.5,
  status: 'Active',
  targetLevel: 'Beginner',
  ...overrides,
});

const walkIn = (name: string) => ({
  fighterName: name,
  birthdate: '2001-02-03',
  weight: 72.5,
  height: 176,
  beltColor: 'None',
  gender: 'Male',
});

describe.each(databaseTargets)('past classes (issue 21) on $dialect', (target) => {
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

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: SignedIn | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

  async function createSession(overrides: Record<string, unknown> = {}): Promise<TrainingSession> {
    const res = await call('POST', '/api/trainingsession', coach, sessionBody(overrides));
    expect(res.statusCode).toBe(201);
    return res.json<TrainingSession>();
  }

  it('lets the owner reopen a closed session and add a forgotten walk-in to it', async () => {
    // The server's clock reads 2026-06-01T12:00Z: this class was last week.
    const session = await createSession({ trainingDate: '2026-05-25T18:00:00Z' });
    expect((await call('PATCH', `/api/trainingsession/${session.id}/close`, coach)).statusCode).toBe(204);
    const refused = await call('POST', `/api/trainingsession/${session.id}/attendance`, coach, {
      records: [walkIn('Forgotten Fred')],
    });
    expect(refused.statusCode).toBe(400);

    expect((await call('PATCH', `/api/trainingsession/${session.id}/reopen`, coach)).statusCode).toBe(204);
    const details = await call('GET', `/api/trainingsession/${session.id}`, coach);
    expect(details.json()).toMatchObject({ status: 'Active' });
    const added = await call('POST', `/api/trainingsession/${session.id}/attendance`, coach, {
      records: [walkIn('Forgotten Fred')],
    });
    expect(added.statusCode).toBe(200);
  });

  it('lets nobody but the owner reopen a session', async () => {
    const session = await createSession();
    await call('PATCH', `/api/trainingsession/${session.id}/close`, coach);
    const url = `/api/trainingsession/${session.id}/reopen`;
    expect((await call('PATCH', url, otherCoach)).statusCode).toBe(403);
    expect((await call('PATCH', url, student)).statusCode).toBe(403);
    expect((await call('PATCH', url, null)).statusCode).toBe(401);
    expect((await call('PATCH', '/api/trainingsession/999999/reopen', coach)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/trainingsession/0/reopen', coach)).statusCode).toBe(400);
    expect((await call('GET', `/api/trainingsession/${session.id}`, coach)).json()).toMatchObject({
      status: 'Completed',
    });
  });

  it('marks the walk-ins of a roster apart from the members who checked in', async () => {
    const session = await createSession();
    const checkIn = await call('POST', `/api/trainingsession/${session.id}/checkin`, student, {
      studentIds: [student.fighterId],
      sessionId: session.id,
    });
    expect(checkIn.statusCode).toBe(200);
    const added = await call('POST', `/api/trainingsession/${session.id}/attendance`, coach, {
      records: [walkIn('Walk-in Wanda')],
    });
    const roster = added.json<{ updatedSession: TrainingSessionDetails }>().updatedSession;
    const wanda = roster.students.find((fighter) => fighter.fighterName === 'Walk-in Wanda');
    expect(roster.walkInIds).toEqual([wanda?.id]);
    expect(roster.walkInIds).not.toContain(student.fighterId);
    const seenByStudent = await call('GET', `/api/trainingsession/${session.id}`, student);
    expect(seenByStudent.json<TrainingSessionDetails>().walkInIds).toEqual([wanda?.id]);
  });

  it('lists the past newest first, paged through the Link header', async () => {
    const dates = ['2026-05-01T18:00:00Z', '2026-05-02T18:00:00Z', '2026-05-03T18:00:00Z'];
    for (const trainingDate of dates) await createSession({ trainingDate, description: 'Past paging' });
    const first = await call(
      'GET',
      `/api/trainingsession?from=2026-05-01T00:00:00Z&to=2026-05-04T00:00:00Z&order=desc&limit=2`,
      coach,
    );
    expect(first.json<TrainingSession[]>().map((s) => s.trainingDate)).toEqual([
      '2026-05-03T18:00:00.000Z',
      '2026-05-02T18:00:00.000Z',
    ]);
    const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1] ?? '';
    const second = await call('GET', next, coach);
    expect(second.json<TrainingSession[]>().map((s) => s.trainingDate)).toEqual(['2026-05-01T18:00:00.000Z']);
    expect(second.headers.link).toBeUndefined();
  });
});
