import { describe, expect, it } from 'vitest';
import {
  AttendanceRecord,
  duplicateWalkInNames,
  encodeSessionCursor,
  SessionListQuery,
  TrainingDate,
  TrainingSessionInput,
} from './sessions.js';

describe('session input', () => {
  it('needs a date-time with an offset, a whole capacity and a positive duration in hours', () => {
    const ok = TrainingSessionInput.parse({
      trainingDate: '2026-11-21T18:00:00+01:00',
      capacity: 12,
      duration: 1.5,
      targetLevel: 'Beginner',
    });
    expect(ok).toMatchObject({ status: 'Active', description: '' });
    const bad = TrainingSessionInput.safeParse({
      trainingDate: '2026-11-21',
      capacity: 2.5,
      duration: 0,
      targetLevel: 'Pro',
    });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'capacity',
      'duration',
      'targetLevel',
      'trainingDate',
    ]);
  });
});

describe('attendance records', () => {
  it('accept None as a belt and need weight and height above 0', () => {
    const base = {
      fighterName: 'Ola',
      birthdate: '2010-05-05',
      weight: 40,
      height: 150,
      beltColor: 'None',
      gender: 'Female',
    };
    expect(AttendanceRecord.safeParse(base).success).toBe(true);
    expect(AttendanceRecord.safeParse({ ...base, weight: 0 }).success).toBe(false);
    expect(AttendanceRecord.safeParse({ ...base, fighterName: '  ' }).success).toBe(false);
  });

  it('find names repeated within one submission, ignoring case and spacing', () => {
    expect(
      duplicateWalkInNames([{ fighterName: 'Jan Nowak' }, { fighterName: 'jan  nowak' }, { fighterName: 'Ola' }]),
    ).toEqual(['Jan Nowak']);
    expect(duplicateWalkInNames([{ fighterName: 'A' }, { fighterName: 'B' }])).toEqual([]);
  });
});

describe('dates far outside any class', () => {
  it('are refused as training dates: only the years 2000 to 2100 (in UTC) are accepted', () => {
    for (const ok of ['2000-01-01T00:00:00Z', '2026-11-21T18:00:00+01:00', '2100-12-31T23:59:59Z']) {
      expect(TrainingDate.safeParse(ok).success).toBe(true);
    }
    for (const bad of [
      '0000-01-01T00:00:00+01:00',
      '9999-12-31T23:00:00-05:00',
      '+010000-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2000-01-01T00:30:00+01:00',
      '2101-01-01T00:00:00Z',
    ]) {
      expect(TrainingDate.safeParse(bad).success).toBe(false);
    }
    expect(TrainingDate.safeParse('9999-12-31T23:00:00-05:00').error?.issues.map((issue) => issue.message)).toEqual([
      'trainingDate must be in the years 2000 to 2100.',
    ]);
    // A text that is no date-time gets one message, not two.
    expect(TrainingDate.safeParse('tomorrow').error?.issues).toHaveLength(1);
  });

  it('are refused as walk-in birthdates: from 1900 to today', () => {
    const walkIn = (birthdate: string) =>
      AttendanceRecord.safeParse({
        fighterName: 'Ola',
        birthdate,
        weight: 40,
        height: 150,
        beltColor: 'None',
        gender: 'Female',
      }).success;
    expect(walkIn('1900-01-01')).toBe(true);
    expect(walkIn(new Date().toISOString().slice(0, 10))).toBe(true);
    expect(walkIn('0000-01-01')).toBe(false);
    expect(walkIn('1899-12-31')).toBe(false);
    expect(walkIn('9999-12-31')).toBe(false);
    expect(walkIn(`${new Date().getUTCFullYear() + 1}-01-01`)).toBe(false);
  });
});

describe('session list query', () => {
  it('reads bounds in UTC, a limit from text and a cursor back into its key', () => {
    const cursor = encodeSessionCursor({ trainingDate: '2026-11-21T17:00:00.000Z', id: 42 });
    expect(
      SessionListQuery.parse({ from: '2026-11-21T18:00:00+01:00', status: 'Active', limit: '25', cursor }),
    ).toEqual({
      from: '2026-11-21T17:00:00.000Z',
      status: 'Active',
      limit: 25,
      cursor: { trainingDate: '2026-11-21T17:00:00.000Z', id: 42 },
    });
    expect(SessionListQuery.parse({})).toEqual({});
  });

  it('refuses what it does not bound: limits outside 1..100, dates without an offset, made-up cursors', () => {
    const fields = (query: Record<string, string>) =>
      SessionListQuery.safeParse(query).error?.issues.map((issue) => issue.path.join('.') || issue.code);
    expect(fields({ limit: '0' })).toEqual(['limit']);
    expect(fields({ limit: '101' })).toEqual(['limit']);
    expect(fields({ from: '2026-11-21' })).toEqual(['from']);
    expect(fields({ from: '2026-11-22T00:00:00Z', to: '2026-11-21T00:00:00Z' })).toEqual(['to']);
    expect(fields({ cursor: '2026-11-21T17:00:00.000Z_0' })).toEqual(['cursor']);
    expect(fields({ cursor: '2026-02-30T17:00:00.000Z_4' })).toEqual(['cursor']);
    expect(fields({ offset: '100000' })).toEqual(['unrecognized_keys']);
  });
});
