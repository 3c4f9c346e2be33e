/**
 * The time budget of a lesson plan. The warm-up, the technique-instruction block, each drill, the sparring
 * and the cool-down add up exactly to the session's minutes. Techniques carry no minutes of their own:
 * their teaching time is the first drill of the plan, a "technique instruction" block, so that every minute
 * of the class has a timer in the plan.
 *
 * Shares of a session of T minutes (T of 4 or more, in whole minutes):
 * - warm-up: 15 % of T, between 1 and 20 minutes;
 * - cool-down: 8 % of T, between 1 and 15 minutes;
 * - sparring: whole rounds whose length and number follow the level (plan-sparring.ts: e.g. 3 to 5 rounds
 *   of 2 to 3 minutes for beginners, 5 to 8 of 5 to 6 for advanced students), with a minute of rest between
 *   two rounds counted in the block, aiming at the level's share of T, never over its ceiling and never
 *   squeezing the drills below 40 %; a session too short for one full round gets one shortened round;
 * - the rest is drills: about 45 % of it for technique instruction (at most 8 minutes a technique), and the
 *   remainder shared by the knowledge-base drills in proportion to their own minutes, each between 3 and 15;
 *   when the drills on offer cannot take it all, the surplus becomes extra sparring rounds up to the
 *   level's most rounds and its ceiling, and what is still left goes to technique instruction.
 * A session under 4 minutes cannot give every part a whole minute, so its parts are counted in quarter
 * minutes ('0.25 min'), which the duration parser reads as well.
 */
import { apportion } from '../../lib/apportion.js';
import {
  ROUND_REST_MINUTES,
  sparringBlockMinutes,
  sparringCeiling,
  sparringRounds,
  withRest,
  type SparringProfile,
} from './plan-sparring.js';

export const WARM_UP_SHARE = 0.15;
export const WARM_UP_MAX = 20;
export const COOL_DOWN_SHARE = 0.08;
export const COOL_DOWN_MAX = 15;
/** The sparring share of a session planned in quarter minutes (under 4 minutes). */
export const SPARRING_SHARE = 0.3;
/** The drills part (instruction included) never shrinks below this share to make room for sparring. */
export const DRILLS_MIN_SHARE = 0.4;
export const INSTRUCTION_SHARE = 0.45;
export const INSTRUCTION_MAX_PER_TECHNIQUE = 8;
export const DRILL_MIN_MINUTES = 3;
export const DRILL_MAX_MINUTES = 15;
/** The typical length of a drill, which decides how many drills fit. */
export const DRILL_TYPICAL_MINUTES = 6;
/** At most 8 drills in a plan (the contract's limit): the instruction block and seven more. */
export const MAX_LIBRARY_DRILLS = 7;
/** Sessions shorter than this are planned in quarter minutes. */
export const WHOLE_MINUTES_FROM = 4;

export interface SparringRounds {
  readonly rounds: number;
  readonly roundMinutes: number;
  /** The rest between two rounds, inside the sparring minutes; 0 for a single round. */
  readonly restMinutes: number;
}

export interface MinutePlan {
  /** The session's minutes as planned (see `planMinutesOf`). */
  readonly total: number;
  readonly warmUp: number;
  /** The technique-instruction block, the first drill of the plan. */
  readonly instruction: number;
  /** Minutes of the first `drills.length` offered drills, in the order offered. */
  readonly drills: readonly number[];
  readonly sparring: number;
  /** How the sparring minutes split into rounds and rests; null in a session planned in quarter minutes. */
  readonly rounds: SparringRounds | null;
  readonly coolDown: number;
}

/**
 * The minutes a session is planned for: its duration rounded to the nearest whole minute (a duration kept
 * in hours, such as 1.5 h or 10/60 h, comes back as 90 or 10 exactly), or to a quarter minute under 4
 * minutes, and never less than a quarter minute. A duration that is not a positive finite number is a
 * programming error.
 */
export function planMinutesOf(sessionMinutes: number): number {
  if (!Number.isFinite(sessionMinutes) || sessionMinutes <= 0) {
    throw new RangeError(`a session lasts a positive number of minutes, not ${sessionMinutes}`);
  }
  const whole = Math.round(sessionMinutes);
  if (whole >= WHOLE_MINUTES_FROM) return whole;
  return Math.max(0.25, Math.round(sessionMinutes * 4) / 4);
}

/** How many techniques a session of `total` minutes teaches: 2 under 40 minutes, 3 under 75, else 4. */
export function techniqueCountFor(total: number): number {
  if (total < 40) return 2;
  if (total < 75) return 3;
  return 4;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A session under 4 minutes, in quarter minutes: one quarter each for warm-up and cool-down. */
function quarterMinutePlan(total: number): MinutePlan {
  const quarters = Math.round(total * 4);
  if (quarters < 4) {
    // Under one minute: every part still needs time, so a quarter-minute session gets four equal slices.
    const slice = total / 4;
    return { total, warmUp: slice, instruction: slice, drills: [], sparring: slice, rounds: null, coolDown: slice };
  }
  const sparring = Math.max(1, Math.floor(quarters * SPARRING_SHARE));
  const instruction = quarters - 2 - sparring;
  return {
    total,
    warmUp: 0.25,
    instruction: instruction / 4,
    drills: [],
    sparring: sparring / 4,
    rounds: null,
    coolDown: 0.25,
  };
}

export interface MinuteOptions {
  /** How many techniques the instruction block teaches. */
  readonly techniqueCount: number;
  /** The own minutes of the drills on offer, best first; the plan uses a prefix of them. */
  readonly drillMinutes: readonly number[];
  /** The round length of the sparring format. */
  readonly roundMinutes: number;
  /** How the class's level spars (see `sparringProfileFor`). */
  readonly sparring: SparringProfile;
}

/** The minutes of every part of a plan of `total` minutes (a value from `planMinutesOf`). */
export function allocateMinutes(total: number, options: MinuteOptions): MinutePlan {
  if (total < WHOLE_MINUTES_FROM) return quarterMinutePlan(total);
  const warmUp = clamp(Math.round(total * WARM_UP_SHARE), 1, WARM_UP_MAX);
  const coolDown = clamp(Math.round(total * COOL_DOWN_SHARE), 1, COOL_DOWN_MAX);
  const drillsFloor = Math.min(Math.max(1, Math.ceil(total * DRILLS_MIN_SHARE)), total - warmUp - coolDown - 1);
  const sparringRoom = total - warmUp - coolDown - drillsFloor;

  const planned = sparringRounds(total, sparringRoom, options.roundMinutes, options.sparring);
  const roundMinutes = planned.roundMinutes;
  let rounds = planned.rounds;

  const drillsPart = total - warmUp - coolDown - sparringBlockMinutes(rounds, roundMinutes);
  let instruction = clamp(
    Math.round(drillsPart * INSTRUCTION_SHARE),
    1,
    Math.max(1, options.techniqueCount) * INSTRUCTION_MAX_PER_TECHNIQUE,
  );
  const rest = drillsPart - instruction;
  const fitting = Math.min(options.drillMinutes.length, MAX_LIBRARY_DRILLS, Math.floor(rest / DRILL_MIN_MINUTES));
  const count = clamp(Math.round(rest / DRILL_TYPICAL_MINUTES), Math.min(1, fitting), fitting);
  let drills: number[] = [];
  let surplus = 0;
  if (count === 0) {
    instruction += rest;
  } else {
    const drillTotal = Math.min(rest, count * DRILL_MAX_MINUTES);
    surplus = rest - drillTotal;
    drills = apportion(drillTotal, options.drillMinutes.slice(0, count), DRILL_MIN_MINUTES, DRILL_MAX_MINUTES);
  }
  // Drills that cannot take more time leave the surplus to extra rounds (each with the rest before it), up to
  // the level's most rounds and its ceiling, and what is left to instruction.
  const ceiling = sparringCeiling(total, options.sparring);
  const perRound = roundMinutes + ROUND_REST_MINUTES;
  const roundsLeft = Math.max(
    0,
    Math.min(
      options.sparring.rounds.max - rounds,
      Math.floor((ceiling - sparringBlockMinutes(rounds, roundMinutes)) / perRound),
    ),
  );
  const extraRounds = Math.min(Math.floor(surplus / perRound), roundsLeft);
  rounds += extraRounds;
  instruction += surplus - extraRounds * perRound;

  const plan: MinutePlan = {
    total,
    warmUp,
    instruction,
    drills,
    sparring: sparringBlockMinutes(rounds, roundMinutes),
    rounds: withRest(rounds, roundMinutes),
    coolDown,
  };
  const sum = plan.warmUp + plan.instruction + plan.drills.reduce((s, m) => s + m, 0) + plan.sparring + plan.coolDown;
  if (sum !== total) throw new Error(`minute plan adds up to ${sum}, not ${total}`);
  return plan;
}
