import { describe, expect, it } from 'vitest';
import {
  ageOn,
  Birthdate,
  isProfileComplete,
  passwordPolicyErrors,
  RegisterFighterRequest,
  UpdateFighterProfileRequest,
} from './auth.js';

describe('password policy', () => {
  it('wants at least 8 characters with a digit and a letter', () => {
    expect(passwordPolicyErrors('s3cretpass')).toEqual([]);
    expect(passwordPolicyErrors('zażółć12')).toEqual([]);
    expect(passwordPolicyErrors('abc1')).toEqual(['PasswordTooShort']);
    expect(passwordPolicyErrors('abcdefgh')).toEqual(['PasswordRequiresDigit']);
    expect(passwordPolicyErrors('12345678')).toEqual(['PasswordRequiresLetter']);
    expect(passwordPolicyErrors('')).toEqual(['PasswordTooShort', 'PasswordRequiresDigit', 'PasswordRequiresLetter']);
  });
});

describe('birthdates', () => {
  it('count whole years', () => {
    const today = new Date('2026-11-21T12:00:00Z');
    expect(ageOn('2000-11-21', today)).toBe(26);
    expect(ageOn('2000-11-22', today)).toBe(25);
    expect(ageOn('2000-12-01', today)).toBe(25);
  });

  it('must be real dates within a human age', () => {
    expect(Birthdate.safeParse('1990-02-30').success).toBe(false);
    expect(Birthdate.safeParse('90-01-01').success).toBe(false);
    expect(Birthdate.safeParse('1800-01-01').success).toBe(false);
    expect(Birthdate.safeParse(`${new Date().getUTCFullYear()}-01-01`).success).toBe(false);
    expect(Birthdate.safeParse('1990-06-15').success).toBe(true);
  });
});

/** The profile fields of a valid registration. */
const figures = {
  fighterName: 'Ana',
  height: 170,
  weight: 65,
  gender: 'Female',
  birthdate: '1992-04-01',
  maxWorkoutDuration: 5,
  experience: 2,
  beltColor: 'Black',
} as const;

describe('registration payload', () => {
  const valid = { email: 'coach@example.com', password: 'x', fighterRole: 'Instructor', ...figures };

  it('accepts the role as a name or a number', () => {
    expect(RegisterFighterRequest.parse({ ...valid, fighterRole: 0 }).fighterRole).toBe('Student');
  });

  it('rejects heights in metres, unknown belts and fractional minutes', () => {
    const result = RegisterFighterRequest.safeParse({
      ...valid,
      height: 1.7,
      beltColor: 'Red',
      maxWorkoutDuration: 5.5,
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(fields).toEqual(['beltColor', 'height', 'maxWorkoutDuration']);
  });
});

describe('completing a profile', () => {
  it('takes the registration fields with their rules, and drops role, e-mail and password', () => {
    const parsed = UpdateFighterProfileRequest.parse({ ...figures, fighterRole: 'Instructor', email: 'x@y.z' });
    expect(parsed).not.toHaveProperty('fighterRole');
    expect(parsed).not.toHaveProperty('email');
    const result = UpdateFighterProfileRequest.safeParse({ ...figures, height: 1.7, birthdate: '1990-02-30' });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['birthdate', 'height']);
  });

  it('counts a profile complete only when every figure is set', () => {
    const full = { ...figures, bmi: null };
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, beltColor: null })).toBe(false);
    expect(isProfileComplete({ ...full, maxWorkoutDuration: null })).toBe(false);
  });
});
