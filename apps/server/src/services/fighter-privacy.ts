import type { Fighter } from '@openmat/contract/auth';
import { PairsPage } from '@openmat/contract/coaching';
import { parseJson } from '../lib/parse-json.js';
import type { Principal } from '../lib/principal.js';
import type { FighterRecord } from '../repositories/fighter.repository.js';

/**
 * Who may see a fighter's private figures (birthdate, height, weight, BMI, gender, sparring minutes,
 * experience). The rule, with its table, is docs/decisions/0009-who-sees-a-fighters-figures.md; every
 * endpoint that carries fighters asks this module, so the rule lives in one place.
 *
 * - `full`: the fighter themselves, and the instructor who owns a session the fighter is on (or who
 *   recorded the fighter as a walk-in).
 * - `public`: everyone else signed in sees the name, the role and the belt, nothing more.
 */
export type FighterView = 'full' | 'public';

export function toFighterDto(fighter: FighterRecord): Fighter {
  return {
    id: fighter.id,
    fighterName: fighter.fighterName,
    height: fighter.height,
    weight: fighter.weight,
    bmi: fighter.bmi,
    gender: fighter.gender,
    birthdate: fighter.birthdate,
    fighterRole: fighter.fighterRole,
    maxWorkoutDuration: fighter.maxWorkoutDuration,
    beltColor: fighter.beltColor,
    experience: fighter.experience,
  };
}

/** The name, role and belt; every private figure is null. */
export function publicFighterDto(fighter: FighterRecord): Fighter {
  return {
    id: fighter.id,
    fighterName: fighter.fighterName,
    height: null,
    weight: null,
    bmi: null,
    gender: null,
    birthdate: null,
    fighterRole: fighter.fighterRole,
    maxWorkoutDuration: null,
    beltColor: fighter.beltColor,
    experience: null,
  };
}

export const fighterDto = (fighter: FighterRecord, view: FighterView): Fighter =>
  view === 'full' ? toFighterDto(fighter) : publicFighterDto(fighter);

const isSelf = (viewer: Principal, fighter: FighterRecord) =>
  viewer.fighterId !== null && viewer.fighterId === fighter.id;

/**
 * How a viewer sees the fighters on one session's roster. The owner sees everyone in full; anyone
 * else sees themselves in full and the others by name and belt.
 */
export function rosterView(viewer: Principal, session: { ownerUserId: number }) {
  const owner = viewer.userId === session.ownerUserId;
  return (fighter: FighterRecord): FighterView => (owner || isSelf(viewer, fighter) ? 'full' : 'public');
}

/**
 * How a viewer sees one fighter outside any session (`GET /api/fighter/{id}`). `coachesFighter` says
 * whether the viewer owns a session the fighter is on, or recorded them as a walk-in. Null means the
 * fighter is not visible at all (answered as 404): a student is visible only to themselves and to the
 * instructors who coach them.
 */
export function profileView(viewer: Principal, fighter: FighterRecord, coachesFighter: boolean): FighterView | null {
  if (isSelf(viewer, fighter) || coachesFighter) return 'full';
  if (fighter.fighterRole === 'Instructor') return 'public';
  return null;
}

/**
 * How a viewer of a video sees its athlete (the review card): in full when they are the athlete or
 * coach them (`coachesAthlete`), by name and belt otherwise. Only those who may see the video ask.
 */
export function videoAthleteView(viewer: Principal, athlete: FighterRecord, coachesAthlete: boolean): FighterView {
  return isSelf(viewer, athlete) || coachesAthlete ? 'full' : 'public';
}

/**
 * The saved pairs of a session as a viewer may see them. The owner sees them as saved; anyone else
 * sees who is paired with whom, but not the notes, reasons and rationale, which are written from the
 * fighters' weights, ages and belts.
 */
export function pairsForViewer(rawFighterPairsJson: string | null, owner: boolean): string | null {
  if (rawFighterPairsJson === null || owner) return rawFighterPairsJson;
  const json = parseJson(rawFighterPairsJson);
  const parsed = json.ok ? PairsPage.safeParse(json.value) : null;
  if (!parsed?.success) return null;
  const page = parsed.data;
  const redacted: PairsPage = {
    pairs: page.pairs.map((pair) => ({
      fighter1_id: pair.fighter1_id,
      fighter1_name: pair.fighter1_name,
      fighter2_id: pair.fighter2_id,
      fighter2_name: pair.fighter2_name,
    })),
    unpaired_student: page.unpaired_student
      ? { studentId: page.unpaired_student.studentId, studentName: page.unpaired_student.studentName, reason: '' }
      : null,
    pairing_rationale: '',
    ...(page.round === undefined ? {} : { round: page.round }),
  };
  return JSON.stringify(redacted);
}
