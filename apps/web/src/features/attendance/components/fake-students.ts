import { ageOn } from '@openmat/contract/auth';
import { AttendanceBelt, type Gender } from '@openmat/contract/enums';
import { roundTo } from '@openmat/contract/helpers/rounding';
import { isEmptyRow, type AttendanceRow } from '@/features/attendance/stores/attendance-store';

/** Ranges the made-up walk-ins are drawn from (age, height, weight, belt, experience). */
export const FAKE_RANGES = {
  weightKg: { min: 50, max: 100 },
  heightCm: { min: 150, max: 200 },
  ageYears: { min: 10, max: 40 },
} as const;

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

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A name nobody in `taken` has yet (compared without case and spacing), which is then added to it.
 * After many clashes a number is appended, so a large class still gets distinct names.
 */
function uniqueName(random: () => number, gender: Gender, taken: Set<string>): string {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const pool = random() < 0.5 ? POLISH : ENGLISH;
    const name = `${pick(random, pool.first[gender], 'Alex')} ${pick(random, pool.last[gender], 'Silva')}`;
    if (!taken.has(nameKey(name))) {
      taken.add(nameKey(name));
      return name;
    }
  }
  const base = `${pick(random, ENGLISH.first[gender], 'Alex')} ${pick(random, ENGLISH_LAST, 'Silva')}`;
  let suffix = 2;
  while (taken.has(nameKey(`${base} ${suffix}`))) suffix += 1;
  taken.add(nameKey(`${base} ${suffix}`));
  return `${base} ${suffix}`;
}

/** One random student: weight 50-100 kg (1 decimal), height 150-200 cm, age 10-40, any belt and gender. */
export function fakeStudent(random: () => number, today: Date, taken: Set<string>): AttendanceRow {
  const gender = pick(random, GENDERS, 'Male');
  const { weightKg, heightCm, ageYears } = FAKE_RANGES;
  return {
    fighterName: uniqueName(random, gender, taken),
    birthdate: birthdateForAge(randomInt(random, ageYears.min, ageYears.max), today, random),
    weight: String(roundTo(weightKg.min + random() * (weightKg.max - weightKg.min), 1)),
    height: String(randomInt(random, heightCm.min, heightCm.max)),
    beltColor: pick(random, AttendanceBelt.options, 'None'),
    gender,
  };
}

/**
 * Fills the empty rows with random students and leaves every row with data alone, so the button never
 * destroys what someone typed and needs no confirmation. The new names differ from each other and from
 * the names already in the grid. Answers the new rows and how many were filled.
 */
export function fillWithFakeStudents(
  rows: AttendanceRow[],
  random: () => number = Math.random,
  today: Date = new Date(),
): { rows: AttendanceRow[]; filled: number } {
  const taken = new Set(rows.filter((row) => !isEmptyRow(row)).map((row) => nameKey(row.fighterName)));
  let filled = 0;
  const next = rows.map((row) => {
    if (!isEmptyRow(row)) return row;
    filled += 1;
    return fakeStudent(random, today, taken);
  });
  return { rows: next, filled };
}
