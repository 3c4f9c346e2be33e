import type { MemberDetails, MemberListPage } from '@openmat/contract/members';
import type { TrainingSession, TrainingSessionDetails } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { manualClock } from './support/clock.js';
import { sessionBody } from './support/sessions.js';
import { createTestApp, type TestContext } from './support/test-app.js';

/** The server's clock: 30 days back is 2026-05-02, 14 days back is 2026-05-18. */
const NOW = '2026-06-01T12:00:00.000Z';
const RECENT = '2026-05-30T18:00:00.000Z';
const OLD = '2026-04-01T18:00:00.000Z';
const FUTURE = '2026-06-10T18:00:00.000Z';

const walkIn = (name: string) => ({
  fighterName: name,
  birthdate: '2001-02-03',
  weight: 61,
  height: 166,
  beltColor: 'None',
  gender: 'Female',
});

describe.each(databaseTargets)('members (issue 21) on $dialect', (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  let otherCoach: SignedIn;
  let stella: SignedIn;
  let olek: SignedIn;
  let wandaReg: SignedIn;
  let recent: TrainingSession;
  let old: TrainingSession;
  let future: TrainingSession;
  let wandaId = 0;

  type Method = 'GET' | 'POST';
  const call = (method: Method, url: string, who: SignedIn | null, payload?: object, headers = {}) =>
    ctx.app.inject({ method, url, headers: { ...(who ? who.auth : {}), ...headers }, ...(payload ? { payload } : {}) });

  async function createSession(trainingDate: string, by: SignedIn = coach): Promise<TrainingSession> {
    const res = await call('POST', '/api/trainingsession', by, sessionBody(trainingDate));
    expect(res.statusCode).toBe(201);
    return res.json<TrainingSession>();
  }

  const list = async (query = '', who: SignedIn = coach) => {
    const res = await call('GET', `/api/members${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MemberListPage>();
  };
  const names = (page: MemberListPage) => page.members.map((member) => member.fighterName);

  beforeAll(async () => {
    ctx = await createTestApp(target, { clock: manualClock(NOW) });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    otherCoach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Bruno' });
    stella = await signUp(ctx.app, { fighterName: 'Stella Nowak', beltColor: 'Blue' });
    olek = await signUp(ctx.app, { fighterName: 'Olek Wiśniewski', beltColor: 'White' });
    wandaReg = await signUp(ctx.app, { fighterName: 'Wanda Kot', beltColor: 'White' });
    recent = await createSession(RECENT);
    old = await createSession(OLD);
    future = await createSession(FUTURE);
    const theirs = await createSession(FUTURE, otherCoach);
    // Stella checks in to the coming class; the coach then adds her to two past ones she forgot.
    const checkIn = (session: TrainingSession, who: SignedIn) =>
      call('POST', `/api/trainingsession/${session.id}/checkin`, who, {
        studentIds: [who.fighterId],
        sessionId: session.id,
      });
    expect((await checkIn(future, stella)).statusCode).toBe(200);
    expect((await checkIn(theirs, olek)).statusCode).toBe(200);
    for (const session of [recent, old]) {
      const added = await call('POST', `/api/trainingsession/${session.id}/members`, coach, {
        fighterId: stella.fighterId,
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const walkIns = await call('POST', `/api/trainingsession/${old.id}/attendance`, coach, {
      records: [walkIn('Wanda Walk-in')],
    });
    const roster = walkIns.json<{ updatedSession: TrainingSessionDetails }>().updatedSession;
    wandaId = roster.walkInIds[0] ?? 0;
  });
  afterAll(() => ctx.close());

  it('lists everyone on the instructor’s rosters, accounts and walk-ins, with their attendance', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(page.members).toEqual([
      {
        fighterId: stella.fighterId,
        fighterName: 'Stella Nowak',
        beltColor: 'Blue',
        stripes: null,
        isWalkIn: false,
        classesLast30Days: 1,
        classesTotal: 2,
        lastAttended: RECENT,
      },
      {
        fighterId: wandaId,
        fighterName: 'Wanda Walk-in',
        beltColor: null,
        stripes: null,
        isWalkIn: true,
        classesLast30Days: 0,
        classesTotal: 1,
        lastAttended: OLD,
      },
    ]);
    // The other coach sees only their own roster.
    expect(names(await list('', otherCoach))).toEqual(['Olek Wiśniewski']);
  });

  it('searches by name, filters by belt and by not seen for 14 days, sorts and pages', async () => {
    expect(names(await list('?search=WAN'))).toEqual(['Wanda Walk-in']);
    expect(names(await list('?search=%25'))).toEqual([]);
    expect(names(await list('?belt=Blue'))).toEqual(['Stella Nowak']);
    expect(names(await list('?belt=None'))).toEqual(['Wanda Walk-in']);
    expect(names(await list('?notSeen=true'))).toEqual(['Wanda Walk-in']);
    expect(names(await list('?sort=name&order=desc'))).toEqual(['Wanda Walk-in', 'Stella Nowak']);
    expect(names(await list('?sort=total&order=asc'))).toEqual(['Wanda Walk-in', 'Stella Nowak']);
    expect(names(await list('?sort=recent&order=desc'))).toEqual(['Stella Nowak', 'Wanda Walk-in']);
    expect(names(await list('?sort=lastAttended&order=asc'))).toEqual(['Wanda Walk-in', 'Stella Nowak']);
    expect(names(await list('?sort=belt&order=asc'))).toEqual(['Wanda Walk-in', 'Stella Nowak']);
    const second = await list('?limit=1&page=2');
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(names(second)).toEqual(['Wanda Walk-in']);
  });

  it('refuses the members screen to students and visitors, and bad queries with 400', async () => {
    expect((await call('GET', '/api/members', stella)).statusCode).toBe(403);
    expect((await call('GET', '/api/members', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/members/export.csv', stella)).statusCode).toBe(403);
    for (const query of ['?limit=0', '?page=0', '?sort=weight', '?belt=Pink', '?search=a%00b', '?colour=red']) {
      const res = await call('GET', `/api/members${query}`, coach);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type'], query).toContain('application/problem+json');
    }
  });

  it('exports the screen as UTF-8 CSV with the screen’s column names, in the caller’s language', async () => {
    const res = await call('GET', '/api/members/export.csv?sort=name', coach);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFName,Belt,Classes (30 days),Classes in total,Last attended',
      'Stella Nowak,Blue,1,2,2026-05-30',
      'Wanda Walk-in,Unranked,0,1,2026-04-01',
      '',
    ]);
    const polish = await call('GET', '/api/members/export.csv?notSeen=true', coach, undefined, {
      'accept-language': 'pl',
    });
    expect(polish.body.split('\r\n')[0]).toBe(
      '\uFEFFImię i nazwisko,Pas,Zajęcia (30 dni),Zajęcia łącznie,Ostatnio na zajęciach',
    );
    expect(polish.body.split('\r\n')[1]).toBe('Wanda Walk-in,Bez stopnia,0,1,2026-04-01');
  });

  it('shows a member’s page to their instructor in full and to themselves, to nobody else', async () => {
    const seen = await call('GET', `/api/members/${stella.fighterId}`, coach);
    expect(seen.statusCode).toBe(200);
    const page = seen.json<MemberDetails>();
    expect(page).toMatchObject({ isWalkIn: false, classesLast30Days: 1, classesTotal: 2, lastAttended: RECENT });
    expect(page.fighter).toMatchObject({ fighterName: 'Stella Nowak', weight: 80, birthdate: '1995-03-14' });
    expect(page.attendance.map((row) => row.trainingDate)).toEqual([RECENT, OLD]);
    expect(page.videos).toEqual([]);

    const own = await call('GET', `/api/members/${stella.fighterId}`, stella);
    expect(own.statusCode).toBe(200);
    expect(own.json<MemberDetails>().fighter.weight).toBe(80);

    expect((await call('GET', `/api/members/${stella.fighterId}`, otherCoach)).statusCode).toBe(404);
    expect((await call('GET', `/api/members/${stella.fighterId}`, olek)).statusCode).toBe(404);
    expect((await call('GET', `/api/members/${wandaId}`, stella)).statusCode).toBe(404);
    expect((await call('GET', `/api/members/${olek.fighterId}`, coach)).statusCode).toBe(404);
    expect((await call('GET', `/api/members/${stella.fighterId}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/members/999999', coach)).statusCode).toBe(404);
    expect((await call('GET', '/api/members/abc', coach)).statusCode).toBe(400);
    // The other coach's student has only a class still to come: no history yet, and no count.
    const olekOwn = (await call('GET', `/api/members/${olek.fighterId}`, olek)).json<MemberDetails>();
    expect(olekOwn.attendance).toEqual([]);
    expect(olekOwn).toMatchObject({ classesTotal: 0, lastAttended: null });
  });

  it('lists only the classes held in the attendance history, as many as the counts say', async () => {
    // Stella is on the roster of a class still to come (10 June); the history is of classes held.
    for (const who of [coach, stella]) {
      const page = (await call('GET', `/api/members/${stella.fighterId}`, who)).json<MemberDetails>();
      expect(page.attendance.map((row) => row.sessionId)).toEqual([recent.id, old.id]);
      // Each with its length, so that the page can say a class never closed is over.
      expect(page.attendance.map((row) => row.duration)).toEqual([recent.duration, old.duration]);
      expect(page.attendance).toHaveLength(page.classesTotal);
      const may = page.attendance.filter((row) => row.trainingDate.startsWith('2026-05'));
      expect(may).toHaveLength(page.classesLast30Days);
      expect(page.lastAttended).toBe(RECENT);
    }
  });

  it('adds an existing member to a roster only for the owner, and only a member they coach', async () => {
    const url = `/api/trainingsession/${future.id}/members`;
    expect((await call('POST', url, coach, { fighterId: olek.fighterId })).statusCode).toBe(404);
    expect((await call('POST', url, otherCoach, { fighterId: stella.fighterId })).statusCode).toBe(403);
    expect((await call('POST', url, stella, { fighterId: stella.fighterId })).statusCode).toBe(403);
    expect((await call('POST', url, coach, { fighterId: 'x' })).statusCode).toBe(400);
    // Twice is harmless: no second roster row.
    const again = await call('POST', url, coach, { fighterId: stella.fighterId });
    expect(again.json<TrainingSessionDetails>().studentIds).toEqual([stella.fighterId]);
  });

  it('merges a walk-in into a registered student’s account, history kept; only the walk-in’s instructor may', async () => {
    const url = `/api/members/${wandaId}/merge`;
    expect((await call('POST', url, otherCoach, { intoFighterId: wandaReg.fighterId })).statusCode).toBe(404);
    expect((await call('POST', url, stella, { intoFighterId: wandaReg.fighterId })).statusCode).toBe(403);
    // A walk-in of his own is no account; anybody he does not coach is not found, account or not, so that
    // the answers map no ids.
    expect((await call('POST', url, coach, { intoFighterId: wandaId })).statusCode).toBe(400);
    expect((await call('POST', url, coach, { intoFighterId: otherCoach.fighterId })).statusCode).toBe(404);
    expect((await call('POST', url, coach, { intoFighterId: 999_999 })).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/members/${stella.fighterId}/merge`, coach, { intoFighterId: wandaReg.fighterId }))
        .statusCode,
    ).toBe(404);
    // Only into a student who trains with this instructor: merging into anybody else's account would put
    // them on the instructor's rosters, and with that open their figures and their account to him.
    const stranger = await call('POST', url, coach, { intoFighterId: wandaReg.fighterId });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json<{ detail: string }>().detail).toBe(`There is no member ${String(wandaReg.fighterId)}.`);
    expect((await call('GET', `/api/members/${wandaReg.fighterId}`, coach)).statusCode).toBe(404);
    expect((await call('GET', `/api/members/${wandaId}`, coach)).statusCode).toBe(200);
    // Wanda registers and checks in to a class of his; then her walk-in past joins her account.
    const checkedIn = await call('POST', `/api/trainingsession/${future.id}/checkin`, wandaReg, {
      studentIds: [wandaReg.fighterId],
      sessionId: future.id,
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);

    const merged = await call('POST', url, coach, { intoFighterId: wandaReg.fighterId });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<MemberDetails>()).toMatchObject({ isWalkIn: false, classesTotal: 1, lastAttended: OLD });
    expect((await call('GET', `/api/members/${wandaId}`, coach)).statusCode).toBe(404);
    expect(names(await list())).toEqual(['Stella Nowak', 'Wanda Kot']);
    const roster = (await call('GET', `/api/trainingsession/${old.id}`, coach)).json<TrainingSessionDetails>();
    expect(roster.walkInIds).toEqual([]);
    expect(roster.studentIds).toContain(wandaReg.fighterId);
    // Wanda sees her own history now.
    const own = (await call('GET', `/api/members/${wandaReg.fighterId}`, wandaReg)).json<MemberDetails>();
    expect(own.attendance.map((row) => row.sessionId)).toEqual([old.id]);
  });

  it('counts every class on the member page, past the 500 it lists, as the members screen does', async () => {
    const coachBea = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Bea' });
    const first = await createSession(OLD, coachBea);
    const recorded = await call('POST', `/api/trainingsession/${first.id}/attendance`, coachBea, {
      records: [walkIn('Lou Loyal')],
    });
    const lou = recorded.json<{ updatedSession: TrainingSessionDetails }>().updatedSession.walkInIds[0] ?? 0;
    // Four years of classes, written straight into the database (through the API they would take minutes).
    const db = ctx.database.db;
    const { user_id: owner } = await db
      .selectFrom('fighters')
      .select('user_id')
      .where('id', '=', coachBea.fighterId)
      .executeTakeFirstOrThrow();
    const days = Array.from(
      { length: 520 },
      (_, i) => new Date(Date.parse('2022-01-03T18:00:00Z') + i * 2 * 86_400_000),
    );
    const held = await db
      .insertInto('training_sessions')
      .values(
        days.map((day) => ({
          owner_user_id: owner ?? 0,
          instructor_fighter_id: coachBea.fighterId,
          training_date: day.toISOString(),
          description: 'Fundamentals',
          capacity: 20,
          duration: 1.5,
          status: 'Completed',
          target_level: 'Beginner',
          raw_fighter_pairs_json: null,
          created_at: day.toISOString(),
          updated_at: day.toISOString(),
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('session_attendees')
      .values(held.map(({ id }, i) => ({ session_id: id, fighter_id: lou, created_at: days[i]!.toISOString() })))
      .execute();

    const page = (await call('GET', `/api/members/${lou}`, coachBea)).json<MemberDetails>();
    expect(page.classesTotal).toBe(521);
    expect(page.attendance).toHaveLength(500);
    const row = (await list('?search=Lou', coachBea)).members.find((member) => member.fighterId === lou);
    expect(row?.classesTotal).toBe(521);
  });

  it('leaves a deleted account out of the members screen and its CSV, and out of a class still to come', async () => {
    const coachCez = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Cez' });
    const leaver = await signUp(ctx.app, { fighterName: 'Lena Leaving', beltColor: 'Blue' });
    const upcoming = await createSession(FUTURE, coachCez);
    const checkedIn = await call('POST', `/api/trainingsession/${upcoming.id}/checkin`, leaver, {
      studentIds: [leaver.fighterId],
      sessionId: upcoming.id,
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    await call('POST', `/api/trainingsession/${upcoming.id}/attendance`, coachCez, {
      records: [walkIn('Walter Walk-in')],
    });
    expect(names(await list('?sort=name', coachCez))).toEqual(['Lena Leaving', 'Walter Walk-in']);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/auth/v1/manage/account',
      headers: leaver.auth,
      payload: { confirmation: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const page = await list('?sort=name', coachCez);
    expect(names(page)).toEqual(['Walter Walk-in']);
    expect(page.total).toBe(1);
    expect(names(await list('?notSeen=true', coachCez))).toEqual(['Walter Walk-in']);
    const csv = await call('GET', '/api/members/export.csv?sort=name', coachCez);
    expect(csv.body.split('\r\n').slice(1)).toEqual(['Walter Walk-in,Unranked,0,0,', '']);
    // The class has not been held: the leaver's place is given back (a class held keeps its count, as an
    // anonymous walk-in: test/account-lifecycle.test.ts).
    const roster = (await call('GET', `/api/trainingsession/${upcoming.id}`, coachCez)).json<TrainingSessionDetails>();
    expect(roster.students.map((student) => student.fighterName)).toEqual(['Walter Walk-in']);
  });

  it('finds, sorts and recognises names with Polish letters alike on both engines', async () => {
    const coachDor = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Dor' });
    const first = await createSession(OLD, coachDor);
    const recorded = await call('POST', `/api/trainingsession/${first.id}/attendance`, coachDor, {
      records: ['Zofia Lis', 'Łukasz Żak', 'Adam Nowak', 'Karol Ćwik'].map(walkIn),
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    // Ł sorts with L, not after Z (SQLite's lower() left it as it was).
    expect(names(await list('?sort=name', coachDor))).toEqual(['Adam Nowak', 'Karol Ćwik', 'Łukasz Żak', 'Zofia Lis']);
    expect(names(await list('?sort=name&order=desc', coachDor))).toEqual([
      'Zofia Lis',
      'Łukasz Żak',
      'Karol Ćwik',
      'Adam Nowak',
    ]);
    // In any case, with or without the Polish letters.
    for (const search of ['łukasz', 'ŁUK', 'lukasz', 'zak', 'ŻAK'])
      expect(names(await list(`?search=${encodeURIComponent(search)}`, coachDor)), search).toEqual(['Łukasz Żak']);
    expect(names(await list(`?search=${encodeURIComponent('ćwik')}`, coachDor))).toEqual(['Karol Ćwik']);

    // The same walk-in written in lower case next time is the same member, not a second one.
    const next = await createSession(RECENT, coachDor);
    const again = await call('POST', `/api/trainingsession/${next.id}/attendance`, coachDor, {
      records: [walkIn('łukasz żak')],
    });
    expect(again.statusCode, again.body).toBe(200);
    const page = await list('?sort=name', coachDor);
    expect(page.total).toBe(4);
    expect(page.members.find((member) => member.fighterName === 'Łukasz Żak')?.classesTotal).toBe(2);

    // One list that names the same walk-in twice, once without the Polish letters, is refused as repeating
    // a name, as the same name twice in another case is: they are one member.
    const third = await createSession(FUTURE, coachDor);
    const twice = await call('POST', `/api/trainingsession/${third.id}/attendance`, coachDor, {
      records: [walkIn('Ewa Bąk'), walkIn('Ewa Bak')],
    });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.body).toContain('Ewa Bąk');
  });
});
