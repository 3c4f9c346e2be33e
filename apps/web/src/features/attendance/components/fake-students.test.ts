import { ageOn } from '@openmat/contract/auth';
import { AttendanceBelt, TargetLevel } from '@openmat/contract/enums';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { translations } from '@/testing/render';
import type { AttendanceRow } from '@/features/attendance/stores/attendance-store';
import { blankRow, checkRows, rowsFor } from './attendance-rows';
import {
  birthdateForAge,
  FAKE_RANGES,
  fakeFillStatus,
  fillWithFakeStudents,
  freePlaces,
  type FakeClass,
} from './fake-students';

/** A repeatable pseudo-random sequence (a linear congruential generator). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const TODAY = new Date(Date.UTC(2025, 5, 15, 12));

describe('fillWithFakeStudents', () => {
  it.each([1, 2, 3, 42])('gives students in the spec ranges, with unique names (seed %i)', (seed) => {
    const { rows, filled } = fillWithFakeStudents(rowsFor(undefined, 200), seeded(seed), TODAY);
    expect(filled).toBe(200);
    for (const row of rows) {
      expect(Number(row.weight)).toBeGreaterThanOrEqual(FAKE_RANGES.weightKg.min);
      expect(Number(row.weight)).toBeLessThanOrEqual(FAKE_RANGES.weightKg.max);
      expect(Number(row.height)).toBeGreaterThanOrEqual(FAKE_RANGES.heightCm.min);
      expect(Number(row.height)).toBeLessThanOrEqual(FAKE_RANGES.heightCm.max);
      expect(ageOn(row.birthdate, TODAY)).toBeGreaterThanOrEqual(FAKE_RANGES.ageYears.min);
      expect(ageOn(row.birthdate, TODAY)).toBeLessThanOrEqual(FAKE_RANGES.ageYears.max);
      expect(AttendanceBelt.options).toContain(row.beltColor);
      expect(['Male', 'Female']).toContain(row.gender);
    }
    const names = rows.map((row) => row.fighterName.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    expect(checkRows(rows, TODAY).every((check) => check.kind === 'valid')).toBe(true);
  });

  it('reaches both ends of the ranges with extreme random numbers', () => {
    const low = fillWithFakeStudents([blankRow()], () => 0, TODAY).rows[0];
    // The first number picks the gender (Male, the tallest range); every later one is the highest.
    let calls = 0;
    const highest = () => (calls++ === 0 ? 0 : 0.999999);
    const high = fillWithFakeStudents([blankRow()], highest, TODAY).rows[0];
    expect([low?.weight, low?.height, ageOn(low?.birthdate ?? '', TODAY)]).toEqual(['50', '150', 10]);
    expect([high?.weight, high?.height, ageOn(high?.birthdate ?? '', TODAY)]).toEqual(['100', '200', 40]);
  });

  it('mixes Polish and English names, and belts including None', () => {
    const { rows } = fillWithFakeStudents(rowsFor(undefined, 100), seeded(7), TODAY);
    expect(rows.some((row) => /ski$|ska$|Nowak|Wójcik|Mazur/.test(row.fighterName))).toBe(true);
    expect(
      rows.some((row) => /Smith|Jones|Taylor|Brown|Williams|Wilson|Evans|Walker|Wright|Hughes/.test(row.fighterName)),
    ).toBe(true);
    expect(new Set(rows.map((row) => row.beltColor))).toEqual(new Set(AttendanceBelt.options));
  });

  it('fills only the empty rows and never repeats a name already typed', () => {
    const typed = { ...blankRow(), fighterName: 'Jakub Nowak', weight: '0' };
    // Always the first names of each list: without the check it would produce 'Jakub Nowak' again.
    const { rows, filled } = fillWithFakeStudents([typed, blankRow(), blankRow()], () => 0, TODAY);
    expect(filled).toBe(2);
    expect(rows[0]).toBe(typed);
    const names = rows.map((row) => row.fighterName.toLowerCase());
    expect(new Set(names).size).toBe(3);
  });

  it('fills nothing when every row has data', () => {
    const rows = [{ ...blankRow(), fighterName: 'A' }];
    expect(fillWithFakeStudents(rows, seeded(1), TODAY)).toEqual({ rows, filled: 0, emptyRows: 0, placesLeft: null });
  });
});

describe('birthdateForAge', () => {
  it('gives the asked age on 29 February and the day after', () => {
    const leapDay = new Date(Date.UTC(2024, 1, 29));
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      expect(ageOn(birthdateForAge(11, leapDay, random), leapDay)).toBe(11);
      expect(ageOn(birthdateForAge(12, new Date(Date.UTC(2025, 2, 1)), random), new Date(Date.UTC(2025, 2, 1)))).toBe(
        12,
      );
    }
  });
});

/** Many fake students of a class, over several seeds. */
function crowd(targetLevel: TargetLevel | null, seeds = 40, size = 100): AttendanceRow[] {
  return Array.from({ length: seeds }, (_, seed) => seed + 1).flatMap(
    (seed) =>
      fillWithFakeStudents(rowsFor(undefined, size), seeded(seed), TODAY, { freePlaces: null, targetLevel }).rows,
  );
}

const age = (row: AttendanceRow) => ageOn(row.birthdate, TODAY) ?? Number.NaN;
const bmi = (row: AttendanceRow) => Number(row.weight) / (Number(row.height) / 100) ** 2;
const rank = (row: AttendanceRow) => AttendanceBelt.options.indexOf(row.beltColor);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('fillWithFakeStudents and the places left', () => {
  const typed = (name: string): AttendanceRow => ({ ...blankRow(), fighterName: name, weight: '70', height: '180' });

  it('fills only as many rows as places are left: 9 of 10 places gives 9 rows, not 10', () => {
    const { rows, filled, placesLeft } = fillWithFakeStudents(rowsFor(undefined, 10), seeded(1), TODAY, {
      freePlaces: 9,
      targetLevel: null,
    });
    expect([filled, placesLeft]).toEqual([9, 0]);
    expect(rows.filter((row) => row.fighterName !== '')).toHaveLength(9);
    // From the top: the last row stays empty.
    expect(rows[9]).toEqual(blankRow());
  });

  it.each([
    // free places, typed rows, rows in all, expected filled, expected places left
    [10, 0, 10, 10, 0],
    [9, 0, 10, 9, 0],
    [5, 2, 10, 3, 0],
    [10, 3, 6, 3, 4],
    [3, 3, 10, 0, 0],
    [2, 4, 10, 0, 0],
    [0, 0, 10, 0, 0],
  ])('with %i free places, %i typed rows of %i: fills %i and leaves %i', (free, typedRows, total, want, left) => {
    const rows = rowsFor(
      Array.from({ length: typedRows }, (_, at) => typed(`Walk In ${at}`)),
      total,
    );
    const result = fillWithFakeStudents(rows, seeded(3), TODAY, { freePlaces: free, targetLevel: 'Beginner' });
    expect([result.filled, result.placesLeft]).toEqual([want, left]);
    expect(result.rows.filter((row) => row.fighterName !== '').length).toBeLessThanOrEqual(Math.max(free, typedRows));
    expect(result.rows.slice(0, typedRows)).toEqual(rows.slice(0, typedRows));
  });

  it('never gives more rows with data than places, for any count over many seeds', () => {
    for (let seed = 1; seed <= 30; seed += 1) {
      const random = seeded(seed);
      const total = 1 + Math.floor(random() * 20);
      const free = Math.floor(random() * 25);
      const typedRows = Math.floor(random() * (total + 1));
      const rows = rowsFor(
        Array.from({ length: typedRows }, (_, at) => typed(`Walk In ${at}`)),
        total,
      );
      const session: FakeClass = { freePlaces: free, targetLevel: null };
      const { filled, placesLeft } = fillWithFakeStudents(rows, random, TODAY, session);
      expect(filled).toBeLessThanOrEqual(Math.max(free - typedRows, 0));
      expect(filled).toBe(Math.min(total - typedRows, Math.max(free - typedRows, 0)));
      expect(placesLeft).toBe(Math.max(free - typedRows, 0) - filled);
    }
  });

  it('fills every empty row when the capacity is unknown, as before', () => {
    const result = fillWithFakeStudents(rowsFor([typed('Ewa')], 10), seeded(2), TODAY, {
      freePlaces: null,
      targetLevel: null,
    });
    expect([result.filled, result.placesLeft]).toEqual([9, null]);
  });

  it('counts the free places as the server does: capacity minus the roster', () => {
    expect(freePlaces(10, 1)).toBe(9);
    expect(freePlaces(10, 0)).toBe(10);
    expect(freePlaces(3, 5)).toBe(0);
    expect(freePlaces(null, 4)).toBeNull();
  });
});

describe('fakeFillStatus', () => {
  async function texts(fill: Parameters<typeof fakeFillStatus>[0]): Promise<[string, string]> {
    const { key, values } = fakeFillStatus(fill);
    const resources = { en: { translation: translations.en }, pl: { translation: translations.pl } };
    const en = await createI18n('en', resources);
    const pl = await createI18n('pl', resources);
    return [en.t(key, values), pl.t(key, values)];
  }

  it('says how many rows were filled and how many places are left', async () => {
    expect(await texts({ filled: 3, emptyRows: 5, placesLeft: 0 })).toEqual([
      'Test students added to the empty rows: 3. Places left: 0.',
      'Dodano testowych uczniów w pustych wierszach: 3. Pozostałe wolne miejsca: 0.',
    ]);
    expect(await texts({ filled: 2, emptyRows: 2, placesLeft: 4 })).toEqual([
      'Test students added to the empty rows: 2. Places left: 4.',
      'Dodano testowych uczniów w pustych wierszach: 2. Pozostałe wolne miejsca: 4.',
    ]);
  });

  it('says so when no place is left', async () => {
    expect(await texts({ filled: 0, emptyRows: 4, placesLeft: 0 })).toEqual([
      'No places are left in this session, so no test students were added.',
      'W tej sesji nie ma już wolnych miejsc, więc nie dodano testowych uczniów.',
    ]);
  });

  it('keeps the old texts when the capacity is unknown or every row has data', async () => {
    expect((await texts({ filled: 4, emptyRows: 4, placesLeft: null }))[0]).toBe(
      'Test students added to the empty rows: 4.',
    );
    expect((await texts({ filled: 0, emptyRows: 0, placesLeft: 0 }))[0]).toBe(
      'Every row already has data, so no test students were added.',
    );
  });
});

describe('plausible fake students', () => {
  const everyone = crowd(null);

  it('gives belts that fit the age: Blue and Purple from 16, Brown from 18, Black from 19', () => {
    expect(everyone.length).toBe(4000);
    for (const row of everyone) {
      if (age(row) < 16) expect(['None', 'White']).toContain(row.beltColor);
      if (age(row) < 18) expect(row.beltColor).not.toBe('Brown');
      if (age(row) < 19) expect(row.beltColor).not.toBe('Black');
    }
    // The rule is not met by never giving the high belts.
    expect(everyone.some((row) => row.beltColor === 'Black' && age(row) === 19)).toBe(true);
    expect(everyone.some((row) => row.beltColor === 'Purple' && age(row) < 18)).toBe(true);
  });

  it('makes older people more likely to have higher belts', () => {
    const ranks = (from: number, to: number) =>
      mean(everyone.filter((row) => age(row) >= from && age(row) <= to).map(rank));
    expect(ranks(31, 40)).toBeGreaterThan(ranks(19, 24) + 0.5);
    expect(ranks(19, 24)).toBeGreaterThan(ranks(10, 15));
  });

  it('gives a weight that fits the height: a BMI of 19-30 (19-25 for kids), inside the spec ranges', () => {
    for (const row of everyone) {
      const bounds = age(row) < 16 ? { min: 19, max: 25 } : { min: 19, max: 30 };
      expect(bmi(row)).toBeGreaterThanOrEqual(bounds.min);
      expect(bmi(row)).toBeLessThanOrEqual(bounds.max);
      expect(Number(row.weight)).toBeGreaterThanOrEqual(FAKE_RANGES.weightKg.min);
      expect(Number(row.weight)).toBeLessThanOrEqual(FAKE_RANGES.weightKg.max);
      expect(Number(row.height)).toBeGreaterThanOrEqual(FAKE_RANGES.heightCm.min);
      expect(Number(row.height)).toBeLessThanOrEqual(FAKE_RANGES.heightCm.max);
    }
    // Taller people are heavier on average.
    const weights = (from: number, to: number) =>
      mean(
        everyone
          .filter((row) => Number(row.height) >= from && Number(row.height) <= to)
          .map((row) => Number(row.weight)),
      );
    expect(weights(185, 200)).toBeGreaterThan(weights(150, 165) + 15);
  });

  it('gives only kids (under 16) in a Kids class', () => {
    const ages = crowd('Kids').map(age);
    expect(Math.max(...ages)).toBe(15);
    expect(Math.min(...ages)).toBe(FAKE_RANGES.ageYears.min);
  });

  it.each(TargetLevel.options.filter((level) => level !== 'Kids'))('gives no child in a %s class', (level) => {
    const ages = crowd(level, 10).map(age);
    // The server's pairing takes 16 for an adult (PAIRING_ASSUMPTIONS.adultFromAge).
    expect(Math.min(...ages)).toBe(16);
    expect(Math.max(...ages)).toBe(FAKE_RANGES.ageYears.max);
  });
});
