import { describe, expect, it } from 'vitest';
import {
  DRILL_MAX_MINUTES,
  DRILL_MIN_MINUTES,
  MAX_LIBRARY_DRILLS,
  allocateMinutes,
  planMinutesOf,
  techniqueCountFor,
  type MinutePlan,
} from './plan-minutes.js';
import { apportion } from '../../lib/apportion.js';
import { SPARRING_PROFILES } from './plan-sparring.js';

const INTERMEDIATE = SPARRING_PROFILES.Intermediate;

function sum(plan: MinutePlan): number {
  return plan.warmUp + plan.instruction + plan.drills.reduce((s, m) => s + m, 0) + plan.sparring + plan.coolDown;
}

describe('planMinutesOf', () => {
  it('rounds to whole minutes, and to quarter minutes under 4', () => {
    expect(planMinutesOf(1.5 * 60)).toBe(90);
    expect(planMinutesOf((10 / 60) * 60)).toBe(10);
    expect(planMinutesOf(59.5)).toBe(60);
    expect(planMinutesOf(3.6)).toBe(4);
    expect(planMinutesOf(2.6)).toBe(2.5);
    expect(planMinutesOf(1)).toBe(1);
    expect(planMinutesOf(0.01)).toBe(0.25);
  });

  it('refuses a duration that is not a positive number', () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => planMinutesOf(bad)).toThrow(RangeError);
  });
});

describe('techniqueCountFor', () => {
  it('teaches 2 techniques in short classes and up to 4 in long ones', () => {
    expect([10, 39, 40, 74, 75, 180].map(techniqueCountFor)).toEqual([2, 2, 3, 3, 4, 4]);
  });
});

describe('apportion', () => {
  it('gives each its minimum and shares the rest in proportion, within the cap', () => {
    expect(apportion(10, [1, 1], 1, 15)).toEqual([5, 5]);
    expect(apportion(11, [1, 1], 1, 15)).toEqual([6, 5]);
    expect(apportion(30, [8, 4], 3, 15)).toEqual([15, 15]);
    expect(apportion(24, [8, 4, 4], 3, 12)).toEqual([10, 7, 7]);
    expect(apportion(7, [8, 3], 3, 15)).toEqual([4, 3]);
    expect(apportion(9, [10, 1, 1], 3, 15)).toEqual([3, 3, 3]);
    expect(apportion(0, [], 3, 15)).toEqual([]);
  });

  it('always adds up and stays within its bounds', () => {
    for (let total = 9; total <= 45; total++) {
      const shares = apportion(total, [8, 3, 5], 3, 15);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
      for (const share of shares) expect(share).toBeGreaterThanOrEqual(3);
      for (const share of shares) expect(share).toBeLessThanOrEqual(15);
    }
  });
});

describe('allocateMinutes', () => {
  const drillSets = [[], [5], [4, 6, 5], [8, 3, 5, 6, 6, 5, 4, 6, 5, 10]];
  const roundLengths = [1, 2, 3, 5, 6];

  it('adds every part up exactly to the session for every length from 1 to 720 minutes', () => {
    const totals = [1, 1.5, 2, 2.25, 3, 3.75, ...Array.from({ length: 717 }, (_, index) => index + 4)];
    const problems: string[] = [];
    for (const total of totals) {
      for (const drillMinutes of drillSets) {
        for (const roundMinutes of roundLengths) {
          for (const [techniqueCount, level] of [
            [2, 'Kids'],
            [3, 'Beginner'],
            [4, 'Intermediate'],
            [2, 'Advanced'],
            [4, 'Expert'],
          ] as const) {
            const sparring = SPARRING_PROFILES[level];
            const plan = allocateMinutes(total, { techniqueCount, drillMinutes, roundMinutes, sparring });
            const label = `${total} min ${level}, ${drillMinutes.length} drills, ${roundMinutes}-min rounds`;
            const parts = [plan.warmUp, plan.instruction, ...plan.drills, plan.sparring, plan.coolDown];
            if (sum(plan) !== total) problems.push(`${label}: adds up to ${sum(plan)}`);
            if (parts.some((minutes) => !(minutes > 0))) problems.push(`${label}: a part without time`);
            if (total < 4) {
              if (parts.some((minutes) => !Number.isInteger(minutes * 4))) problems.push(`${label}: not quarters`);
              continue;
            }
            if (parts.some((minutes) => !Number.isInteger(minutes))) problems.push(`${label}: not whole minutes`);
            // The rounds and a minute of rest between each two of them fill the sparring block exactly, so
            // that the round timer run as planned ends with the block.
            const rounds = plan.rounds;
            if (
              rounds === null ||
              rounds.restMinutes !== (rounds.rounds > 1 ? 1 : 0) ||
              rounds.rounds * rounds.roundMinutes + (rounds.rounds - 1) * rounds.restMinutes !== plan.sparring
            ) {
              problems.push(`${label}: rounds and rests do not fill the sparring`);
            }
            if (plan.sparring > Math.max(1, Math.floor(total * sparring.maxShare))) {
              problems.push(`${label}: ${plan.sparring} min of sparring`);
            }
            if (plan.rounds !== null && plan.rounds.roundMinutes > sparring.roundMinutes.max) {
              problems.push(`${label}: rounds of ${plan.rounds.roundMinutes} min`);
            }
            if (plan.drills.length > Math.min(drillMinutes.length, MAX_LIBRARY_DRILLS)) {
              problems.push(`${label}: too many drills`);
            }
            if (plan.drills.some((minutes) => minutes < DRILL_MIN_MINUTES || minutes > DRILL_MAX_MINUTES)) {
              problems.push(`${label}: a drill of ${plan.drills.join(', ')} minutes`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('plans a 60-minute class like a coach would', () => {
    const plan = allocateMinutes(60, {
      techniqueCount: 3,
      drillMinutes: [5, 6, 5, 4],
      roundMinutes: 5,
      sparring: INTERMEDIATE,
    });
    // 4 rounds of 4 minutes with a minute of rest between them: 19 minutes, within the 40 % ceiling.
    expect(plan).toEqual({
      total: 60,
      warmUp: 9,
      instruction: 12,
      drills: [5, 5, 5],
      sparring: 19,
      rounds: { rounds: 4, roundMinutes: 4, restMinutes: 1 },
      coolDown: 5,
    });
  });

  it('gives a short class one shortened round when a full round does not fit', () => {
    const plan = allocateMinutes(8, { techniqueCount: 2, drillMinutes: [5], roundMinutes: 6, sparring: INTERMEDIATE });
    expect(plan.rounds).toEqual({ rounds: 1, roundMinutes: plan.sparring, restMinutes: 0 });
    expect(plan.sparring).toBeLessThan(6);
    expect(sum(plan)).toBe(8);
  });

  it('turns time the few drills on offer cannot take into extra rounds, up to the most the level spars', () => {
    const kids = SPARRING_PROFILES.Kids;
    const plain = allocateMinutes(60, { techniqueCount: 1, drillMinutes: [5, 5, 5], roundMinutes: 3, sparring: kids });
    expect(plain.rounds).toEqual({ rounds: 3, roundMinutes: 3, restMinutes: 1 });
    expect(plain.sparring).toBe(11);
    // One more round and the rest before it, up to the level's ceiling (25 % of 60: 15 minutes).
    const plan = allocateMinutes(60, { techniqueCount: 1, drillMinutes: [5], roundMinutes: 3, sparring: kids });
    expect(plan.drills).toEqual([DRILL_MAX_MINUTES]);
    expect(plan.rounds).toEqual({ rounds: 4, roundMinutes: 3, restMinutes: 1 });
    expect(plan.sparring).toBe(15);
    expect(sum(plan)).toBe(60);
    // A long class: the rounds stop at the level's most, and technique instruction takes the rest.
    const long = allocateMinutes(180, {
      techniqueCount: 4,
      drillMinutes: [5],
      roundMinutes: 5,
      sparring: INTERMEDIATE,
    });
    expect(long.drills).toEqual([DRILL_MAX_MINUTES]);
    expect(long.rounds).toEqual({ rounds: INTERMEDIATE.rounds.max, roundMinutes: 5, restMinutes: 1 });
    expect(long.sparring).toBe(6 * 5 + 5);
    expect(sum(long)).toBe(180);
  });

  it('gives a beginner class a few short rounds, not a dozen', () => {
    for (const roundMinutes of [2, 3, 4]) {
      const plan = allocateMinutes(90, {
        techniqueCount: 4,
        drillMinutes: [5, 6, 5, 4, 6],
        roundMinutes,
        sparring: SPARRING_PROFILES.Beginner,
      });
      expect(plan.rounds).toEqual({ rounds: 5, roundMinutes: 3, restMinutes: 1 });
      // The four rests between the rounds are in the block: 5 × 3 + 4 × 1.
      expect(plan.sparring).toBe(19);
      expect(sum(plan)).toBe(90);
    }
  });
});
