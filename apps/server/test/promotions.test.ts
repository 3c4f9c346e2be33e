import type { MemberDetails, MemberListPage } from '@openmat/contract/members';
import type { TrainingSession, TrainingSessionDetails } from '@openmat/contract/sessions';
import { SelectQueryNode, TableNode, type KyselyPlugin, type QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PromotionRepository } from '../src/repositories/promotion.repository.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { manualClock } from './support/clock.js';
import { databaseTargets } from './support/databases.js';
import { sessionBody } from './support/sessions.js';
import { createTestApp, type TestContext } from './support/test-app.js';

/** The server's clock. */
const NOW = '2026-06-01T12:00:00.000Z';

/** The academy's rules: two classes at white; ten days and one class at purple. */
const RULES = JSON.stringify({ White: { minClasses: 2 }, Purple: { minDays: 10, minClasses: 1 } });

describe.each(databaseTargets)('belts, stripes and weigh-ins (issue 21, part 3) on $dialect', (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  let otherCoach: SignedIn;
  let stella: SignedIn;
  let olek: SignedIn;
  let kid: SignedIn;
  let outsider: SignedIn;
  const sessions: TrainingSession[] = [];

  type Method = 'GET' | 'POST' | 'PUT';
  const call = (method: Method, url: string, who: SignedIn | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
  const promote = (who: SignedIn | null, fighterId: number, body: object) =>
    call('POST', `/api/members/${fighterId}/promotions`, who, body);
  const weigh = (who: SignedIn | null, fighterId: number, body: object) =>
    call('POST', `/api/members/${fighterId}/weigh-ins`, who, body);
  const page = async (fighterId: number, who: SignedIn = coach) => {
    const res = await call('GET', `/api/members/${fighterId}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MemberDetails>();
  };
  const list = async (query = '') => {
    const res = await call('GET', `/api/members${query}`, coach);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MemberListPage>();
  };

  beforeAll(async () => {
    ctx = await createTestApp(target, { clock: manualClock(NOW), env: { PROMOTION_RULES: RULES } });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana' });
    otherCoach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Bruno' });
    stella = await signUp(ctx.app, { fighterName: 'Stella Nowak', beltColor: 'Blue', weight: 80 });
    olek = await signUp(ctx.app, { fighterName: 'Olek Wiśniewski', beltColor: 'White' });
    kid = await signUp(ctx.app, { fighterName: 'Kuba Mały', beltColor: 'White', birthdate: '2015-09-01', weight: 35 });
    outsider = await signUp(ctx.app, { fighterName: 'Ola Obca', beltColor: 'White' });
    for (const date of ['2026-05-10T18:00:00.000Z', '2026-05-25T18:00:00.000Z', '2026-06-08T18:00:00.000Z']) {
      const res = await call('POST', '/api/trainingsession', coach, sessionBody(date));
      expect(res.statusCode).toBe(201);
      sessions.push(res.json<TrainingSession>());
    }
    const add = async (session: TrainingSession, fighterId: number) => {
      const res = await call('POST', `/api/trainingsession/${session.id}/members`, coach, { fighterId });
      expect(res.statusCode, res.body).toBe(200);
    };
    const [may10, may25, june8] = sessions as [TrainingSession, TrainingSession, TrainingSession];
    // Each checks in to the coming class; the coach adds them to the past ones.
    for (const who of [stella, olek, kid]) {
      const res = await call('POST', `/api/trainingsession/${june8.id}/checkin`, who, {
        studentIds: [who.fighterId],
        sessionId: june8.id,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const session of [may10, may25]) await add(session, stella.fighterId);
    await add(may10, olek.fighterId);
    await add(may10, kid.fighterId);
    await add(may25, kid.fighterId);
  });
  afterAll(() => ctx.close());

  it('records promotions for the instructor’s members: the latest is the belt everywhere, the history is kept', async () => {
    const first = await promote(coach, stella.fighterId, { belt: 'Blue', stripes: 2, promotedOn: '2025-11-02' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await promote(coach, stella.fighterId, {
      belt: 'Purple',
      stripes: 0,
      promotedOn: '2026-05-20',
      note: 'Calm under pressure',
    });
    expect(second.statusCode, second.body).toBe(201);
    // Recorded late, but older: it joins the history without becoming the belt.
    const late = await promote(coach, stella.fighterId, { belt: 'Blue', stripes: 0, promotedOn: '2025-01-15' });
    expect(late.statusCode).toBe(201);

    const details = await page(stella.fighterId);
    expect(details).toMatchObject({ belt: 'Purple', stripes: 0 });
    expect(details.fighter.beltColor).toBe('Purple');
    expect(details.promotions.map((p) => [p.belt, p.stripes, p.promotedOn])).toEqual([
      ['Purple', 0, '2026-05-20'],
      ['Blue', 2, '2025-11-02'],
      ['Blue', 0, '2025-01-15'],
    ]);
    expect(details.promotions[0]).toMatchObject({ note: 'Calm under pressure', recordedBy: 'Coach Ana' });

    // The members screen, its belt filter, the roster and the CSV all say Purple.
    const row = (await list()).members.find((member) => member.fighterId === stella.fighterId);
    expect(row).toMatchObject({ beltColor: 'Purple', stripes: 0 });
    expect((await list('?belt=Purple')).members.map((m) => m.fighterName)).toEqual(['Stella Nowak']);
    expect((await list('?belt=Blue')).members).toEqual([]);
    const roster = (await call('GET', `/api/trainingsession/${sessions[0]?.id}`, coach)).json<TrainingSessionDetails>();
    expect(roster.students.find((s) => s.id === stella.fighterId)?.beltColor).toBe('Purple');
    const csv = (await call('GET', '/api/members/export.csv?search=stella', coach)).body;
    expect(csv.split('\r\n')[1]).toMatch(/^Stella Nowak,Purple,/);

    // The student sees their own belt and history, without the instructor's dossier.
    const own = await page(stella.fighterId, stella);
    expect(own).toMatchObject({ belt: 'Purple', stripes: 0, dossier: null });
    expect(own.promotions).toHaveLength(3);
  });

  it('gives kids’ belts only to members under 16, and counts them as white for pairing', async () => {
    const adult = await promote(coach, olek.fighterId, { belt: 'Grey', stripes: 1, promotedOn: '2026-05-01' });
    expect(adult.statusCode).toBe(400);
    expect(adult.json<{ errors: Record<string, string[]> }>().errors.belt).toHaveLength(1);

    const res = await promote(coach, kid.fighterId, { belt: 'GreyWhite', stripes: 3, promotedOn: '2026-05-01' });
    expect(res.statusCode, res.body).toBe(201);
    const details = res.json<MemberDetails>();
    expect(details).toMatchObject({ belt: 'GreyWhite', stripes: 3 });
    expect(details.fighter.beltColor).toBe('White');
    expect((await list('?belt=GreyWhite')).members.map((m) => m.fighterName)).toEqual(['Kuba Mały']);
  });

  it('refuses promotions from students, other instructors and for non-members, and bad ones with 400', async () => {
    const body = { belt: 'Brown', stripes: 0, promotedOn: '2026-05-30' };
    expect((await promote(stella, stella.fighterId, body)).statusCode).toBe(403);
    expect((await promote(null, stella.fighterId, body)).statusCode).toBe(401);
    expect((await promote(otherCoach, stella.fighterId, body)).statusCode).toBe(404);
    expect((await promote(coach, outsider.fighterId, body)).statusCode).toBe(404);
    expect((await promote(coach, 999_999, body)).statusCode).toBe(404);
    for (const bad of [
      { ...body, stripes: 5 },
      { ...body, stripes: -1 },
      { ...body, stripes: 1.5 },
      { ...body, belt: 'Pink' },
      { ...body, promotedOn: '2026-02-30' },
      { ...body, promotedOn: '2026-07-01' },
      { ...body, note: 'x'.repeat(1001) },
      { ...body, extra: true },
    ]) {
      const res = await promote(coach, stella.fighterId, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await page(stella.fighterId)).belt).toBe('Purple');
  });

  it('records weigh-ins by the member or their instructor; pairing reads the latest, the registration stays', async () => {
    const own = await weigh(stella, stella.fighterId, { weighedOn: '2026-05-28', weightKg: 77.5 });
    expect(own.statusCode, own.body).toBe(201);
    const byCoach = await weigh(coach, stella.fighterId, { weighedOn: '2026-05-31', weightKg: 76.8 });
    expect(byCoach.statusCode).toBe(201);
    expect(byCoach.json<MemberDetails>().weighIns).toEqual([
      expect.objectContaining({ weighedOn: '2026-05-31', weightKg: 76.8 }),
      expect.objectContaining({ weighedOn: '2026-05-28', weightKg: 77.5 }),
    ]);
    // Pairing reads the roster's fighters: they weigh what the latest weigh-in says.
    const roster = (await call('GET', `/api/trainingsession/${sessions[0]?.id}`, coach)).json<TrainingSessionDetails>();
    expect(roster.students.find((s) => s.id === stella.fighterId)?.weight).toBe(76.8);
    // Their BMI is the weight shown's, not the registration's.
    const profile = (await call('GET', `/api/fighter/${stella.fighterId}`, coach)).json<{
      weight: number;
      height: number;
      bmi: number;
    }>();
    expect(profile.weight).toBe(76.8);
    expect(profile.bmi).toBeCloseTo(76.8 / (profile.height / 100) ** 2, 2);
    // The registration's own weight and belt stay as submitted.
    const registered = await ctx.database.db
      .selectFrom('fighters')
      .select(['weight', 'belt_color'])
      .where('id', '=', stella.fighterId)
      .executeTakeFirstOrThrow();
    expect(registered).toEqual({ weight: 80, belt_color: 'Blue' });
    // The profile shows the registration's weight as submitted, and the current belt.
    const info = await call('GET', '/api/auth/v1/manage/info', stella);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json<{ fighterInfo: { weight: number; beltColor: string } }>().fighterInfo).toMatchObject({
      weight: 80,
      beltColor: 'Purple',
    });

    expect((await weigh(otherCoach, stella.fighterId, { weighedOn: '2026-05-31', weightKg: 70 })).statusCode).toBe(404);
    expect((await weigh(olek, stella.fighterId, { weighedOn: '2026-05-31', weightKg: 70 })).statusCode).toBe(404);
    expect((await weigh(null, stella.fighterId, { weighedOn: '2026-05-31', weightKg: 70 })).statusCode).toBe(401);
    for (const bad of [
      { weightKg: 70 },
      { weighedOn: '2026-05-31', weightKg: 5 },
      { weighedOn: '2026-05-31', weightKg: 400 },
    ]) {
      expect((await weigh(stella, stella.fighterId, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await weigh(stella, stella.fighterId, { weighedOn: '2026-08-01', weightKg: 70 })).statusCode).toBe(400);
  });

  it('lists who meets the academy’s promotion rules and shows the dossier on the member’s page', async () => {
    // Purple since 2026-05-20 (12 days, rule 10) with one class since (rule 1): ready. Olek: one class at
    // white (rule 2): not yet. Kuba: a kids' belt, no rule.
    const ready = await list('?ready=true');
    expect(ready.members.map((m) => m.fighterName)).toEqual(['Stella Nowak']);
    const dossier = (await page(stella.fighterId)).dossier;
    expect(dossier).toMatchObject({
      belt: 'Purple',
      since: '2026-05-20',
      daysAtBelt: 12,
      classesSincePromotion: 1,
      minDays: 10,
      minClasses: 1,
      ready: true,
      rolls: [],
    });
    expect((await page(olek.fighterId)).dossier).toMatchObject({
      belt: 'White',
      since: null,
      daysAtBelt: 22,
      classesSincePromotion: 1,
      minClasses: 2,
      ready: false,
    });
    // A second class makes Olek ready.
    const added = await call('POST', `/api/trainingsession/${sessions[1]?.id}/members`, coach, {
      fighterId: olek.fighterId,
    });
    expect(added.statusCode).toBe(200);
    expect((await list('?ready=true&sort=name')).members.map((m) => m.fighterName)).toEqual([
      'Olek Wiśniewski',
      'Stella Nowak',
    ]);
  });

  it('keeps the counts right when a class moves in time', async () => {
    const before = (await list('?search=stella')).members[0];
    expect(before).toMatchObject({ classesTotal: 2, lastAttended: '2026-05-25T18:00:00.000Z' });
    // The coming class moves to the past: it now counts, and is the last one attended.
    const moved = await call(
      'PUT',
      `/api/trainingsession/${sessions[2]?.id}`,
      coach,
      sessionBody('2026-05-31T08:00:00.000Z'),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list('?search=stella')).members[0]).toMatchObject({
      classesTotal: 3,
      classesLast30Days: 3,
      lastAttended: '2026-05-31T08:00:00.000Z',
    });
  });
});

describe.each(databaseTargets)('two promotions recorded at once on $dialect', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  it('keep the latest as the belt, whichever is written last', async () => {
    const coach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ema' });
    const student = await signUp(ctx.app, { fighterName: 'Iga Zielona', beltColor: 'White' });
    const { db } = ctx.database;
    const recorder = await db
      .selectFrom('fighters')
      .select('user_id')
      .where('id', '=', coach.fighterId)
      .executeTakeFirstOrThrow();
    // The earlier promotion's transaction reads the fighter's latest promotion, then stalls before writing
    // it to the fighter, while the later promotion is recorded whole.
    let readLatest = (): void => undefined;
    const earlierRead = new Promise<void>((resolve) => (readLatest = resolve));
    const promotionReads = new Set<QueryId>();
    const stall: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        const from = SelectQueryNode.is(node) ? node.from?.froms[0] : undefined;
        if (from && TableNode.is(from) && from.table.identifier.name === 'promotions') promotionReads.add(queryId);
        return node;
      },
      async transformResult({ result, queryId }) {
        if (promotionReads.has(queryId)) {
          readLatest();
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        return result;
      },
    };
    const clock = manualClock(NOW);
    const earlier = new PromotionRepository(db.withPlugin(stall), clock).addPromotion(
      student.fighterId,
      { belt: 'Blue', stripes: 0, promotedOn: '2026-01-10', note: null },
      recorder.user_id ?? 0,
    );
    await earlierRead;
    await new PromotionRepository(db, clock).addPromotion(
      student.fighterId,
      { belt: 'Purple', stripes: 0, promotedOn: '2026-05-10', note: null },
      recorder.user_id ?? 0,
    );
    await earlier;
    const fighter = await db
      .selectFrom('fighters')
      .select(['rank_belt', 'rank_since'])
      .where('id', '=', student.fighterId)
      .executeTakeFirstOrThrow();
    expect(fighter).toEqual({ rank_belt: 'Purple', rank_since: '2026-05-10' });
  });
});
