/**
 * Who a lesson plan is for: the level rules that decide which techniques are allowed, the typical
 * weaknesses of each target level, and the attire of the class.
 */
import type { Belt, TargetLevel } from '@openmat/contract/enums';
import type { Attire, BeltRank, Level, WeaknessTag } from '../knowledge/types.js';

export type { TargetLevel };

export interface RosterMember {
  /** Null when unknown or unranked. */
  readonly belt: Belt | null;
  readonly birthdate: string | null;
}

/** Children are everyone under this age (IBJJF kids' and juvenile-under-16 divisions). */
export const KIDS_UNDER_AGE = 16;

const BELT_ORDER: readonly BeltRank[] = ['white', 'blue', 'purple', 'brown', 'black'];
const ROSTER_BELTS: Readonly<Record<Belt, BeltRank>> = {
  White: 'white',
  Blue: 'blue',
  Purple: 'purple',
  Brown: 'brown',
  Black: 'black',
};

export interface LevelProfile {
  /** The highest technical level of techniques and drills taught. */
  readonly maxLevel: Level;
  /** The level the sparring format must suit. */
  readonly sparringLevel: Level;
  /** Whether the class is for children whatever the roster says. */
  readonly kids: boolean;
  /**
   * The highest belt whose techniques the plan may use, whatever the roster: Kids and Beginner plans are
   * held to white-belt rules even when higher belts attend.
   */
  readonly beltCap: BeltRank;
  /** The belt assumed when the roster is empty. */
  readonly emptyRosterBelt: BeltRank;
  /** How welcome a technique of each level is (a multiplier; 0 or absent means only as a last resort). */
  readonly levelWeight: Readonly<Partial<Record<Level, number>>>;
  /**
   * The weaknesses a class of this level typically shows, with relative weights. The plan uses them until
   * analysed videos of the roster report real ones. They are coaching experience, not measurements:
   * - Kids: staying safe underneath and holding a position matter more than finishing, and falling well
   *   comes first;
   * - Beginner: escapes from the bottom, posture in the guard and keeping the guard are where white belts
   *   lose most exchanges; defending the back and submissions follows;
   * - Intermediate: blue belts can escape but stall in guard retention and passing, and need sweeps and
   *   transitions to link techniques;
   * - Advanced: purple and brown belts refine transitions, finishing under resistance, scrambles and, where
   *   allowed, leg locks;
   * - Expert: brown and black belts work the leg-lock game, scrambles, stand-up and chaining attacks.
   */
  readonly typicalWeaknesses: Readonly<Partial<Record<WeaknessTag, number>>>;
}

export const LEVEL_PROFILES: Readonly<Record<TargetLevel, LevelProfile>> = {
  Kids: {
    maxLevel: 'beginner',
    sparringLevel: 'beginner',
    kids: true,
    beltCap: 'white',
    emptyRosterBelt: 'white',
    levelWeight: { beginner: 1 },
    typicalWeaknesses: {
      'escapes-from-bottom': 3,
      'top-control': 3,
      'takedown-defense': 2,
      posture: 2,
      sweeps: 2,
      'guard-retention': 1,
      transitions: 1,
    },
  },
  Beginner: {
    maxLevel: 'beginner',
    sparringLevel: 'beginner',
    kids: false,
    beltCap: 'white',
    emptyRosterBelt: 'white',
    levelWeight: { beginner: 1 },
    typicalWeaknesses: {
      'escapes-from-bottom': 3,
      posture: 2,
      'guard-retention': 2,
      'top-control': 2,
      'back-defense': 1.5,
      'submission-defense': 1.5,
      sweeps: 1,
      passing: 1,
      finishing: 1,
    },
  },
  Intermediate: {
    maxLevel: 'intermediate',
    sparringLevel: 'intermediate',
    kids: false,
    beltCap: 'black',
    emptyRosterBelt: 'blue',
    levelWeight: { beginner: 0.5, intermediate: 1 },
    typicalWeaknesses: {
      'guard-retention': 3,
      passing: 3,
      sweeps: 2,
      transitions: 2,
      finishing: 1.5,
      'back-defense': 1,
      takedowns: 1,
      'grip-fighting': 1,
    },
  },
  Advanced: {
    maxLevel: 'advanced',
    sparringLevel: 'advanced',
    kids: false,
    beltCap: 'black',
    emptyRosterBelt: 'purple',
    levelWeight: { beginner: 0.25, intermediate: 0.8, advanced: 1 },
    typicalWeaknesses: {
      transitions: 3,
      finishing: 3,
      scrambles: 2,
      takedowns: 2,
      'leg-locks': 1.5,
      'guard-retention': 1,
      'top-control': 1,
    },
  },
  Expert: {
    maxLevel: 'advanced',
    sparringLevel: 'advanced',
    kids: false,
    beltCap: 'black',
    emptyRosterBelt: 'brown',
    levelWeight: { beginner: 0.15, intermediate: 0.7, advanced: 1 },
    typicalWeaknesses: {
      'leg-locks': 3,
      scrambles: 2,
      transitions: 2,
      finishing: 2,
      takedowns: 2,
      'takedown-defense': 1,
      'grip-fighting': 1,
      'back-defense': 1,
    },
  },
};

/** Who the plan is for, as the knowledge-base queries take it. */
export interface PlanAudience {
  readonly kids: boolean;
  /** The most restrictive belt that decides what is allowed. */
  readonly belt: BeltRank;
  readonly maxLevel: Level;
  readonly sparringLevel: Level;
  readonly attire: Attire;
  readonly profile: LevelProfile;
}

function lowerBelt(a: BeltRank, b: BeltRank): BeltRank {
  return BELT_ORDER.indexOf(a) <= BELT_ORDER.indexOf(b) ? a : b;
}

/**
 * Whole years between a birthdate (an ISO date, or a date-time whose date part is used) and `today`, in
 * UTC; null when the text is not a date.
 */
export function ageOn(birthdate: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthdate.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}

/** Whether anyone on the roster is under 16 on `today`; unknown birthdates count as adults. */
export function rosterHasKids(roster: readonly RosterMember[], today: Date): boolean {
  return roster.some((member) => {
    if (member.birthdate === null) return false;
    const age = ageOn(member.birthdate, today);
    return age !== null && age < KIDS_UNDER_AGE;
  });
}

/**
 * The belt whose rules the plan follows: the lowest belt on the roster (an unknown belt counts as white,
 * the safe reading), held down to the level's cap; an empty roster takes the level's usual belt.
 */
export function decidingBelt(roster: readonly RosterMember[], profile: LevelProfile): BeltRank {
  let belt: BeltRank | null = null;
  for (const member of roster) {
    const rank = member.belt === null ? 'white' : ROSTER_BELTS[member.belt];
    belt = belt === null ? rank : lowerBelt(belt, rank);
  }
  return lowerBelt(belt ?? profile.emptyRosterBelt, profile.beltCap);
}

export function planAudience(
  request: {
    readonly targetLevel: TargetLevel;
    readonly attire: Attire;
    readonly roster: readonly RosterMember[];
  },
  today: Date,
): PlanAudience {
  const profile = LEVEL_PROFILES[request.targetLevel];
  return {
    kids: profile.kids || rosterHasKids(request.roster, today),
    belt: decidingBelt(request.roster, profile),
    maxLevel: profile.maxLevel,
    sparringLevel: profile.sparringLevel,
    attire: request.attire,
    profile,
  };
}

const NO_GI = /\bno[\s_-]?gi\b|\bbez\s+gi\b|\bsubmission\s+grappling\b/iu;
const BOTH =
  /\bgi\s*(?:\/|&|\+|,|and|or|i|lub|oraz)\s*no[\s_-]?gi\b|\bno[\s_-]?gi\s*(?:\/|&|\+|,|and|or|i|lub|oraz)\s*gi\b/iu;

/**
 * The attire of a session from its description: 'both' when it names gi and no-gi together ("gi / no-gi",
 * "gi and nogi", "gi i no-gi"), 'nogi' when it says no-gi ("no-gi", "nogi", "no gi", "bez gi"), and 'gi'
 * otherwise, since most academy classes are in the gi. "Submission grappling" counts as no-gi.
 */
export function attireFromText(text: string | null | undefined): Attire {
  if (!text) return 'gi';
  if (BOTH.test(text)) return 'both';
  return NO_GI.test(text) ? 'nogi' : 'gi';
}
