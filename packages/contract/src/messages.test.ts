import { describe, expect, it } from 'vitest';
import { PASSWORD_ERRORS, RegisterFighterRequest } from './auth.js';
import { isLanguage, LANGUAGES } from './languages.js';
import { knownMessages, message, messageOf, messageTemplate } from './messages.js';
import { AttendanceRequest, SessionListQuery } from './sessions.js';

describe('messages by code', () => {
  it('are the English text, and give their code and values back', () => {
    const text = message('password.tooShort', { count: 8 });
    expect(text).toBe('Passwords must be at least 8 characters.');
    expect(messageOf(text)).toEqual({ code: 'password.tooShort', params: { count: 8 } });
    expect(messageTemplate('sessionList.instant')).toBe('{{name}} must be a date-time with an offset.');
    expect(messageOf('Passwords must be at least seven characters.')).toBeUndefined();
  });

  it('are what the schemas say, each found by its code', () => {
    const register = RegisterFighterRequest.safeParse({
      email: 'x'.repeat(300),
      password: 'a\u0000',
      fighterRole: 'Student',
      fighterName: '',
      height: 10,
      weight: 'heavy',
      gender: 'Male',
      birthdate: '2020-02-30',
      maxWorkoutDuration: 2.5,
      experience: 1,
      beltColor: 'Blue',
    });
    const attendance = AttendanceRequest.safeParse({ records: [] });
    const list = SessionListQuery.safeParse({ from: 'soon', limit: '0' });
    const issues = [register, attendance, list].flatMap((result) => result.error?.issues ?? []);
    expect(issues.length).toBeGreaterThan(8);
    for (const issue of issues) expect(messageOf(issue.message), issue.message).toBeDefined();
    expect(messageOf(PASSWORD_ERRORS.PasswordRequiresDigit)?.code).toBe('password.requiresDigit');
    expect(knownMessages().size).toBeGreaterThan(40);
  });
});

describe('languages', () => {
  it('are English and Polish', () => {
    expect(LANGUAGES).toEqual(['en', 'pl']);
    expect(isLanguage('pl')).toBe(true);
    expect(isLanguage('de')).toBe(false);
  });
});
