/**
 * How long a class spars, set the way a coach sets it: the level decides the length and number of rounds,
 * and the class length decides how many of them fit.
 *
 * - Kids: 3 to 5 short positional or game rounds of 2 to 3 minutes, about a fifth of the class;
 * - Beginner: 3 to 5 positional or flow rounds of 2 to 3 minutes, about a quarter of the class;
 * - Intermediate: 4 to 6 rounds of 4 to 5 minutes, about 30 % of the class;
 * - Advanced and Expert: 5 to 8 rounds of 5 to 6 minutes, about 35 % of the class.
 * Each level also has a ceiling on its share of the class (25 %, 30 %, 40 %, 45 %) that no plan goes over.
 * A class too short for the level's fewest rounds gets fewer of them, and one too short for one round of the
 * level's shortest length gets one shortened round.
 *
 * Between two rounds the class rests a minute (`ROUND_REST_MINUTES`), and the rests are part of the sparring
 * block: its minutes are the rounds and the rests between them (none after the last), so that the round timer
 * run as planned ends when the block does, and the shares and the ceiling count the whole block.
 */
import type { TargetLevel } from './plan-audience.js';

export interface MinMax {
  readonly min: number;
  readonly max: number;
}

export interface SparringProfile {
  /** The length of one round in minutes. */
  readonly roundMinutes: MinMax;
  /** How many rounds a class of usual length spars. */
  readonly rounds: MinMax;
  /** The share of the class the sparring aims at. */
  readonly share: number;
  /** The share of the class the sparring never goes over. */
  readonly maxShare: number;
}

export const SPARRING_PROFILES: Readonly<Record<TargetLevel, SparringProfile>> = {
  Kids: { roundMinutes: { min: 2, max: 3 }, rounds: { min: 3, max: 5 }, share: 0.2, maxShare: 0.25 },
  Beginner: { roundMinutes: { min: 2, max: 3 }, rounds: { min: 3, max: 5 }, share: 0.25, maxShare: 0.3 },
  Intermediate: { roundMinutes: { min: 4, max: 5 }, rounds: { min: 4, max: 6 }, share: 0.3, maxShare: 0.4 },
  Advanced: { roundMinutes: { min: 5, max: 6 }, rounds: { min: 5, max: 8 }, share: 0.35, maxShare: 0.45 },
  Expert: { roundMinutes: { min: 5, max: 6 }, rounds: { min: 5, max: 8 }, share: 0.35, maxShare: 0.45 },
};

/** The sparring of a class: its level's, or the children's whenever a child is on the mat. */
export function sparringProfileFor(level: TargetLevel, kids: boolean): SparringProfile {
  return SPARRING_PROFILES[kids ? 'Kids' : level];
}

export interface Rounds {
  readonly rounds: number;
  readonly roundMinutes: number;
  /** The rest between two rounds: `ROUND_REST_MINUTES`, or 0 for a single round. */
  readonly restMinutes: number;
}

/** The rest between two sparring rounds, in whole minutes. */
export const ROUND_REST_MINUTES = 1;

/** The minutes of a sparring block of `rounds` rounds: the rounds and a rest between each two of them. */
export function sparringBlockMinutes(rounds: number, roundMinutes: number): number {
  return rounds * roundMinutes + Math.max(0, rounds - 1) * ROUND_REST_MINUTES;
}

/** The rounds, with the rest between them when there is more than one. */
export function withRest(rounds: number, roundMinutes: number): Rounds {
  return { rounds, roundMinutes, restMinutes: rounds > 1 ? ROUND_REST_MINUTES : 0 };
}

/** The most minutes of sparring a class of `total` minutes has: the level's ceiling, at least one minute. */
export function sparringCeiling(total: number, profile: SparringProfile): number {
  return Math.max(1, Math.floor(total * profile.maxShare));
}

/**
 * The rounds of a class of `total` whole minutes whose sparring block may take at most `room` minutes (what
 * the warm-up, the drills and the cool-down leave). Of the level's round lengths and counts, the plan takes
 * the one whose block (rounds and rests) is closest to the level's share of the class; on a tie, the round
 * length closest to the format's own (`formatMinutes`), then more rounds. A class with no room for the
 * level's fewest rounds takes fewer, and one with no room for one round of the shortest length gets one
 * round of the minutes there are.
 */
export function sparringRounds(total: number, room: number, formatMinutes: number, profile: SparringProfile): Rounds {
  const cap = Math.max(1, Math.min(room, sparringCeiling(total, profile)));
  const target = Math.min(cap, Math.max(1, Math.round(total * profile.share)));
  const own = Math.min(profile.roundMinutes.max, Math.max(profile.roundMinutes.min, Math.round(formatMinutes)));
  const best = (fewest: number, most: number): Rounds | undefined => {
    let chosen: Rounds | undefined;
    let chosenKey: readonly number[] = [];
    for (let length = profile.roundMinutes.min; length <= profile.roundMinutes.max; length++) {
      for (let rounds = fewest; rounds <= most; rounds++) {
        const block = sparringBlockMinutes(rounds, length);
        if (block > cap) continue;
        const key = [Math.abs(block - target), Math.abs(length - own), -rounds];
        if (chosen === undefined || before(key, chosenKey)) {
          chosen = withRest(rounds, length);
          chosenKey = key;
        }
      }
    }
    return chosen;
  };
  return (
    best(profile.rounds.min, profile.rounds.max) ??
    best(1, profile.rounds.min - 1) ??
    withRest(1, Math.max(1, Math.min(cap, target)))
  );
}

/** Whether the key `a` sorts before `b`, comparing element by element. */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < a.length; index++) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}
