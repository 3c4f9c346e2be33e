import type { SessionStatus } from '@openmat/contract/enums';
import { SESSION_LIST, type TrainingSession, type TrainingSessionDetails } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';

/** The server's clock in this file: the default window then starts at 2030-06-14T00:00:00.000Z. */
const NOW = new Date('2030-06-15T12:00:00Z');
const WINDOW_START = '2030-06-14T00:00:00.000Z';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STATUSES: SessionStatus[] = ['Active', 'Completed', 'Cancelled'];

interface Seeded {
  id: number;
  trainingDate: string;
  status: SessionStatus;
}

/** (trainingDate, id) order, the list's order. */
const byKey = (a: Seeded, b: Seeded) =>
  a.trainingDate < b.trainingDate ? -1 : a.trainingDate > b.trainingDate ? 1 : a.id - b.id;

describe.each(databaseTargets)('the session list on $dialect', (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  let student: SignedIn;
  /** Every session in the database, in list order. */
  let seeded: Seeded[] = [];
  let rosterSessionId = 0;
  let walkInSessionId = 0;

  const get = (url: string, who: SignedIn | null = student) =>
    ctx.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });

  /** Follows `Link: rel="next"` from `url` to the end; answers every page. */
  async function pages(url: string): Promise<TrainingSession[][]> {
    const result: TrainingSession[][] = [];
    let next: string | null = url;
    while (next) {
      const res = await get(next);
      expect(res.statusCode, next).toBe(200);
      result.push(res.json<TrainingSession[]>());
      const link = res.headers.link;
      if (link === undefined) {
        next = null;
      } else {
        const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
        expect(match, String(link)).not.toBeNull();
        next = match?.[1] ?? null;
      }
      expect(result.length).toBeLessThan(100);
    }
    return result;
  }

  beforeAll(async () => {
    ctx = await createTestApp(target, { clock: { now: () => new Date(NOW) } });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    student = await signUp(ctx.app, { fighterRole: 'Student', fighterName: 'Stella' });
    const { user_id: ownerUserId } = await ctx.database.db
      .selectFrom('fighters')
      .select('user_id')
      .where('id', '=', coach.fighterId)
      .executeTakeFirstOrThrow();
    if (ownerUserId === null) throw new Error('the coach has no account');

    // History: 150 days before the window; the window: 110 sessions, two at each instant (so the id
    // breaks ties), starting exactly at the window's start; and one a millisecond before it.
    const dates = [
      ...Array.from({ length: 150 }, (_, i) => new Date(Date.parse('2030-01-01T18:00:00Z') + i * DAY)),
      ...Array.from({ length: 110 }, (_, i) => new Date(Date.parse(WINDOW_START) + Math.floor(i / 2) * 6 * HOUR)),
      new Date(Date.parse(WINDOW_START) - 1),
    ];
    const now = NOW.toISOString();
    const rows = await ctx.database.db
      .insertInto('training_sessions')
      .values(
        dates.map((date, i) => ({
          owner_user_id: ownerUserId,
          instructor_fighter_id: coach.fighterId,
          training_date: date.toISOString(),
          description: `Seeded ${i}`,
          capacity: 20,
          duration: 1.5,
          status: STATUSES[i % 3] ?? 'Active',
          target_level: 'Beginner',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'training_date', 'status'])
      .execute();
    seeded = rows.map((row) => ({
      id: row.id,
      trainingDate: row.training_date,
      status: STATUSES.find((status) => status === row.status) ?? 'Active',
    }));

    // Two through the API, with rosters: one the student checks in to, one with walk-ins.
    for (const [index, trainingDate] of ['2030-06-20T18:00:00+02:00', '2030-06-21T18:00:00+02:00'].entries()) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/trainingsession',
        headers: coach.auth,
        payload: { trainingDate, description: `Roster ${index}`, capacity: 10, duration: 1, targetLevel: 'Beginner' },
      });
      expect(res.statusCode).toBe(201);
      const created = res.json<TrainingSession>();
      seeded.push({ id: created.id, trainingDate: created.trainingDate, status: created.status });
    }
    rosterSessionId = seeded.at(-2)?.id ?? 0;
    walkInSessionId = seeded.at(-1)?.id ?? 0;
    const checkIn = await ctx.app.inject({
      method: 'POST',
      url: `/api/trainingsession/${rosterSessionId}/checkin`,
      headers: student.auth,
      payload: { studentIds: [student.fighterId], sessionId: rosterSessionId },
    });
    expect(checkIn.statusCode).toBe(200);
    const walkIns = await ctx.app.inject({
      method: 'POST',
      url: `/api/trainingsession/${walkInSessionId}/attendance`,
      headers: coach.auth,
      payload: {
        records: ['Wiktor', 'Wanda'].map((fighterName) => ({
          fighterName,
          birthdate: '2001-02-03',
          weight: 70,
          height: 175,
          beltColor: 'None',
          gender: 'Male',
        })),
      },
    });
    expect(walkIns.statusCode).toBe(200);
    seeded.sort(byKey);
  });
  afterAll(() => ctx.close());

  describe('the default call (no query)', () => {
    it('is a plain array of the sessions from the start of the previous UTC day on, soonest first, capped', async () => {
      const res = await get('/api/trainingsession');
      expect(res.statusCode).toBe(200);
      const body: unknown = res.json();
      expect(Array.isArray(body)).toBe(true);
      const sessions = res.json<TrainingSession[]>();
      const expected = seeded.filter((s) => s.trainingDate >= WINDOW_START);
      expect(expected.length).toBeGreaterThan(SESSION_LIST.defaultCallLimit);
      expect(sessions).toHaveLength(SESSION_LIST.defaultCallLimit);
      expect(sessions.map((s) => s.id)).toEqual(expected.slice(0, SESSION_LIST.defaultCallLimit).map((s) => s.id));
      expect(sessions[0]?.trainingDate).toBe(WINDOW_START);
      // Every status is listed: a closed or cancelled class stays visible on its day.
      expect(new Set(sessions.map((s) => s.status))).toEqual(new Set(STATUSES));
    });

    it('links to the rest of the window, and the rest ends without a link', async () => {
      const all = (await pages('/api/trainingsession')).flat();
      const expected = seeded.filter((s) => s.trainingDate >= WINDOW_START);
      expect(all.map((s) => s.id)).toEqual(expected.map((s) => s.id));
      const first = await get('/api/trainingsession');
      expect(first.headers.link).toBe(
        `</api/trainingsession?from=${encodeURIComponent(WINDOW_START)}&order=asc&limit=${SESSION_LIST.defaultCallLimit}&cursor=${encodeURIComponent(`${expected[99]?.trainingDate}_${expected[99]?.id}`)}>; rel="next"`,
      );
    });

    it('refuses a visitor', async () => {
      expect((await get('/api/trainingsession', null)).statusCode).toBe(401);
    });
  });

  describe('filters', () => {
    it('bounds trainingDate by from (inclusive) and to (exclusive), in any offset, compared in UTC', async () => {
      // 2030-06-14T02:00+02:00 is the window's start; 2030-06-16T08:00+02:00 is 06:00 UTC.
      const url = `/api/trainingsession?from=${encodeURIComponent('2030-06-14T02:00:00+02:00')}&to=${encodeURIComponent('2030-06-16T08:00:00+02:00')}&limit=100`;
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const expected = seeded.filter(
        (s) => s.trainingDate >= WINDOW_START && s.trainingDate < '2030-06-16T06:00:00.000Z',
      );
      expect(expected).toHaveLength(18);
      expect(res.json<TrainingSession[]>().map((s) => s.id)).toEqual(expected.map((s) => s.id));
      expect(res.headers.link).toBeUndefined();
    });

    it('filters by status, alone and with a date range, newest first when asked', async () => {
      for (const status of STATUSES) {
        const all = (await pages(`/api/trainingsession?status=${status}&order=desc&limit=100`)).flat();
        const expected = seeded.filter((s) => s.status === status).reverse();
        expect(all.map((s) => s.id)).toEqual(expected.map((s) => s.id));
        expect(all.every((s) => s.status === status)).toBe(true);
      }
      const ranged = await get(
        '/api/trainingsession?status=Completed&from=2030-03-01T00:00:00Z&to=2030-04-01T00:00:00Z',
      );
      const expected = seeded.filter(
        (s) => s.status === 'Completed' && s.trainingDate >= '2030-03-01' && s.trainingDate < '2030-04-01',
      );
      expect(expected.length).toBeGreaterThan(5);
      expect(ranged.json<TrainingSession[]>().map((s) => s.id)).toEqual(expected.map((s) => s.id));
    });

    it('answers 20 sessions when a query gives no limit', async () => {
      const res = await get('/api/trainingsession?status=Active');
      expect(res.json<TrainingSession[]>()).toHaveLength(SESSION_LIST.defaultLimit);
      expect(res.headers.link).toContain(`limit=${SESSION_LIST.defaultLimit}`);
    });

    it('answers an empty array, with no link, when nothing matches', async () => {
      const res = await get('/api/trainingsession?from=2040-01-01T00:00:00Z');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers.link).toBeUndefined();
    });
  });

  describe('paging', () => {
    it.each([
      ['ascending', 'asc'],
      ['descending', 'desc'],
    ] as const)('walks the whole history %s, with no duplicates or gaps, ties broken by id', async (_label, order) => {
      const result = await pages(`/api/trainingsession?from=2000-01-01T00:00:00Z&order=${order}&limit=7`);
      const ids = result.flat().map((s) => s.id);
      const expected = order === 'asc' ? seeded : [...seeded].reverse();
      expect(ids).toEqual(expected.map((s) => s.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect(result.slice(0, -1).every((page) => page.length === 7)).toBe(true);
      expect(result).toHaveLength(Math.ceil(seeded.length / 7));
    });

    it('keeps every filter in the next link', async () => {
      const result = await pages(
        '/api/trainingsession?status=Cancelled&from=2030-02-01T00:00:00Z&to=2030-06-15T00:00:00Z&order=desc&limit=4',
      );
      const expected = seeded
        .filter((s) => s.status === 'Cancelled' && s.trainingDate >= '2030-02-01' && s.trainingDate < '2030-06-15')
        .reverse();
      expect(result.length).toBeGreaterThan(3);
      expect(result.flat().map((s) => s.id)).toEqual(expected.map((s) => s.id));
    });

    it('carries each page’s own rosters and nothing else', async () => {
      const page = await get('/api/trainingsession?from=2030-06-20T00:00:00Z&to=2030-06-22T00:00:00Z&limit=100');
      const sessions = page.json<TrainingSession[]>();
      const withRoster = sessions.filter((s) => s.studentIds.length > 0);
      expect(withRoster.map((s) => s.id).sort((a, b) => a - b)).toEqual(
        [rosterSessionId, walkInSessionId].sort((a, b) => a - b),
      );
      for (const session of withRoster) {
        const details = (await get(`/api/trainingsession/${session.id}`, coach)).json<TrainingSessionDetails>();
        expect(session.studentIds).toEqual(details.students.map((s) => s.id));
      }
      expect(sessions.find((s) => s.id === rosterSessionId)?.studentIds).toEqual([student.fighterId]);
      expect(sessions.find((s) => s.id === walkInSessionId)?.studentIds).toHaveLength(2);
    });
  });

  describe('bounds', () => {
    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=10000', 'limit'],
      ['limit=-5', 'limit'],
      ['limit=2.5', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=', 'limit'],
      ['limit=5&limit=6', 'limit'],
      ['from=yesterday', 'from'],
      ['from=2030-06-14', 'from'],
      ['from=2030-06-14T00:00:00', 'from'],
      ['from=2030-13-01T00:00:00Z', 'from'],
      ['to=2030-02-30T00:00:00Z', 'to'],
      [`from=${encodeURIComponent('9999-12-31T23:00:00-05:00')}`, 'from'],
      [`to=${encodeURIComponent('0000-01-01T00:00:00+01:00')}`, 'to'],
      ['from=2030-06-02T00:00:00Z&to=2030-06-01T00:00:00Z', 'to'],
      ['from=2030-06-01T00:00:00Z&to=2030-06-01T00:00:00Z', 'to'],
      ['status=Open', 'status'],
      ['order=newest', 'order'],
      ['cursor=abc', 'cursor'],
      ['cursor=2030-06-14T00:00:00.000Z_0', 'cursor'],
      ['cursor=2030-02-31T00:00:00.000Z_5', 'cursor'],
      ['cursor=2030-06-14T00:00:00Z_5', 'cursor'],
      [`cursor=${'9'.repeat(70)}`, 'cursor'],
      ['page=2', 'querystring'],
      ['offset=100000', 'querystring'],
    ])('refuses %s with a 400 problem naming %s', async (query, field) => {
      const res = await get(`/api/trainingsession?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const problem = res.json<{ status: number; errors: Record<string, string[]> }>();
      expect(problem.status).toBe(400);
      expect(Object.keys(problem.errors)).toEqual([field]);
    });

    it('takes the largest page it allows', async () => {
      const res = await get(`/api/trainingsession?from=2000-01-01T00:00:00Z&limit=${SESSION_LIST.maxLimit}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<TrainingSession[]>()).toHaveLength(SESSION_LIST.maxLimit);
    });
  });
});
