import { describe, expect, it } from 'vitest';
import { AttendanceBelt, Belt, FighterRoleInput, isInstructorRole, MartialArt, roleNumber } from './enums.js';

describe('enums', () => {
  it('travel as their names', () => {
    expect(Belt.parse('White')).toBe('White');
    expect(MartialArt.parse('BrazilianJiuJitsu_NO_GI')).toBe('BrazilianJiuJitsu_NO_GI');
    expect(Belt.safeParse('Red').success).toBe(false);
  });

  it('add None to the belts only for attendance', () => {
    expect(AttendanceBelt.parse('None')).toBe('None');
    expect(Belt.safeParse('None').success).toBe(false);
  });

  it('accept a role as a name or as 0/1 and normalise it to the name', () => {
    expect(FighterRoleInput.parse('Student')).toBe('Student');
    expect(FighterRoleInput.parse(0)).toBe('Student');
    expect(FighterRoleInput.parse(1)).toBe('Instructor');
    expect(FighterRoleInput.safeParse(2).success).toBe(false);
    expect(roleNumber('Instructor')).toBe(1);
  });

  it('treat role 0 as a student and any other role as an instructor', () => {
    expect(isInstructorRole(0)).toBe(false);
    expect(isInstructorRole(1)).toBe(true);
    expect(isInstructorRole(7)).toBe(true);
  });
});
