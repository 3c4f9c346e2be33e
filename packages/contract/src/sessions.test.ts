import { describe, expect, it } from 'vitest';
import { AttendanceRecord, duplicateWalkInNames, TrainingSessionInput } from './sessions.js';

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
