import { ageOn } from '@openmat/contract/auth';
import { AttendanceBelt, type Gender, type TargetLevel } from '@openmat/contract/enums';
import { foldName } from '@openmat/contract/members';
import { roundTo } from '@openmat/contract/helpers/rounding';
import { freePlaces as placesFree } from '@openmat/contract/helpers/session-time';
import { isEmptyRow, type AttendanceRow } from '@/features/attendance/stores/attendance-store';

/** The spec's ranges for made-up walk-ins: every fake student stays inside them. */
export const FAKE_RANGES = {
  weightKg: { min: 50, max: 100 },
  heightCm: { min: 150, max: 200 },
  ageYears: { min: 10, max: 40 },
} as const;

/**
 * Age from which a walk-in counts as an adult: the server's pairing uses the same age
 * (`PAIRING_ASSUMPTIONS.adultFromAge`), so kids never spar with adults there.
 */
const ADULT_FROM_AGE = 16;

/** Body mass index the weight is drawn from, for the height drawn first; kids are kept slimmer. */
const FAKE_BMI = { adult: { min: 19, max: 30 }, kid: { min: 19, max: 25 } } as const;

/** Heights, cm, inside the spec's range: kids and women are kept shorter than men. */
const HEIGHTS_CM = {
  kid: { min: 150, max: 175 },
  Female: { min: 150, max: 185 },
  Male: { min: 160, max: 200 },
} as const;

/**
 * The youngest age for each belt, IBJJF-like: under 16 a walk-in is Unranked or White (the attendance
 * belts have no kids' colours), Blue and Purple from 16, Brown from 18, Black from 19.
 */
const BELT_MIN_AGE = { None: 0, White: 0, Blue: 16, Purple: 16, Brown: 18, Black: 19 } as const satisfies Record<
  AttendanceBelt,
  number
>;

interface NamePool {
  first: Record<Gender, readonly string[]>;
  /** Last names by gender: Polish ones end in -ski for men and -ska for women. */
  last: Record<Gender, readonly string[]>;
}

const POLISH: NamePool = {
  first: {
    Male: ['Jakub', 'Kacper', 'Szymon', 'Mateusz', 'Bartosz', 'Piotr', 'Tomasz', 'Michał', 'Wojciech', 'Paweł'],
    Female: ['Zofia', 'Maja', 'Julia', 'Agnieszka', 'Katarzyna', 'Magdalena', 'Ewa', 'Joanna', 'Natalia', 'Weronika'],
  },
  last: {
    Male: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kamiński', 'Lewandowski', 'Zieliński', 'Dąbrowski', 'Mazur'],
    Female: ['Nowak', 'Kowalska', 'Wiśniewska', 'Wójcik', 'Kamińska', 'Lewandowska', 'Zielińska', 'Dąbrowska', 'Mazur'],
  },
};

const ENGLISH_LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Walker', 'Wright', 'Hughes'];
const ENGLISH: NamePool = {
  first: {
    Male: ['James', 'Oliver', 'Jack', 'Harry', 'George', 'Thomas', 'Daniel', 'Samuel', 'Liam', 'Noah'],
    Female: ['Emily', 'Olivia', 'Amelia', 'Sophie', 'Grace', 'Charlotte', 'Lily', 'Chloe', 'Hannah', 'Ruby'],
  },
  last: { Male: ENGLISH_LAST, Female: ENGLISH_LAST },
};

const GENDERS = ['Male', 'Female'] as const satisfies readonly Gender[];

/** A random whole number from `min` to `max`, both included. */
function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.min(Math.floor(random() * (max - min + 1)), max - min);
}

function pick<T>(random: () => number, items: readonly T[], fallback: T): T {
  return items[randomInt(random, 0, items.length - 1)] ?? fallback;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** A random birthdate, `YYYY-MM-DD`, of someone who is `age` years old on `today`. */
export function birthdateForAge(age: number, today: Date, random: () => number): string {
  // The last birthday that still gives this age: this calendar day, `age` years back (29 February
  // rolls over to 1 March in other years, so step back until the age fits).
  const latest = new Date(Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()));
  while (ageOn(utcDay(latest), today) < age) latest.setUTCDate(latest.getUTCDate() - 1);
  // Up to 364 days earlier is still the same age.
  const born = new Date(latest);
  born.setUTCDate(born.getUTCDate() - randomInt(random, 0, 364));
  return ageOn(utcDay(born), today) === age ? utcDay(born) : utcDay(latest);
}

/**
 * A name nobody in `taken` has yet (compared without case and spacing), which is then added to it.
 * After many clashes a number is appended, so a large class still gets distinct names.
 */
function uniqueName(random: () => number, gender: Gender, taken: Set<string>): string {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const pool = random() < 0.5 ? POLISH : ENGLISH;
    const name = `${pick(random, pool.first[gender], 'Alex')} ${pick(random, pool.last[gender], 'Silva')}`;
    if (!taken.has(foldName(name))) {
      taken.add(foldName(name));
      return name;
    }
  }
  const base = `${pick(random, ENGLISH.first[gender], 'Alex')} ${pick(random, ENGLISH_LAST, 'Silva')}`;
  let suffix = 2;
  while (taken.has(foldName(`${base} ${suffix}`))) suffix += 1;
  taken.add(foldName(`${base} ${suffix}`));
  return `${base} ${suffix}`;
}

/**
 * How likely each belt is at `age` (relative weights; 0 when the belt does not fit the age). White is
 * the most common belt of the young; the higher belts grow more likely with every year, so at 40 a
 * black belt is about as likely as a brown one.
 */
function beltWeights(age: number): Record<AttendanceBelt, number> {
  const grown = (belt: AttendanceBelt, perYear: number, base: number) =>
    age < BELT_MIN_AGE[belt] ? 0 : base + (age - BELT_MIN_AGE[belt]) * perYear;
  return {
    None: 1,
    White: 3,
    Blue: grown('Blue', 0.25, 1),
    Purple: grown('Purple', 0.2, 0.2),
    Brown: grown('Brown', 0.18, 0.15),
    Black: grown('Black', 0.18, 0.1),
  };
}

function pickBelt(random: () => number, age: number): AttendanceBelt {
  const weights = beltWeights(age);
  const total = AttendanceBelt.options.reduce((sum, belt) => sum + weights[belt], 0);
  let left = random() * total;
  for (const belt of AttendanceBelt.options) {
    if (weights[belt] > 0 && left < weights[belt]) return belt;
    left -= weights[belt];
  }
  return 'White';
}

/** The ages a class takes: Kids only kids, any other class only adults, an unknown class anyone. */
function fakeAgeRange(targetLevel: TargetLevel | null): { min: number; max: number } {
  const { min, max } = FAKE_RANGES.ageYears;
  if (targetLevel === null) return { min, max };
  return targetLevel === 'Kids' ? { min, max: ADULT_FROM_AGE - 1 } : { min: ADULT_FROM_AGE, max };
}

/**
 * A weight, kg to 1 decimal, that fits `heightCm`: a BMI in the age group's range, limited to the
 * spec's weights, so the weight never has to be clamped to an edge that would break the BMI.
 */
function weightFor(random: () => number, heightCm: number, kid: boolean): number {
  const bmi = kid ? FAKE_BMI.kid : FAKE_BMI.adult;
  const square = (heightCm / 100) ** 2;
  const low = Math.max(Math.ceil(bmi.min * square * 10) / 10, FAKE_RANGES.weightKg.min);
  const high = Math.min(Math.floor(bmi.max * square * 10) / 10, FAKE_RANGES.weightKg.max);
  return Math.min(Math.max(roundTo(low + random() * (high - low), 1), low), high);
}

/**
 * One random student of a class of `targetLevel` (null: unknown), inside the spec's ranges (weight
 * 50-100 kg, height 150-200 cm, age 10-40): an age the class takes, a height for the age and gender,
 * a weight for the height and a belt for the age.
 */
export function fakeStudent(
  random: () => number,
  today: Date,
  taken: Set<string>,
  targetLevel: TargetLevel | null = null,
): AttendanceRow {
  const gender = pick(random, GENDERS, 'Male');
  const ages = fakeAgeRange(targetLevel);
  const age = randomInt(random, ages.min, ages.max);
  const kid = age < ADULT_FROM_AGE;
  const heights = kid ? HEIGHTS_CM.kid : HEIGHTS_CM[gender];
  const height = randomInt(random, heights.min, heights.max);
  return {
    fighterName: uniqueName(random, gender, taken),
    birthdate: birthdateForAge(age, today, random),
    weight: String(weightFor(random, height, kid)),
    height: String(height),
    beltColor: pickBelt(random, age),
    gender,
  };
}

/** The session's free places as the server counts them: capacity minus the roster; null if unknown. */
export function freePlaces(capacity: number | null, rosterCount: number): number | null {
  if (capacity === null || !Number.isFinite(capacity)) return null;
  return placesFree(capacity, rosterCount);
}

/** The class the fake students are made for. */
export interface FakeClass {
  /** Places the session has before the grid is sent (see `freePlaces`); null: unknown, no limit. */
  freePlaces: number | null;
  /** The session's target level; null when unknown (any age then). */
  targetLevel: TargetLevel | null;
}

export interface FakeFill {
  rows: AttendanceRow[];
  /** Rows that got a fake student. */
  filled: number;
  /** Empty rows before filling. */
  emptyRows: number;
  /** Places still left after the rows with data are sent; null when the capacity is unknown. */
  placesLeft: number | null;
}

/**
 * Fills empty rows with random students and leaves every row with data alone, so the button never
 * destroys what someone typed and needs no confirmation. Every row with data will take a place when
 * sent, so only `freePlaces` minus those rows are filled (in order, from the top): Finalize then never
 * asks for more places than the session has. The new names differ from each other and from the names
 * already in the grid.
 */
export function fillWithFakeStudents(
  rows: AttendanceRow[],
  random: () => number = Math.random,
  today: Date = new Date(),
  session: FakeClass = { freePlaces: null, targetLevel: null },
): FakeFill {
  const taken = new Set(rows.filter((row) => !isEmptyRow(row)).map((row) => foldName(row.fighterName)));
  const emptyRows = rows.filter(isEmptyRow).length;
  const before = session.freePlaces === null ? null : Math.max(session.freePlaces - (rows.length - emptyRows), 0);
  const limit = before ?? emptyRows;
  let filled = 0;
  const next = rows.map((row) => {
    if (!isEmptyRow(row) || filled >= limit) return row;
    filled += 1;
    return fakeStudent(random, today, taken, session.targetLevel);
  });
  return { rows: next, filled, emptyRows, placesLeft: before === null ? null : before - filled };
}

/** The polite status line after a fill: its translation key and values. */
export function fakeFillStatus(fill: Omit<FakeFill, 'rows'>): { key: string; values: Record<string, number> } {
  if (fill.filled > 0) {
    return fill.placesLeft === null
      ? { key: 'attendance.fakeFilled', values: { filled: fill.filled } }
      : { key: 'attendance.fakeFilledPlaces', values: { filled: fill.filled, left: fill.placesLeft } };
  }
  return fill.emptyRows === 0
    ? { key: 'attendance.fakeNothingToFill', values: {} }
    : { key: 'attendance.fakeNoPlacesLeft', values: {} };
}
