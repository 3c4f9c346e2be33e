import { ageOn } from '@openmat/contract/auth';
import { AttendanceBelt } from '@openmat/contract/enums';
import { describe, expect, it } from 'vitest';
import { blankRow, checkRows, rowsFor } from './attendance-rows';
import { birthdateForAge, FAKE_RANGES, fillWithFakeStudents } from './fake-students';

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
    const high = fillWithFakeStudents([blankRow()], () => 0.999999, TODAY).rows[0];
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
    expect(fillWithFakeStudents(rows, seeded(1), TODAY)).toEqual({ rows, filled: 0 });
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
