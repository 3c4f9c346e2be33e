import type { BeltName, PairingCandidate, PairingHistory } from './pairing-types.js';

/**
 * Every weight of the pair cost, in one place. The cost of a pair is a sum of points; the matching
 * minimises the total over the class. As a yardstick, a pair one belt apart costs 3 points, and a
 * pair 10% apart in weight (same IBJJF class) costs 5.
 */
export const PAIRING_WEIGHTS = {
  /**
   * Points per IBJJF adult weight class between the partners. Divisions are how the sport itself says
   * "too far apart to compete", so crossing one costs something even when the kilograms are few.
   */
  weightClassStep: 1.5,
  /** Points per percent of weight difference, measured against the lighter partner, who carries the risk. */
  weightPercent: 0.4,
  /**
   * Points per percent squared. Injury risk grows faster than the gap, so one 30% mismatch (21 points)
   * must cost more than three 10% ones (15): the matching spreads small gaps instead of making one big one.
   */
  weightPercentSquared: 0.01,
  /** Points per centimetre of height difference. Reach and levers matter, but far less than mass. */
  heightPerCm: 0.05,
  /** Points per belt of gap. A higher belt can control a lower one, and the lower one learns less. */
  beltStep: 2,
  /** Points per belt of gap squared: white against black (24) is far worse than four times white against blue (3). */
  beltStepSquared: 1,
  /** Points per experience level of gap (0, 1, 2). Smaller than a belt: it refines pairs within a belt. */
  experienceStep: 2,
  /** Years of age difference that adults spar across at no cost. */
  adultAgeFreeYears: 10,
  /** Points per adult year beyond that: older partners recover slower, so big gaps cost a little. */
  adultAgePerYear: 0.15,
  /** Points per year of age difference among kids: a year is a large share of a child's growth. */
  kidAgePerYear: 1.5,
  /** Points for sparring the same partner as in the last session, so partners rotate. */
  recentPartner: 6,
  /** Each session further back keeps this share of the penalty (6, 3, 1.5, ...). */
  recentDecay: 0.5,
  /** Sessions after which a past partnership no longer counts. */
  recentHorizonSessions: 6,
  /**
   * Points for a pair already used in this session (next round). Larger than any realistic sum of the
   * other terms, so a pair repeats only when the roster leaves no reasonable alternative.
   */
  currentSessionRepeat: 500,
} as const;

/** Rules and neutral values that are not weights. */
export const PAIRING_ASSUMPTIONS = {
  /** Kids (younger than this) never spar with adults: there is no edge between them at all. */
  adultFromAge: 16,
  /** Used for a missing weight when nobody in the same age group has one on file. */
  defaultAdultWeightKg: 75,
  defaultKidWeightKg: 40,
} as const;

/** Upper limits of the IBJJF adult gi divisions, Rooster to Super-heavy (Ultra-heavy above the last). */
const IBJJF_MALE_LIMITS_KG = [57.5, 64, 70, 76, 82.3, 88.3, 94.3, 100.5] as const;
/** Rooster to Heavy for women (Super-heavy above the last). */
const IBJJF_FEMALE_LIMITS_KG = [48.5, 53.5, 58.5, 64, 69, 74, 79.3] as const;

export const BELT_ORDER: readonly BeltName[] = ['White', 'Blue', 'Purple', 'Brown', 'Black'];

/** Costs go into the matching as whole hundredths of a point, so that every comparison is exact. */
export const COST_UNITS_PER_POINT = 100;
/** Marks a pair that may never be formed (a kid with an adult). */
export const FORBIDDEN = -1;

export type WeightSource = 'given' | 'median' | 'default';

/** A candidate with every field resolved to a number the cost can use. */
export interface FighterProfile {
  readonly candidate: PairingCandidate;
  readonly weightKg: number;
  readonly weightSource: WeightSource;
  readonly heightCm: number | null;
  readonly belt: BeltName;
  readonly beltGiven: boolean;
  readonly beltRank: number;
  readonly experience: number;
  readonly age: number | null;
  readonly isKid: boolean;
  readonly maleClass: number;
  readonly femaleClass: number;
}

/** The points each term contributes to a pair's cost. */
export interface CostBreakdown {
  readonly weight: number;
  readonly height: number;
  readonly belt: number;
  readonly experience: number;
  readonly age: number;
  readonly recent: number;
  readonly repeat: number;
}

export type CostTerm = keyof CostBreakdown;

/** What is known about one possible pair, in the order (a, b) it was asked for. */
export interface PairFacts {
  /** b's weight minus a's, in kg (negative when b is lighter). */
  readonly weightDiffKg: number;
  readonly weightGapKg: number;
  /** The gap as a percentage of the lighter partner's weight. */
  readonly relativeGapPercent: number;
  readonly weightClassesApart: number;
  /** b's height minus a's, or null when either is unknown. */
  readonly heightDiffCm: number | null;
  /** b's belt rank minus a's. */
  readonly beltDiff: number;
  readonly beltGap: number;
  readonly experienceGap: number;
  /** b's age minus a's, or null when either is unknown. */
  readonly ageDiffYears: number | null;
  /** Sessions since they were last partners, when that is within the horizon. */
  readonly recentSessionsAgo: number | null;
  readonly repeatsInSession: number;
  readonly breakdown: CostBreakdown;
  /** The cost in points, rounded to whole cost units. */
  readonly cost: number;
  /** The cost in whole units, as the matching sees it. */
  readonly units: number;
}

export interface PairingModel {
  readonly profiles: readonly FighterProfile[];
  /** Row-major size×size matrix of pair costs in whole units, or FORBIDDEN. The diagonal is FORBIDDEN. */
  readonly units: Float64Array;
  /** Every fact about the pair (i, j), or null when it is forbidden. */
  facts(i: number, j: number): PairFacts | null;
}

/** Whole years between a YYYY-MM-DD birthdate and today (UTC), or null when the date is not usable. */
export function ageOn(birthdate: string | null, today: Date): number | null {
  if (birthdate === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  if (Number.isNaN(today.getTime())) return null;
  const todayMonth = today.getUTCMonth() + 1;
  const todayDay = today.getUTCDate();
  const beforeBirthday = todayMonth < month || (todayMonth === month && todayDay < day);
  const age = today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
  return age >= 0 ? age : null;
}

function weightClass(weightKg: number, limits: readonly number[]): number {
  const index = limits.findIndex((limit) => weightKg <= limit);
  return index === -1 ? limits.length : index;
}

function positive(value: number | null): number | null {
  return value !== null && Number.isFinite(value) && value > 0 ? value : null;
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

/** Resolves every candidate to numbers. A missing weight becomes the median of the same age group. */
export function buildProfiles(candidates: readonly PairingCandidate[], today: Date): FighterProfile[] {
  const ages = candidates.map((c) => ageOn(c.birthdate, today));
  // Without a birthdate a student is taken for an adult: kids' classes record birthdates.
  const kid = ages.map((age) => age !== null && age < PAIRING_ASSUMPTIONS.adultFromAge);
  const known = (isKid: boolean): number[] =>
    candidates.flatMap((c, i) => {
      const w = positive(c.weightKg);
      return w !== null && kid[i] === isKid ? [w] : [];
    });
  const kidMedian = median(known(true));
  const adultMedian = median(known(false));
  return candidates.map((candidate, i) => {
    const isKid = kid[i] ?? false;
    const given = positive(candidate.weightKg);
    const groupMedian = isKid ? kidMedian : adultMedian;
    const fallback = isKid ? PAIRING_ASSUMPTIONS.defaultKidWeightKg : PAIRING_ASSUMPTIONS.defaultAdultWeightKg;
    const weightKg = given ?? groupMedian ?? fallback;
    const weightSource: WeightSource = given !== null ? 'given' : groupMedian !== null ? 'median' : 'default';
    const belt = candidate.belt ?? 'White';
    const experience = candidate.experience ?? 0;
    return {
      candidate,
      weightKg,
      weightSource,
      heightCm: positive(candidate.heightCm),
      belt,
      beltGiven: candidate.belt !== null,
      beltRank: Math.max(0, BELT_ORDER.indexOf(belt)),
      experience: [0, 1, 2].includes(experience) ? experience : 0,
      age: ages[i] ?? null,
      isKid,
      maleClass: weightClass(weightKg, IBJJF_MALE_LIMITS_KG),
      femaleClass: weightClass(weightKg, IBJJF_FEMALE_LIMITS_KG),
    };
  });
}

/**
 * Builds the cost of every pair of the roster, in the roster's order. Kids and adults get FORBIDDEN.
 * History entries naming students who are not on the roster are ignored.
 */
export function buildPairingModel(
  candidates: readonly PairingCandidate[],
  history: PairingHistory,
  today: Date,
): PairingModel {
  const profiles = buildProfiles(candidates, today);
  const size = profiles.length;
  const indexOf = new Map<number, number>();
  candidates.forEach((c, i) => {
    if (!indexOf.has(c.id)) indexOf.set(c.id, i);
  });
  const cell = (a: number, b: number): number | null => {
    const i = indexOf.get(a);
    const j = indexOf.get(b);
    if (i === undefined || j === undefined || i === j) return null;
    return Math.min(i, j) * size + Math.max(i, j);
  };

  const W = PAIRING_WEIGHTS;
  const recentPenalty = new Float64Array(size * size);
  const lastSessionsAgo = new Int32Array(size * size);
  const seenRecent = new Set<string>();
  for (const { a, b, sessionsAgo } of history.recentPairs) {
    const at = cell(a, b);
    if (at === null || !Number.isFinite(sessionsAgo)) continue;
    const ago = Math.max(1, Math.floor(sessionsAgo));
    if (ago > W.recentHorizonSessions) continue;
    // The same partnership listed twice for one session counts once.
    const key = `${String(at)}:${String(ago)}`;
    if (seenRecent.has(key)) continue;
    seenRecent.add(key);
    recentPenalty[at] = (recentPenalty[at] ?? 0) + W.recentPartner * W.recentDecay ** (ago - 1);
    const before = lastSessionsAgo[at] ?? 0;
    lastSessionsAgo[at] = before === 0 ? ago : Math.min(before, ago);
  }
  const repeats = new Int32Array(size * size);
  for (const { a, b } of history.currentSessionPairs) {
    const at = cell(a, b);
    if (at !== null) repeats[at] = (repeats[at] ?? 0) + 1;
  }

  const facts = (i: number, j: number): PairFacts | null => {
    const a = profiles[i];
    const b = profiles[j];
    if (!a || !b || i === j || a.isKid !== b.isKid) return null;
    const at = Math.min(i, j) * size + Math.max(i, j);

    const weightDiffKg = b.weightKg - a.weightKg;
    const weightGapKg = Math.abs(weightDiffKg);
    const relativeGapPercent = (weightGapKg / Math.min(a.weightKg, b.weightKg)) * 100;
    const bothFemale = a.candidate.gender === 'Female' && b.candidate.gender === 'Female';
    const weightClassesApart = bothFemale
      ? Math.abs(a.femaleClass - b.femaleClass)
      : Math.abs(a.maleClass - b.maleClass);
    const heightDiffCm = a.heightCm !== null && b.heightCm !== null ? b.heightCm - a.heightCm : null;
    const beltDiff = b.beltRank - a.beltRank;
    const beltGap = Math.abs(beltDiff);
    const experienceGap = Math.abs(b.experience - a.experience);
    const ageDiffYears = a.age !== null && b.age !== null ? b.age - a.age : null;
    const ageGap = ageDiffYears === null ? 0 : Math.abs(ageDiffYears);
    const repeatsInSession = repeats[at] ?? 0;
    const last = lastSessionsAgo[at] ?? 0;

    const breakdown: CostBreakdown = {
      weight:
        W.weightClassStep * weightClassesApart +
        W.weightPercent * relativeGapPercent +
        W.weightPercentSquared * relativeGapPercent ** 2,
      height: heightDiffCm === null ? 0 : W.heightPerCm * Math.abs(heightDiffCm),
      belt: W.beltStep * beltGap + W.beltStepSquared * beltGap ** 2,
      experience: W.experienceStep * experienceGap,
      age: a.isKid ? W.kidAgePerYear * ageGap : W.adultAgePerYear * Math.max(0, ageGap - W.adultAgeFreeYears),
      recent: recentPenalty[at] ?? 0,
      repeat: W.currentSessionRepeat * repeatsInSession,
    };
    const points =
      breakdown.weight +
      breakdown.height +
      breakdown.belt +
      breakdown.experience +
      breakdown.age +
      breakdown.recent +
      breakdown.repeat;
    const units = Math.round(points * COST_UNITS_PER_POINT);
    return {
      weightDiffKg,
      weightGapKg,
      relativeGapPercent,
      weightClassesApart,
      heightDiffCm,
      beltDiff,
      beltGap,
      experienceGap,
      ageDiffYears,
      recentSessionsAgo: last === 0 ? null : last,
      repeatsInSession,
      breakdown,
      cost: units / COST_UNITS_PER_POINT,
      units,
    };
  };

  const units = new Float64Array(size * size).fill(FORBIDDEN);
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const pair = facts(i, j);
      if (pair) {
        units[i * size + j] = pair.units;
        units[j * size + i] = pair.units;
      }
    }
  }
  return { profiles, units, facts };
}
