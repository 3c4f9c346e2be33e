import { afterEach, describe, expect, it } from 'vitest';
import { makeSessionDetails } from './session-fixtures';
import {
  emptySessionValues,
  parseLocalInputValue,
  sessionInput,
  sessionValues,
  toLocalInputValue,
  toOffsetIso,
  validateSessionForm,
} from './session-form-model';

const ORIGINAL_TZ = process.env.TZ;

afterEach(() => {
  process.env.TZ = ORIGINAL_TZ;
});

const valid = { ...emptySessionValues(), trainingDate: '2025-03-15T18:30', capacity: '12', duration: '90' };

describe('session form model', () => {
  it('writes a local moment as ISO 8601 with the local offset', () => {
    process.env.TZ = 'Europe/Warsaw';
    expect(toOffsetIso(new Date(2025, 2, 15, 18, 30))).toBe('2025-03-15T18:30:00+01:00');
    expect(toOffsetIso(new Date(2025, 6, 1, 9, 5))).toBe('2025-07-01T09:05:00+02:00');
    process.env.TZ = 'America/Sao_Paulo';
    expect(toOffsetIso(new Date(2025, 2, 15, 18, 30))).toBe('2025-03-15T18:30:00-03:00');
    process.env.TZ = 'Asia/Kolkata';
    expect(toOffsetIso(new Date(2025, 2, 15, 18, 30))).toBe('2025-03-15T18:30:00+05:30');
  });

  it('shows a stored moment in local time for the datetime-local input', () => {
    process.env.TZ = 'America/Sao_Paulo';
    expect(toLocalInputValue('2025-03-16T01:30:00Z')).toBe('2025-03-15T22:30');
    expect(toLocalInputValue('not a date')).toBe('');
  });

  it('parses only full, real dates and times', () => {
    expect(parseLocalInputValue('2025-03-15T18:30')?.getTime()).toBe(new Date(2025, 2, 15, 18, 30).getTime());
    expect(parseLocalInputValue('2025-03-15T18:30:15')?.getSeconds()).toBe(15);
    expect(parseLocalInputValue('2025-02-30T18:30')).toBeNull();
    expect(parseLocalInputValue('2025-03-15')).toBeNull();
    expect(parseLocalInputValue('')).toBeNull();
  });

  it('requires the date, the capacity and the duration, within their limits', () => {
    expect(validateSessionForm(valid)).toEqual({});
    expect(Object.keys(validateSessionForm(emptySessionValues()))).toEqual(['trainingDate', 'capacity', 'duration']);
    expect(validateSessionForm({ ...valid, capacity: '201' }).capacity?.key).toBe('sessions.form.errors.capacityRange');
    expect(validateSessionForm({ ...valid, capacity: '1' })).toEqual({});
    expect(validateSessionForm({ ...valid, capacity: '200' })).toEqual({});
    expect(validateSessionForm({ ...valid, duration: '0' }).duration?.key).toBe('sessions.form.errors.durationRange');
    expect(validateSessionForm({ ...valid, duration: '1' })).toEqual({});
    expect(validateSessionForm({ ...valid, duration: '720' })).toEqual({});
    expect(validateSessionForm({ ...valid, duration: 'abc' }).duration?.key).toBe('sessions.form.errors.durationRange');
  });

  it('sends minutes as hours, numbers as numbers and the given status', () => {
    process.env.TZ = 'Europe/Warsaw';
    expect(sessionInput({ ...valid, description: '  Takedowns  ' }, 'Active')).toEqual({
      trainingDate: '2025-03-15T18:30:00+01:00',
      description: 'Takedowns',
      capacity: 12,
      duration: 1.5,
      status: 'Active',
      targetLevel: 'Beginner',
    });
    expect(sessionInput({ ...valid, duration: '10' }, 'Completed')?.duration).toBeCloseTo(10 / 60);
    expect(sessionInput(emptySessionValues(), 'Active')).toBeNull();
  });

  it('fills the form from a session, hours back to minutes', () => {
    const values = sessionValues(makeSessionDetails({ duration: 1.5, capacity: 20, targetLevel: 'Expert' }));
    expect(values).toEqual({
      trainingDate: '2025-03-15T18:30',
      capacity: '20',
      duration: '90',
      targetLevel: 'Expert',
      description: 'Guard retention',
    });
    expect(sessionValues(makeSessionDetails({ duration: 10 / 60 })).duration).toBe('10');
  });
});
