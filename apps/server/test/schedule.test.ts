import type { HolidayChange, RecurringClass, RecurringClassChange } from '@openmat/contract/schedule';
import type { TrainingSession } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.js';
import { registerJobHandlers } from '../src/jobs/handlers.js';
import { ScheduleRepository } from '../src/repositories/schedule.repository.js';
import type { Services } from '../src/services/services.js';
import { PASSWORD, signUp, type SignedIn } from './support/accounts.js';
import { manualClock } from './support/clock.js';
import { databaseTargets } from './support/databases.js';
import { createAppOn, createTestApp, type TestContext } from './support/test-app.js';

/**
 * Wednesday 18 March 2026, 11:00 in Warsaw. Four weeks ahead run to Tuesday 14 April, across the change
 * to summer time on Sunday 29 March: 18:00 in Warsaw is 17:00 UTC before it and 16:00 UTC after.
 */
const NOW = '2026-03-18T10:00:00.000Z';
const ENV = { ACADEMY_TIME_ZONE: 'Europe/Warsaw', SCHEDULE_WEEKS_AHEAD: '4' };
const GI_FUNDAMENTALS = {
  name: 'Gi Fundamentals',
  weekdays: [1, 3],
  startTime: '18:00',
  durationMinutes: 60,
  targetLevel: 'Beginner',
  capacity: 24,
  description: 'Escapes and guard retention',
};
/** Mondays and Wednesdays from today through 14 April. */
const MON_WED = [
  '2026-03-18',
  '2026-03-23',
  '2026-03-25',
  '2026-03-30',
  '2026-04-01',
  '2026-04-06',
  '2026-04-08',
  '2026-04-13',
];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(databaseTargets)('weekly schedule (issue 22) on $dialect', (target) => {
  let ctx: TestContext;
  let services: Services;
  let coach: SignedIn;
  let otherCoach: SignedIn;
  let student: SignedIn;

  const call = (method: Method, url: string, who: SignedIn | null, payload?: object, app: App = ctx.app) =>
    app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

  /** The schedule's sessions of a class, by local date. */
  async function sessionsOf(
    classIds: number[],
    app: App = ctx.app,
    who: SignedIn = coach,
  ): Promise<Map<string, TrainingSession>> {
    const res = await call(
      'GET',
      '/api/trainingsession?from=2026-03-01T00:00:00Z&to=2026-06-01T00:00:00Z&limit=100',
      who,
      undefined,
      app,
    );
    expect(res.statusCode, res.body).toBe(200);
    const byDate = new Map<string, TrainingSession>();
    for (const session of res.json<TrainingSession[]>()) {
      if (session.recurringClassId !== undefined && classIds.includes(session.recurringClassId)) {
        expect(byDate.has(session.occurrenceDate ?? ''), `two sessions on ${session.occurrenceDate}`).toBe(false);
        byDate.set(session.occurrenceDate ?? '', session);
      }
    }
    return byDate;
  }

  async function createClass(
    body: object = GI_FUNDAMENTALS,
    app: App = ctx.app,
    who: SignedIn = coach,
  ): Promise<RecurringClass> {
    const res = await call('POST', '/api/schedule/classes', who, body, app);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RecurringClass>();
  }

  /** Waits for the background job to have created the class's sessions. */
  async function generated(recurringClass: RecurringClass, count: number) {
    await vi.waitFor(async () => expect((await sessionsOf([recurringClass.id])).size).toBe(count), {
      timeout: 10_000,
      interval: 50,
    });
    return sessionsOf([recurringClass.id]);
  }

  /**
   * Waits for the class's sessions to be on exactly these dates. Where a request races the background job,
   * the job may have created a session the request overrules and not yet withdrawn it: the count alone can
   * be right a moment before the dates are.
   */
  async function generatedOn(recurringClass: RecurringClass, dates: string[]) {
    await vi.waitFor(
      async () => expect([...(await sessionsOf([recurringClass.id])).keys()].sort()).toEqual([...dates].sort()),
      { timeout: 10_000, interval: 50 },
    );
    return sessionsOf([recurringClass.id]);
  }

  const checkIn = async (session: TrainingSession, who: SignedIn = student) => {
    const res = await call('POST', `/api/trainingsession/${session.id}/checkin`, who, {
      studentIds: [who.fighterId],
      sessionId: session.id,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      clock: manualClock(NOW),
      env: ENV,
      jobHandlers: (registry, appServices) => {
        services = appServices;
        registerJobHandlers(registry, appServices);
      },
    });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    otherCoach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Bruno' });
    student = await signUp(ctx.app, { fighterName: 'Stella Nowak' });
  });
  afterAll(() => ctx.close());

  it('creates four weeks of sessions in the background, at 18:00 in Warsaw on both sides of the DST change, once', async () => {
    const gi = await createClass();
    expect(gi).toMatchObject({
      weekdays: [1, 3],
      startTime: '18:00',
      startsOn: '2026-03-18',
      timeZone: 'Europe/Warsaw',
    });
    const sessions = await generated(gi, MON_WED.length);
    expect([...sessions.keys()].sort()).toEqual(MON_WED);
    // Winter time (UTC+1) before 29 March, summer time (UTC+2) after: the wall clock stays at 18:00.
    expect(sessions.get('2026-03-25')?.trainingDate).toBe('2026-03-25T17:00:00.000Z');
    expect(sessions.get('2026-03-30')?.trainingDate).toBe('2026-03-30T16:00:00.000Z');
    expect(sessions.get('2026-04-13')?.trainingDate).toBe('2026-04-13T16:00:00.000Z');
    expect(sessions.get('2026-03-18')).toMatchObject({
      capacity: 24,
      duration: 1,
      targetLevel: 'Beginner',
      description: 'Gi Fundamentals\n\nEscapes and guard retention',
    });

    // Running the job again creates nothing twice.
    expect(await services.schedule.generate()).toBe(0);
    expect(await services.schedule.generate(gi.id)).toBe(0);
    const again = await sessionsOf([gi.id]);
    expect([...again.values()].map((session) => session.id).sort()).toEqual(
      [...sessions.values()].map((session) => session.id).sort(),
    );
  });

  it('lets two app instances on one database run the job at once, and each session is created once', async () => {
    const env = { ...ENV, JOBS_IN_API: 'false' };
    const first = await createAppOn(ctx.fresh, { env, clock: manualClock(NOW), jobHandlers: capture('first') });
    const second = await createAppOn(ctx.fresh, { env, clock: manualClock(NOW), jobHandlers: capture('second') });
    try {
      const noGi = await createClass(
        { ...GI_FUNDAMENTALS, name: 'No-Gi', weekdays: [2, 4], startTime: '07:00' },
        first,
      );
      const counts = await Promise.all([
        instances.first!.schedule.generate(noGi.id),
        instances.second!.schedule.generate(noGi.id),
        instances.first!.schedule.generate(),
        instances.second!.schedule.generate(),
      ]);
      const sessions = await sessionsOf([noGi.id], second);
      // Tuesdays and Thursdays from 19 March through 14 April, each once (sessionsOf fails on two on a date).
      expect(sessions.size).toBe(8);
      // No session is counted as created by two runs. The test app's own background job also runs the
      // schedule for the new class, on a busy machine before these four, so theirs may add up to less.
      expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(8);
      expect(sessions.get('2026-04-14')?.trainingDate).toBe('2026-04-14T05:00:00.000Z');
    } finally {
      await first.close();
      await second.close();
    }
  });

  const instances: Record<string, Services | undefined> = {};
  const capture = (name: string) => (registry: Parameters<typeof registerJobHandlers>[0], appServices: Services) => {
    instances[name] = appServices;
    registerJobHandlers(registry, appServices);
  };

  it('edits this session only, or this and the following ones, keeping the sessions members checked in to', async () => {
    const open = await createClass({ ...GI_FUNDAMENTALS, name: 'Open Mat', weekdays: [1, 3], startTime: '12:00' });
    const before = await generated(open, 8);

    // This session only: the one session changes; the job neither undoes it nor adds another.
    const only = before.get('2026-03-23')!;
    const edit = await call('PUT', `/api/trainingsession/${only.id}`, coach, {
      trainingDate: '2026-03-23T12:30:00.000Z',
      description: 'Open Mat (guest coach)',
      capacity: 30,
      duration: 1.5,
      status: 'Active',
      targetLevel: 'Intermediate',
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // A member checks in to Monday 6 April, which the change below drops.
    await checkIn(before.get('2026-04-06')!);

    // This and the following ones from 1 April: Wednesdays only, at 19:00, 90 minutes.
    const res = await call('PUT', `/api/schedule/classes/${open.id}`, coach, {
      ...GI_FUNDAMENTALS,
      name: 'Open Mat',
      weekdays: [3],
      startTime: '19:00',
      durationMinutes: 90,
      from: '2026-04-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json<RecurringClassChange>();
    expect(change.recurringClass).toMatchObject({ weekdays: [3], startTime: '19:00', startsOn: '2026-04-01' });
    expect(change.keptSessionIds).toEqual([before.get('2026-04-06')!.id]);
    await services.schedule.generate();

    const after = await sessionsOf([open.id, change.recurringClass.id]);
    expect([...after.keys()].sort()).toEqual([
      '2026-03-18',
      '2026-03-23',
      '2026-03-25',
      '2026-03-30',
      '2026-04-01',
      '2026-04-06',
      '2026-04-08',
    ]);
    expect(after.get('2026-03-23')).toMatchObject({
      id: only.id,
      capacity: 30,
      trainingDate: '2026-03-23T12:30:00.000Z',
    });
    expect(after.get('2026-03-30')?.trainingDate).toBe('2026-03-30T10:00:00.000Z');
    // The same sessions, moved to 19:00 local (17:00 UTC in summer time) and 90 minutes.
    expect(after.get('2026-04-01')).toMatchObject({
      id: before.get('2026-04-01')!.id,
      trainingDate: '2026-04-01T17:00:00.000Z',
      duration: 1.5,
      recurringClassId: change.recurringClass.id,
    });
    // Kept as it was, with its member.
    expect(after.get('2026-04-06')).toMatchObject({ trainingDate: '2026-04-06T10:00:00.000Z' });
    expect(after.get('2026-04-06')?.studentIds).toEqual([student.fighterId]);
  });

  it('keeps a session moved on its own where it now is: holidays act on its new day, class changes leave it as it is', async () => {
    const sunrise = await createClass({ ...GI_FUNDAMENTALS, name: 'Sunrise', weekdays: [1, 3], startTime: '07:00' });
    const before = await generated(sunrise, 8);
    const fields = { capacity: 24, duration: 1, status: 'Active', targetLevel: 'Beginner' };
    // This session only: Monday 23 March moves to Tuesday 24 March, 08:00 in Warsaw; Wednesday 25 March
    // gets a guest coach on its own day.
    const moved = before.get('2026-03-23')!;
    const edit = await call('PUT', `/api/trainingsession/${moved.id}`, coach, {
      ...fields,
      trainingDate: '2026-03-24T07:00:00.000Z',
      description: 'Sunrise (moved to Tuesday)',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const guest = before.get('2026-03-25')!;
    const guestEdit = await call('PUT', `/api/trainingsession/${guest.id}`, coach, {
      ...fields,
      trainingDate: guest.trainingDate,
      description: 'Sunrise (guest coach)',
    });
    expect(guestEdit.statusCode, guestEdit.body).toBe(200);
    const session = async (id: number) => {
      const res = await call('GET', `/api/trainingsession/${id}`, coach);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TrainingSession>();
    };

    // A holiday on the day it was moved away from leaves it; once lifted, that day stays without it.
    const monday = await call('POST', '/api/schedule/holidays', coach, { date: '2026-03-23', name: 'Inset day' });
    expect(monday.statusCode, monday.body).toBe(201);
    expect(monday.json<HolidayChange>().removedSessionIds).not.toContain(moved.id);
    expect(await session(moved.id)).toMatchObject({ trainingDate: '2026-03-24T07:00:00.000Z' });
    const lifted = await call('DELETE', `/api/schedule/holidays/${monday.json<HolidayChange>().holiday.id}`, coach);
    expect(lifted.statusCode, lifted.body).toBe(204);
    await services.schedule.generate();
    expect((await sessionsOf([sunrise.id])).get('2026-03-23')?.id).toBe(moved.id);

    // This and the following ones from 23 March at 07:30: the sessions changed on their own keep their day,
    // time and words, and no session comes back on the Monday.
    const change = await call('PUT', `/api/schedule/classes/${sunrise.id}`, coach, {
      ...GI_FUNDAMENTALS,
      name: 'Sunrise',
      weekdays: [1, 3],
      startTime: '07:30',
      from: '2026-03-23',
    });
    expect(change.statusCode, change.body).toBe(200);
    const successor = change.json<RecurringClassChange>().recurringClass;
    await services.schedule.generate();
    const after = await sessionsOf([sunrise.id, successor.id]);
    expect(after.get('2026-03-23')).toMatchObject({
      id: moved.id,
      trainingDate: '2026-03-24T07:00:00.000Z',
      description: 'Sunrise (moved to Tuesday)',
    });
    expect(after.get('2026-03-25')).toMatchObject({
      id: guest.id,
      trainingDate: guest.trainingDate,
      description: 'Sunrise (guest coach)',
    });
    expect(after.get('2026-03-30')).toMatchObject({ trainingDate: '2026-03-30T05:30:00.000Z' });

    // The change made from the session itself takes it along.
    const fromGuest = await call('PUT', `/api/schedule/classes/${successor.id}`, coach, {
      ...GI_FUNDAMENTALS,
      name: 'Sunrise',
      weekdays: [1, 3],
      startTime: '07:15',
      from: '2026-03-25',
      sessionId: guest.id,
    });
    expect(fromGuest.statusCode, fromGuest.body).toBe(200);
    expect(await session(guest.id)).toMatchObject({
      trainingDate: '2026-03-25T06:15:00.000Z',
      description: 'Sunrise\n\nEscapes and guard retention',
    });

    // A holiday on the day it was moved to removes it (nobody checked in), and its Monday never comes back.
    const tuesday = await call('POST', '/api/schedule/holidays', coach, { date: '2026-03-24', name: 'Mat cleaning' });
    expect(tuesday.statusCode, tuesday.body).toBe(201);
    expect(tuesday.json<HolidayChange>().removedSessionIds).toContain(moved.id);
    expect((await call('GET', `/api/trainingsession/${moved.id}`, coach)).statusCode).toBe(404);
    await services.schedule.generate();
    const classIds = [sunrise.id, successor.id, fromGuest.json<RecurringClassChange>().recurringClass.id];
    expect((await sessionsOf(classIds)).has('2026-03-23')).toBe(false);
    const lift = await call('DELETE', `/api/schedule/holidays/${tuesday.json<HolidayChange>().holiday.id}`, coach);
    expect(lift.statusCode, lift.body).toBe(204);
  });

  it('does not bring back an occurrence deleted one by one', async () => {
    const kids = await createClass({
      ...GI_FUNDAMENTALS,
      name: 'Kids',
      weekdays: [5],
      startTime: '16:00',
      targetLevel: 'Kids',
    });
    const sessions = await generated(kids, 4);
    const friday = sessions.get('2026-03-27')!;
    expect((await call('DELETE', `/api/trainingsession/${friday.id}`, coach)).statusCode).toBe(204);
    expect(await services.schedule.generate()).toBe(0);
    expect([...(await sessionsOf([kids.id])).keys()].sort()).toEqual(['2026-03-20', '2026-04-03', '2026-04-10']);
  });

  it('takes one of two changes sent at once (a double click, two tabs), so that no day gets two sessions', async () => {
    const noGi = await createClass({ ...GI_FUNDAMENTALS, name: 'No-Gi', weekdays: [2], startTime: '20:00' });
    await generated(noGi, 4);
    const change = () =>
      call('PUT', `/api/schedule/classes/${noGi.id}`, coach, {
        ...GI_FUNDAMENTALS,
        name: 'No-Gi',
        weekdays: [2],
        startTime: '20:30',
        from: '2026-03-24',
      });
    const answers = await Promise.all([change(), change()]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Told as changed meanwhile where both read the class before either wrote, as ended where one came after.
    const refused = answers.find((res) => res.statusCode === 409);
    expect([
      'This class was changed meanwhile. Open it again and make your change once more.',
      'This class has ended; there is nothing to change from that date.',
    ]).toContain(refused?.json<{ detail: string }>().detail);
    await services.schedule.generate();
    const listed = (await call('GET', '/api/schedule/classes', coach)).json<RecurringClass[]>();
    const successor = answers.find((res) => res.statusCode === 200)!.json<RecurringClassChange>().recurringClass;
    // The class until the day before, and one class after it: not two.
    expect(listed.filter((recurring) => recurring.id >= noGi.id).map((recurring) => recurring.id)).toEqual([
      noGi.id,
      successor.id,
    ]);
    const sessions = await sessionsOf([noGi.id, successor.id]);
    const days = [...sessions.values()].map((session) => session.trainingDate.slice(0, 10));
    expect(days).toEqual([...new Set(days)]);
  });

  it('does not bring back a deleted occurrence when the class is then changed from an earlier day on', async () => {
    const teens = await createClass({
      ...GI_FUNDAMENTALS,
      name: 'Teens',
      weekdays: [4],
      startTime: '17:00',
      targetLevel: 'Kids',
    });
    const sessions = await generated(teens, 4);
    const deleted = sessions.get('2026-04-02')!;
    expect((await call('DELETE', `/api/trainingsession/${deleted.id}`, coach)).statusCode).toBe(204);
    // This and the following ones, from before the deleted day: a new time.
    const res = await call('PUT', `/api/schedule/classes/${teens.id}`, coach, {
      ...GI_FUNDAMENTALS,
      name: 'Teens',
      weekdays: [4],
      startTime: '17:30',
      targetLevel: 'Kids',
      from: '2026-03-26',
    });
    expect(res.statusCode, res.body).toBe(200);
    const successor = res.json<RecurringClassChange>().recurringClass;
    await services.schedule.generate();
    const after = await sessionsOf([teens.id, successor.id]);
    expect([...after.keys()].sort()).toEqual(['2026-03-19', '2026-03-26', '2026-04-09']);
  });

  it('skips a holiday for every class: removes its sessions without check-ins, keeps and names those with', async () => {
    const comp = await createClass({ ...GI_FUNDAMENTALS, name: 'Competition', weekdays: [6], startTime: '10:00' });
    const drills = await createClass({ ...GI_FUNDAMENTALS, name: 'Drills', weekdays: [6], startTime: '12:00' });
    const compSessions = await generated(comp, 4);
    const drillSessions = await generated(drills, 4);
    await checkIn(drillSessions.get('2026-04-04')!);

    const res = await call('POST', '/api/schedule/holidays', coach, { date: '2026-04-04', name: 'Easter' });
    expect(res.statusCode, res.body).toBe(201);
    const change = res.json<HolidayChange>();
    expect(change.removedSessionIds).toEqual([compSessions.get('2026-04-04')!.id]);
    expect(change.keptSessionIds).toEqual([drillSessions.get('2026-04-04')!.id]);
    expect(await services.schedule.generate()).toBe(0);
    expect((await sessionsOf([comp.id])).has('2026-04-04')).toBe(false);
    expect((await sessionsOf([drills.id])).has('2026-04-04')).toBe(true);

    // A holiday set ahead: the job never creates that date's sessions.
    const ahead = await call('POST', '/api/schedule/holidays', otherCoach, { date: '2026-04-11', name: '' });
    expect(ahead.statusCode, ahead.body).toBe(201);
    const late = await createClass({ ...GI_FUNDAMENTALS, name: 'Saturday Late', weekdays: [6], startTime: '20:00' });
    const lateSessions = await generated(late, 2);
    // Saturdays through 14 April, less the two holidays.
    expect([...lateSessions.keys()].sort()).toEqual(['2026-03-21', '2026-03-28']);
    // The same date twice is refused in words, the day written out in the reader's language.
    const twice = await call('POST', '/api/schedule/holidays', coach, { date: '2026-04-11' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ errors: unknown }>().errors).toEqual({
      date: ['Saturday, April 11, 2026 is a holiday already.'],
    });
    const polish = await ctx.app.inject({
      method: 'POST',
      url: '/api/schedule/holidays',
      headers: { ...coach.auth, 'accept-language': 'pl' },
      payload: { date: '2026-04-11' },
    });
    expect(polish.json<{ detail: string }>().detail).toBe('sobota, 11 kwietnia 2026 jest już dniem wolnym.');
    // A day gone by (today is 18 March) has no class to skip.
    const past = await call('POST', '/api/schedule/holidays', coach, { date: '2026-03-17' });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ errors: unknown }>().errors).toEqual({
      date: ['Tuesday, March 17, 2026 has passed: a holiday is today or a later day.'],
    });
    expect((await call('POST', '/api/schedule/holidays', coach, { date: '2026-03-18' })).statusCode).toBe(201);
  });

  it('brings a lifted holiday back with the next run, and ending a class removes its coming sessions without check-ins', async () => {
    const yoga = await createClass({ ...GI_FUNDAMENTALS, name: 'Mobility', weekdays: [7], startTime: '09:00' });
    const added = await call('POST', '/api/schedule/holidays', coach, { date: '2026-03-22', name: 'Tournament' });
    expect(added.statusCode, added.body).toBe(201);
    // The holiday was added while the job may have been creating the class's sessions: it never stays.
    await generatedOn(yoga, ['2026-03-29', '2026-04-05', '2026-04-12']);
    const holiday = added.json<HolidayChange>().holiday;
    expect((await call('DELETE', `/api/schedule/holidays/${holiday.id}`, student)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/schedule/holidays/${holiday.id}`, coach)).statusCode).toBe(204);
    const back = await generated(yoga, 4);
    expect(back.has('2026-03-22')).toBe(true);

    await checkIn(back.get('2026-03-29')!);
    const ended = await call('DELETE', `/api/schedule/classes/${yoga.id}`, coach);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ keptSessionIds: [back.get('2026-03-29')!.id] });
    const list = await call('GET', '/api/schedule/classes', coach);
    expect(list.json<RecurringClass[]>().map((recurring) => recurring.id)).not.toContain(yoga.id);
    const left = await call('GET', `/api/trainingsession/${back.get('2026-03-29')!.id}`, coach);
    expect(left.statusCode).toBe(200);
    expect((await call('GET', `/api/trainingsession/${back.get('2026-04-05')!.id}`, coach)).statusCode).toBe(404);
  });

  it('lets only instructors create, and only the owner change, a recurring class', async () => {
    expect((await call('POST', '/api/schedule/classes', student, GI_FUNDAMENTALS)).statusCode).toBe(403);
    expect((await call('POST', '/api/schedule/classes', null, GI_FUNDAMENTALS)).statusCode).toBe(401);
    expect((await call('POST', '/api/schedule/holidays', student, { date: '2026-05-01' })).statusCode).toBe(403);
    const gi = await createClass();
    expect((await call('PUT', `/api/schedule/classes/${gi.id}`, otherCoach, GI_FUNDAMENTALS)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/schedule/classes/${gi.id}`, otherCoach)).statusCode).toBe(403);
    expect((await call('GET', '/api/schedule/classes', student)).statusCode).toBe(200);
    const bad = await call('POST', '/api/schedule/classes', coach, {
      ...GI_FUNDAMENTALS,
      startTime: '25:00',
      weekdays: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      startTime: ['Start times are written HH:MM (24 hours).'],
      weekdays: ['Choose at least one weekday.'],
    });
  });

  /**
   * Runs `request` the way another request would land in the middle of the job: after the job read the
   * holidays and before it created any session.
   */
  function duringTheJob(request: () => Promise<void>) {
    // Inside, the repository's own call reaches the real method: the mock answers once.
    return vi.spyOn(ScheduleRepository.prototype, 'holidayDates').mockImplementationOnce(async function (
      this: ScheduleRepository,
      from: string,
      to: string,
    ) {
      const dates = await this.holidayDates(from, to);
      await request();
      return dates;
    });
  }

  it('leaves no session on a holiday added, or after a class changed, while the job was creating them', async () => {
    // An academy of its own with no job worker: only the calls below create sessions.
    const own = await createTestApp(target, {
      clock: manualClock(NOW),
      env: { ...ENV, JOBS_IN_API: 'false' },
      jobHandlers: capture('racing'),
    });
    const app = own.app;
    const job = instances.racing!.schedule;
    try {
      const head = await signUp(app, { fighterRole: 'Instructor', fighterName: 'Coach Rui' });
      const sundays = await createClass({ ...GI_FUNDAMENTALS, name: 'Sunday Open Mat', weekdays: [7] }, app, head);
      const spy = duringTheJob(async () => {
        const res = await call('POST', '/api/schedule/holidays', head, { date: '2026-04-05', name: 'Easter' }, app);
        expect(res.statusCode, res.body).toBe(201);
        // The holiday's own sweep ran before the job created anything: it had nothing to remove.
        expect(res.json<HolidayChange>().removedSessionIds).toEqual([]);
      });
      expect(await job.generate(sundays.id)).toBe(3);
      expect(spy).toHaveBeenCalled();
      spy.mockRestore();
      expect([...(await sessionsOf([sundays.id], app, head)).keys()].sort()).toEqual([
        '2026-03-22',
        '2026-03-29',
        '2026-04-12',
      ]);

      /** Each date's session's class, in date order. */
      const classByDate = (sessions: Map<string, TrainingSession>) =>
        [...sessions.entries()].map(([date, session]) => [date, session.recurringClassId]).sort();
      /** "This and the following ones" from 1 April at a new time; answers the class that follows. */
      const changeFromApril = async (changed: RecurringClass, startTime: string) => {
        const { name, weekdays } = changed;
        const fields = { ...GI_FUNDAMENTALS, name, weekdays, startTime, from: '2026-04-01' };
        const res = await call('PUT', `/api/schedule/classes/${changed.id}`, head, fields, app);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<RecurringClassChange>().recurringClass.id;
      };

      // The change while the job creates the old class's sessions.
      const thursdays = await createClass({ ...GI_FUNDAMENTALS, name: 'Thursday Drills', weekdays: [4] }, app, head);
      let successor = 0;
      const edit = duringTheJob(async () => {
        successor = await changeFromApril(thursdays, '20:00');
      });
      expect(await job.generate(thursdays.id)).toBe(2);
      edit.mockRestore();
      expect(await job.generate(successor)).toBe(2);
      // One session a Thursday: the old class's before 1 April, the new one's (at 20:00) from it.
      const both = await sessionsOf([thursdays.id, successor], app, head);
      expect(classByDate(both)).toEqual([
        ['2026-03-19', thursdays.id],
        ['2026-03-26', thursdays.id],
        ['2026-04-02', successor],
        ['2026-04-09', successor],
      ]);

      // The change lands after the job created the sessions, before it checks them again: the sessions
      // moved to the new class are the new class's and stay (deleted, they would be missing until its job).
      const fridays = await createClass({ ...GI_FUNDAMENTALS, name: 'Friday Flow', weekdays: [5] }, app, head);
      let next = 0;
      const read = vi.spyOn(ScheduleRepository.prototype, 'currentClasses');
      read.mockImplementationOnce(async function (this: ScheduleRepository, today: string, id?: number) {
        const classes = await this.currentClasses(today, id);
        // The job's second reading, after it created the sessions.
        read.mockImplementationOnce(async function (this: ScheduleRepository, later: string, again?: number) {
          next = await changeFromApril(fridays, '07:00');
          return this.currentClasses(later, again);
        });
        return classes;
      });
      expect(await job.generate(fridays.id)).toBe(4);
      read.mockRestore();
      const moved = await sessionsOf([fridays.id, next], app, head);
      expect(classByDate(moved)).toEqual([
        ['2026-03-20', fridays.id],
        ['2026-03-27', fridays.id],
        ['2026-04-03', next],
        ['2026-04-10', next],
      ]);
      expect(moved.get('2026-04-03')?.trainingDate).toBe('2026-04-03T05:00:00.000Z');
    } finally {
      await own.close();
    }
  });
});

describe.each(databaseTargets)('ending a recurring class on $dialect', (target) => {
  it('removes the sessions still to come by when they run, and keeps one held earlier today', async () => {
    const clock = manualClock(NOW);
    let services: Services | undefined;
    const ctx = await createTestApp(target, {
      clock,
      env: ENV,
      jobHandlers: (registry, appServices) => {
        services = appServices;
        registerJobHandlers(registry, appServices);
      },
    });
    try {
      const coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ewa' });
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/schedule/classes',
        headers: coach.auth,
        payload: { ...GI_FUNDAMENTALS, name: 'Evening', weekdays: [3, 4] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const evening = created.json<RecurringClass>();
      await services?.schedule.generate();
      const list = async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/api/trainingsession?from=2026-03-01T00:00:00Z&to=2026-06-01T00:00:00Z&limit=100',
          headers: coach.auth,
        });
        return res.json<TrainingSession[]>().filter((session) => session.recurringClassId === evening.id);
      };
      const byDate = new Map((await list()).map((session) => [session.occurrenceDate, session]));
      const wednesday = byDate.get('2026-03-18');
      const thursday = byDate.get('2026-03-19');
      if (!wednesday || !thursday) throw new Error('the first sessions were not created');
      // This session only: Wednesday's class moves to Monday 23 March.
      const moved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/trainingsession/${wednesday.id}`,
        headers: coach.auth,
        payload: {
          trainingDate: '2026-03-23T17:00:00.000Z',
          description: 'Evening (moved to Monday)',
          capacity: 24,
          duration: 1,
          status: 'Active',
          targetLevel: 'Beginner',
        },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      // Thursday 19 March, 19:00 in Warsaw: Thursday's class began an hour ago; Wednesday's date has passed,
      // but its session, moved to Monday, is still to come.
      clock.advance(32 * 3600);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/fighter/login',
        payload: { email: coach.email, password: PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const auth = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
      const ended = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/schedule/classes/${evening.id}`,
        headers: auth,
      });
      expect(ended.statusCode, ended.body).toBe(200);
      const all = await ctx.app.inject({
        method: 'GET',
        url: '/api/trainingsession?from=2026-03-01T00:00:00Z&to=2026-06-01T00:00:00Z&limit=100',
        headers: auth,
      });
      const ids = all.json<TrainingSession[]>().map((session) => session.id);
      expect(ids).toContain(thursday.id);
      expect(ids).not.toContain(wednesday.id);
    } finally {
      await ctx.close();
    }
  });
});
