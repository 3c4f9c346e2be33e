import { describe, expect, it } from 'vitest';
import type { AttendanceRow } from '@/features/attendance/stores/attendance-store';
import { blankRow, checkRows, editableRows, rowCount, rowsFor, validRecords } from './attendance-rows';

const row = (patch: Partial<AttendanceRow>): AttendanceRow => ({ ...blankRow(), ...patch });
const complete = (name: string): AttendanceRow =>
  row({ fighterName: name, birthdate: '2001-03-04', weight: '72.5', height: '180' });
const TODAY = new Date(2025, 5, 15);

describe('rowCount', () => {
  it('is the capacity, or 10 when it is unknown or unusable', () => {
    expect(rowCount(12)).toBe(12);
    expect(rowCount(1)).toBe(1);
    expect(rowCount(null)).toBe(10);
    expect(rowCount(0)).toBe(10);
    expect(rowCount(-3)).toBe(10);
    expect(rowCount(2.5)).toBe(10);
    expect(rowCount(5000)).toBe(200);
  });
});

describe('rowsFor', () => {
  it('pads a draft with blank rows up to the count', () => {
    expect(rowsFor(undefined, 3)).toEqual([blankRow(), blankRow(), blankRow()]);
    expect(rowsFor([complete('Ewa')], 3)).toEqual([complete('Ewa'), blankRow(), blankRow()]);
  });

  it('drops only trailing empty rows when the draft is longer than the count', () => {
    expect(rowsFor([complete('A'), blankRow(), blankRow()], 1)).toEqual([complete('A')]);
    expect(rowsFor([complete('A'), blankRow(), complete('B')], 1)).toEqual([complete('A'), blankRow(), complete('B')]);
  });
});

describe('editableRows', () => {
  it('lets only the first two empty rows be edited', () => {
    expect(editableRows(rowsFor(undefined, 5))).toEqual([true, true, false, false, false]);
  });

  it('always lets rows with data be edited, and unlocks the next empty rows', () => {
    const rows = [complete('A'), blankRow(), row({ weight: '70' }), blankRow(), blankRow()];
    expect(editableRows(rows)).toEqual([true, true, true, true, false]);
  });

  it('counts whitespace-only text and the selects as empty', () => {
    const rows = [row({ fighterName: '   ', beltColor: 'Black', gender: 'Female' }), blankRow(), blankRow()];
    expect(editableRows(rows)).toEqual([true, true, false]);
  });

  it('keeps the focused row editable when it turns into a third empty row, still at most two', () => {
    const rows = [blankRow(), complete('B'), blankRow(), blankRow()];
    expect(editableRows(rows, 3)).toEqual([true, true, false, true]);
    expect(editableRows(rows, null)).toEqual([true, true, true, false]);
  });
});

describe('checkRows', () => {
  it('calls rows without text empty and complete rows valid, with numbers as numbers', () => {
    const checks = checkRows([blankRow(), complete('  Ewa Nowak ')], TODAY);
    expect(checks[0]).toEqual({ kind: 'empty' });
    expect(checks[1]).toEqual({
      kind: 'valid',
      record: {
        fighterName: 'Ewa Nowak',
        birthdate: '2001-03-04',
        weight: 72.5,
        height: 180,
        beltColor: 'None',
        gender: 'Male',
      },
    });
  });

  it('needs a name, a birthdate, and a weight and height above 0 and at most the limits', () => {
    const keys = (patch: Partial<AttendanceRow>) => {
      const [check] = checkRows([{ ...complete('Ewa'), ...patch }], TODAY);
      return check?.kind === 'invalid' ? check.issues.map((issue) => issue.key) : [];
    };
    expect(keys({ fighterName: ' ' })).toEqual(['attendance.errors.nameRequired']);
    expect(keys({ birthdate: '' })).toEqual(['attendance.errors.birthdateRequired']);
    expect(keys({ birthdate: '2001-02-30' })).toEqual(['attendance.errors.birthdateInvalid']);
    expect(keys({ birthdate: '2025-06-16' })).toEqual(['attendance.errors.birthdateFuture']);
    expect(keys({ weight: '' })).toEqual(['attendance.errors.weightRequired']);
    expect(keys({ weight: '0' })).toEqual(['attendance.errors.weightPositive']);
    expect(keys({ weight: '-4' })).toEqual(['attendance.errors.weightPositive']);
    expect(keys({ weight: '301' })).toEqual(['attendance.errors.weightMax']);
    expect(keys({ height: '0' })).toEqual(['attendance.errors.heightPositive']);
    expect(keys({ height: '251' })).toEqual(['attendance.errors.heightMax']);
    expect(keys({ weight: '0', height: '' })).toEqual([
      'attendance.errors.weightPositive',
      'attendance.errors.heightRequired',
    ]);
    expect(keys({ birthdate: '2022-06-15', weight: '15', height: '50' })).toEqual([]);
  });

  it('refuses implausible weights and heights as they are typed (issue 22): below 15 kg or 50 cm', () => {
    const keys = (patch: Partial<AttendanceRow>) => {
      const [check] = checkRows([{ ...complete('Ewa'), ...patch }], TODAY);
      return check?.kind === 'invalid' ? check.issues.map((issue) => issue.key) : [];
    };
    expect(keys({ weight: '0.1', height: '0.1' })).toEqual([
      'attendance.errors.weightMin',
      'attendance.errors.heightMin',
    ]);
    expect(keys({ weight: '7', height: '18' })).toEqual(['attendance.errors.weightMin', 'attendance.errors.heightMin']);
    expect(keys({ weight: '72,5', height: '180' })).toEqual([]);
  });

  it('marks a later row that repeats a name, whatever its case and spacing', () => {
    const checks = checkRows([complete('Ewa Nowak'), complete(' ewa   NOWAK'), complete('Ewa Kowalska')], TODAY);
    expect(checks.map((check) => check.kind)).toEqual(['valid', 'invalid', 'valid']);
    expect(checks[1]).toEqual({
      kind: 'invalid',
      issues: [{ field: 'fighterName', key: 'attendance.errors.duplicateName' }],
    });
  });

  it('marks a later row that repeats a name without its Polish letters, one member to the server', () => {
    const checks = checkRows([complete('Łukasz Żak'), complete('lukasz zak')], TODAY);
    expect(checks.map((check) => check.kind)).toEqual(['valid', 'invalid']);
  });

  it('sends only the valid rows, in order', () => {
    const rows = [complete('A'), row({ fighterName: 'B' }), blankRow(), complete('C')];
    expect(validRecords(checkRows(rows, TODAY)).map((record) => record.fighterName)).toEqual(['A', 'C']);
  });
});
