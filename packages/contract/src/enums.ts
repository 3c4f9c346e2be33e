import { z } from 'zod';

/** Martial arts a sparring video can be tagged with. */
export const MartialArt = z.enum([
  'None',
  'BrazilianJiuJitsu_GI',
  'BrazilianJiuJitsu_NO_GI',
  'Wrestling',
  'Boxing',
  'MuayThai',
  'Judo',
  'Karate',
  'Taekwondo',
  'Kickboxing',
  'Sumo',
]);
export type MartialArt = z.infer<typeof MartialArt>;
export const DEFAULT_MARTIAL_ART: MartialArt = 'BrazilianJiuJitsu_GI';

/** Belt ranks of registered fighters, lowest first. */
export const BELTS = ['White', 'Blue', 'Purple', 'Brown', 'Black'] as const;
export const Belt = z.enum(BELTS);
export type Belt = z.infer<typeof Belt>;

/**
 * Belt ranks on the walk-in attendance screen: the belts plus None, which the screen labels Unranked.
 */
export const AttendanceBelt = z.enum(['None', ...BELTS]);
export type AttendanceBelt = z.infer<typeof AttendanceBelt>;

/** Target levels of a training session, youngest/least experienced first. */
export const TargetLevel = z.enum(['Kids', 'Beginner', 'Intermediate', 'Advanced', 'Expert']);
export type TargetLevel = z.infer<typeof TargetLevel>;

export const Gender = z.enum(['Male', 'Female']);
export type Gender = z.infer<typeof Gender>;

/**
 * Training experience. It travels as a number: 0 is less than 2 years, 1 is 2 to 5 years,
 * 2 is more than 5 years.
 */
export const EXPERIENCE_LEVELS = [0, 1, 2] as const;
export const Experience = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type Experience = z.infer<typeof Experience>;
export const EXPERIENCE_NAMES = {
  0: 'LessThanTwoYears',
  1: 'TwoToFiveYears',
  2: 'MoreThanFiveYears',
} as const satisfies Record<Experience, string>;

/** Status of a training session. A new session is Active; closing it makes it Completed. */
export const SessionStatus = z.enum(['Active', 'Completed', 'Cancelled']);
export type SessionStatus = z.infer<typeof SessionStatus>;
export const DEFAULT_SESSION_STATUS: SessionStatus = 'Active';

/** Numeric role as it appears in `fighterInfo.role`: 0 = student, 1 = instructor. */
export const ROLE_STUDENT = 0;
export const ROLE_INSTRUCTOR = 1;
export const Role = z.union([z.literal(ROLE_STUDENT), z.literal(ROLE_INSTRUCTOR)]);
export type Role = z.infer<typeof Role>;

/** Role by name, as the registration payload sends it. */
export const FighterRoleName = z.enum(['Student', 'Instructor']);
export type FighterRoleName = z.infer<typeof FighterRoleName>;

/**
 * Role on input: the name, or the number 0 or 1, which the server also accepts.
 * Always parses to the name.
 */
export const FighterRoleInput = z.union([
  FighterRoleName,
  Role.transform((role): FighterRoleName => (role === ROLE_STUDENT ? 'Student' : 'Instructor')),
]);

export function roleNumber(role: FighterRoleName): Role {
  return role === 'Student' ? ROLE_STUDENT : ROLE_INSTRUCTOR;
}

/** The product treats role 0 as a student and any other value as an instructor. */
export function isInstructorRole(role: number): boolean {
  return role !== ROLE_STUDENT;
}
