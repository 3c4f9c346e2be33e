import type { Fighter, TokenResponse } from '@openmat/contract/auth';
import type { PairsPage } from '@openmat/contract/coaching';
import type { TrainingSession, TrainingSessionDetails } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, uniqueEmail, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { BEFORE_THE_CLASSES, manualClock } from './support/clock.js';
import { createTestApp, type TestContext } from './support/test-app.js';

// Every cell of the table in docs/decisions/0009-who-sees-a-fighters-figures.md.

const FIGURES = ['height', 'weight', 'bmi', 'gender', 'birthdate', 'maxWorkoutDuration', 'experience'] as const;

/** Whether the fighter carries its private figures (walk-ins have no sparring minutes or experience). */
function showsFigures(fighter: Fighter | undefined): boolean {
  expect(fighter).toBeDefined();
  return fighter?.birthdate !== null && fighter?.height !== null && fighter?.weight !== null;
}

function isPublicOnly(fighter: Fighter | undefined): boolean {
  expect(fighter).toBeDefined();
  return FIGURES.every((key) => fighter?.[key] === null) && typeof fighter?.fighterName === 'string';
}

type Who = { auth: { authorization: string } } | null;

describe.each(databaseTargets)('who sees a fighter’s figures, on $dialect', (target) => {
  let ctx: TestContext;
  let owner: SignedIn;
  let otherCoach: SignedIn;
  let onRoster: SignedIn;
  let classmate: SignedIn;
  let outsider: SignedIn;
  let noProfile: { auth: { authorization: string } };
  let session: TrainingSessionDetails;
  let kidsSession: TrainingSessionDetails;
  let walkInId: number;
  let kidId: number;

  const call = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

  const details = async (id: number, who: Who) => {
    const res = await call('GET', `/api/trainingsession/${id}`, who);
    expect(res.statusCode).toBe(200);
    return res.json<TrainingSessionDetails>();
  };
  const student = (body: TrainingSessionDetails, id: number) => body.students.find((s) => s.id === id);

  async function createSession(targetLevel: string): Promise<TrainingSession> {
    const res = await call('POST', '/api/trainingsession', owner, {
      trainingDate: '2030-01-15T18:00:00+01:00',
      description: 'Privacy class',
      capacity: 10,
      duration: 1,
      targetLevel,
    });
    expect(res.statusCode).toBe(201);
    return res.json<TrainingSession>();
  }

  beforeAll(async () => {
    ctx = await createTestApp(target, { clock: manualClock(BEFORE_THE_CLASSES) });
    owner = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Owner' });
    otherCoach = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Other' });
    onRoster = await signUp(ctx.app, { fighterName: 'Ola Roster', weight: 61 });
    classmate = await signUp(ctx.app, { fighterName: 'Kasia Classmate', weight: 58 });
    outsider = await signUp(ctx.app, { fighterName: 'Piotr Outside' });

    const email = uniqueEmail('plain');
    expect((await call('POST', '/api/auth/v1/register', null, { email, password: PASSWORD })).statusCode).toBe(200);
    const login = await call('POST', '/api/fighter/login', null, { email, password: PASSWORD });
    noProfile = { auth: { authorization: `Bearer ${login.json<TokenResponse>().accessToken}` } };

    const created = await createSession('Beginner');
    for (const who of [onRoster, classmate]) {
      const res = await call('POST', `/api/trainingsession/${created.id}/checkin`, who, {
        studentIds: [who.fighterId],
        sessionId: created.id,
      });
      expect(res.statusCode).toBe(200);
    }
    const walkIns = await call('POST', `/api/trainingsession/${created.id}/attendance`, owner, {
      records: [
        { fighterName: 'Walk In', birthdate: '1990-05-05', weight: 95, height: 190, beltColor: 'None', gender: 'Male' },
      ],
    });
    expect(walkIns.statusCode).toBe(200);
    session = walkIns.json<{ updatedSession: TrainingSessionDetails }>().updatedSession;
    walkInId = session.students.find((s) => s.fighterName === 'Walk In')?.id ?? 0;
    const paired = await call('POST', `/vid/api/video/matchmaker/${created.id}`, owner, {
      studentFighterIds: [],
      instructorFighterId: owner.fighterId,
    });
    expect(paired.statusCode).toBe(200);

    const kids = await createSession('Kids');
    const kidWalkIn = await call('POST', `/api/trainingsession/${kids.id}/attendance`, owner, {
      records: [
        {
          fighterName: 'Little Kid',
          birthdate: '2017-06-01',
          weight: 30,
          height: 130,
          beltColor: 'White',
          gender: 'Female',
        },
      ],
    });
    expect(kidWalkIn.statusCode).toBe(200);
    kidsSession = kidWalkIn.json<{ updatedSession: TrainingSessionDetails }>().updatedSession;
    kidId = kidsSession.studentIds[0] ?? 0;
  });
  afterAll(() => ctx.close());

  describe('GET /api/trainingsession/{id}', () => {
    it('owner: every fighter on the roster in full, and the saved pairs with their reasons', async () => {
      const body = await details(session.id, owner);
      for (const id of [onRoster.fighterId, classmate.fighterId, walkInId])
        expect(showsFigures(student(body, id))).toBe(true);
      expect(showsFigures(body.instructor)).toBe(true);
      const pairs = JSON.parse(body.rawFighterPairsJson ?? 'null') as PairsPage;
      expect(pairs.pairing_rationale.length).toBeGreaterThan(0);
      expect(pairs.unpaired_student?.reason.length).toBeGreaterThan(0);
      const kids = await details(kidsSession.id, owner);
      expect(student(kids, kidId)).toMatchObject({ birthdate: '2017-06-01', weight: 30, height: 130 });
    });

    it('student on the roster: themselves in full, the others and the instructor by name and belt', async () => {
      const body = await details(session.id, onRoster);
      expect(student(body, onRoster.fighterId)).toMatchObject({
        weight: 61,
        birthdate: '1995-03-14',
      });
      expect(student(body, onRoster.fighterId)?.bmi).toBeGreaterThan(0);
      expect(isPublicOnly(student(body, classmate.fighterId))).toBe(true);
      expect(student(body, classmate.fighterId)).toMatchObject({ fighterName: 'Kasia Classmate', beltColor: 'Blue' });
      expect(isPublicOnly(student(body, walkInId))).toBe(true);
      expect(isPublicOnly(body.instructor)).toBe(true);
      expect(body.instructor.fighterName).toBe('Coach Owner');
    });

    it.each([
      ['a student not on the roster', () => outsider],
      ['another instructor', () => otherCoach],
      ['an account with no fighter profile', () => noProfile],
    ])('%s: every fighter by name and belt only', async (_label, who) => {
      const body = await details(session.id, who());
      expect(body.students).toHaveLength(3);
      for (const fighter of body.students) expect(isPublicOnly(fighter)).toBe(true);
      expect(isPublicOnly(body.instructor)).toBe(true);
      const kids = await details(kidsSession.id, who());
      expect(isPublicOnly(student(kids, kidId))).toBe(true);
    });

    it.each([
      ['a student on the roster', () => onRoster],
      ['a student not on the roster', () => outsider],
      ['another instructor', () => otherCoach],
      ['an account with no fighter profile', () => noProfile],
    ])('%s: the pairs by name, without the notes, reasons and rationale', async (_label, who) => {
      const body = await details(session.id, who());
      const pairs = JSON.parse(body.rawFighterPairsJson ?? 'null') as PairsPage;
      expect(pairs.pairs.length).toBe(1);
      for (const pair of pairs.pairs) {
        expect(Object.keys(pair).sort()).toEqual(['fighter1_id', 'fighter1_name', 'fighter2_id', 'fighter2_name']);
      }
      expect(pairs.pairing_rationale).toBe('');
      expect(pairs.unpaired_student?.reason).toBe('');
      expect(body.rawFighterPairsJson).not.toMatch(/kg/);
    });

    it('visitor: 401', async () => {
      expect((await call('GET', `/api/trainingsession/${session.id}`, null)).statusCode).toBe(401);
    });

    it('a student checking in gets the same view as details: themselves in full, others by name', async () => {
      const extra = await createSession('Beginner');
      await call('POST', `/api/trainingsession/${extra.id}/checkin`, classmate, {
        studentIds: [classmate.fighterId],
        sessionId: extra.id,
      });
      const res = await call('POST', `/api/trainingsession/${extra.id}/checkin`, outsider, {
        studentIds: [outsider.fighterId],
        sessionId: extra.id,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<TrainingSessionDetails>();
      expect(showsFigures(student(body, outsider.fighterId))).toBe(true);
      expect(isPublicOnly(student(body, classmate.fighterId))).toBe(true);
    });
  });

  describe('GET /api/fighter/{id}', () => {
    const read = (id: () => number, who: () => Who) => call('GET', `/api/fighter/${id()}`, who());

    type Cell = [string, () => number, () => Who, 'full' | 'public' | 401 | 404];
    const cells: Cell[] = [
      ['a student reads themselves', () => onRoster.fighterId, () => onRoster, 'full'],
      ['an instructor reads themselves', () => owner.fighterId, () => owner, 'full'],
      ['the owner reads a student on their roster', () => onRoster.fighterId, () => owner, 'full'],
      ['the owner reads their walk-in', () => walkInId, () => owner, 'full'],
      ['the owner reads the kid in their Kids class', () => kidId, () => owner, 'full'],
      ['a student reads an instructor', () => owner.fighterId, () => onRoster, 'public'],
      ['an instructor reads another instructor', () => owner.fighterId, () => otherCoach, 'public'],
      ['an account with no profile reads an instructor', () => owner.fighterId, () => noProfile, 'public'],
      ['a student reads a classmate', () => classmate.fighterId, () => onRoster, 404],
      ['a student reads a walk-in', () => walkInId, () => onRoster, 404],
      ['another instructor reads a student they do not coach', () => onRoster.fighterId, () => otherCoach, 404],
      ['another instructor reads someone else’s walk-in', () => walkInId, () => otherCoach, 404],
      ['another instructor reads someone else’s kid', () => kidId, () => otherCoach, 404],
      ['an account with no profile reads a student', () => onRoster.fighterId, () => noProfile, 404],
      ['a visitor reads anyone', () => owner.fighterId, () => null, 401],
    ];
    it.each(cells)('%s', async (_label, id, who, expected) => {
      const res = await read(id, who);
      if (typeof expected === 'number') {
        expect(res.statusCode).toBe(expected);
        return;
      }
      expect(res.statusCode).toBe(200);
      const fighter = res.json<Fighter>();
      expect(fighter.id).toBe(id());
      if (expected === 'full') expect(showsFigures(fighter)).toBe(true);
      else expect(isPublicOnly(fighter)).toBe(true);
    });
  });
});
