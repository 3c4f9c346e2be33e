import { z } from 'zod';
import { Belt, Experience, FighterRoleInput, FighterRoleName, Gender, Role } from './enums.js';
import { message, type MessageCode } from './messages.js';
import { Id, IdParam, singleLineText } from './primitives.js';

/** Limits of the registration payload; the form and the server share them. */
export const LIMITS = {
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  heightCm: { min: 50, max: 250 },
  weightKg: { min: 15, max: 300 },
  workoutMinutes: { min: 1, max: 240 },
  /** Oldest and youngest age accepted at registration. */
  ageYears: { min: 3, max: 100 },
} as const;

export const Email = singleLineText('emailAddresses')
  .trim()
  .max(LIMITS.emailMax, message('email.tooLong', { count: LIMITS.emailMax }))
  .pipe(z.email(message('email.invalid')));

/** Password policy: at least 8 characters, with a digit and a letter. Codes follow ASP.NET Identity. */
export const PASSWORD_ERRORS = {
  PasswordTooShort: message('password.tooShort', { count: LIMITS.passwordMin }),
  PasswordTooLong: message('password.tooLong', { count: LIMITS.passwordMax }),
  PasswordRequiresDigit: message('password.requiresDigit'),
  PasswordRequiresLetter: message('password.requiresLetter'),
} as const;
export type PasswordErrorCode = keyof typeof PASSWORD_ERRORS;

export function passwordPolicyErrors(password: string): PasswordErrorCode[] {
  const errors: PasswordErrorCode[] = [];
  if (password.length < LIMITS.passwordMin) errors.push('PasswordTooShort');
  if (password.length > LIMITS.passwordMax) errors.push('PasswordTooLong');
  if (!/\d/.test(password)) errors.push('PasswordRequiresDigit');
  if (!/\p{L}/u.test(password)) errors.push('PasswordRequiresLetter');
  return errors;
}

/** Passwords are checked against the policy by the server; control characters are refused outright. */
const Password = singleLineText('passwords');

/** `YYYY-MM-DD`, a real calendar date. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, message('date.format'))
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, message('date.notCalendar'));

/** Whole years between a `YYYY-MM-DD` birthdate and `today`. */
export function ageOn(birthdate: string, today: Date): number {
  const [y = 0, m = 0, d = 0] = birthdate.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

const AGE_MESSAGE = message('birthdate.age', LIMITS.ageYears);

export const Birthdate = IsoDate.refine((text) => {
  const age = ageOn(text, new Date());
  return age >= LIMITS.ageYears.min && age <= LIMITS.ageYears.max;
}, AGE_MESSAGE);

/** A figure from `min` to `max`; its messages are `<figure>.number` and `<figure>.range`. */
const between = (
  messages: { number: MessageCode; range: MessageCode },
  limits: { readonly min: number; readonly max: number },
) =>
  z
    .number({ error: message(messages.number) })
    .min(limits.min, message(messages.range, limits))
    .max(limits.max, message(messages.range, limits));

export const FighterName = singleLineText('names')
  .trim()
  .min(1, message('name.required'))
  .max(LIMITS.nameMax, message('name.tooLong', { count: LIMITS.nameMax }));

/** `POST /api/fighter/register`. The server computes BMI itself; a `bmi` sent along is ignored. */
export const RegisterFighterRequest = z.object({
  email: Email,
  password: Password,
  fighterRole: FighterRoleInput,
  fighterName: FighterName,
  height: between({ number: 'height.number', range: 'height.range' }, LIMITS.heightCm),
  weight: between({ number: 'weight.number', range: 'weight.range' }, LIMITS.weightKg),
  bmi: z.number().nullish(),
  gender: Gender,
  birthdate: Birthdate,
  maxWorkoutDuration: between(
    { number: 'sparringDuration.number', range: 'sparringDuration.range' },
    LIMITS.workoutMinutes,
  ).int(message('sparringDuration.whole')),
  experience: Experience,
  beltColor: Belt,
});
export type RegisterFighterRequest = z.input<typeof RegisterFighterRequest>;

/** `POST /api/auth/v1/register`: an account with no fighter profile yet. */
export const RegisterAccountRequest = z.object({ email: Email, password: Password });
export type RegisterAccountRequest = z.infer<typeof RegisterAccountRequest>;

export const LoginRequest = z.object({
  email: singleLineText('emailAddresses').trim().min(1, message('email.required')).max(LIMITS.emailMax),
  password: Password.min(1, message('password.required')).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenResponse = z.object({
  tokenType: z.literal('Bearer'),
  accessToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  refreshToken: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** The refresh token may come in the body or as `Authorization: Bearer`. */
export const RefreshRequest = z
  .object({
    refreshToken: singleLineText('tokens').min(1).max(512).optional(),
    accessToken: singleLineText('tokens').max(4096).optional(),
  })
  .nullish();
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const LogoutRequest = z.object({ refreshToken: singleLineText('tokens').min(1).max(512) });
export type LogoutRequest = z.infer<typeof LogoutRequest>;

/**
 * A fighter as `GET /api/fighter/{id}` answers it. An account created by external sign-in starts with
 * an empty profile, so every body figure may be null until the profile is completed.
 */
export const Fighter = z.object({
  id: Id,
  fighterName: z.string(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  bmi: z.number().nullable(),
  gender: Gender.nullable(),
  birthdate: z.string().nullable(),
  fighterRole: FighterRoleName,
  maxWorkoutDuration: z.number().nullable(),
  beltColor: Belt.nullable(),
  experience: Experience.nullable(),
});
export type Fighter = z.infer<typeof Fighter>;

export const FighterInfo = z.object({
  id: Id,
  fighterName: z.string(),
  role: Role,
  beltColor: Belt.nullable(),
  birthdate: z.string().nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  gender: Gender.nullable(),
  experience: Experience.nullable(),
});
export type FighterInfo = z.infer<typeof FighterInfo>;

export const ManageInfoResponse = z.object({
  userInfo: z.object({
    email: z.string(),
    isEmailConfirmed: z.boolean(),
    /** Whether the account has a password (an account of external sign-in may have none). */
    hasPassword: z.boolean().optional(),
    /** True while an instructor account waits for another instructor's approval. */
    instructorPending: z.boolean().optional(),
  }),
  fighterInfo: FighterInfo.nullable(),
});
export type ManageInfoResponse = z.infer<typeof ManageInfoResponse>;

export const FighterIdParams = z.object({ fighterId: IdParam });

export const ExternalSignInQuery = z.object({ returnUrl: singleLineText('addresses').min(1).max(2048) });

/** `GET /api/externalauth/status`: whether external sign-in is configured, so the UI can hide its button. */
export const ExternalAuthStatus = z.object({ enabled: z.boolean() });
export type ExternalAuthStatus = z.infer<typeof ExternalAuthStatus>;

/** Name of the http-only cookie that external sign-in sets for `POST /api/auth/v1/login`. */
export const SIGN_IN_COOKIE = 'openmat_signin';

/** The figures a complete fighter profile has. BMI is left out: it follows from height and weight. */
export const PROFILE_FIGURES = [
  'height',
  'weight',
  'gender',
  'birthdate',
  'maxWorkoutDuration',
  'beltColor',
  'experience',
] as const;
export type ProfileFigure = (typeof PROFILE_FIGURES)[number];

/** A profile is complete when every figure is set; one made by external sign-in starts with none. */
export function isProfileComplete(fighter: Pick<Fighter, ProfileFigure>): boolean {
  return PROFILE_FIGURES.every((figure) => fighter[figure] !== null);
}

/**
 * `PUT /api/fighter/me`: the caller completes their own fighter profile with the registration fields,
 * checked by the same rules. The role is not part of it and cannot change here (a `fighterRole` sent
 * along is ignored), and the server computes BMI from kg and cm (a `bmi` sent along is ignored).
 */
export const UpdateFighterProfileRequest = RegisterFighterRequest.omit({
  email: true,
  password: true,
  fighterRole: true,
});
export type UpdateFighterProfileRequest = z.input<typeof UpdateFighterProfileRequest>;

/**
 * `GET` and `PUT /api/fighter/me`: the caller's own fighter profile (null for an account that has none
 * yet) and whether it is complete. `refreshTokens` is true when the caller's access token does not
 * name this profile (it was just created): refresh the token pair and reload user info to act as it.
 */
export const FighterProfileResponse = z.object({
  fighter: Fighter.nullable(),
  complete: z.boolean(),
  refreshTokens: z.boolean(),
});
export type FighterProfileResponse = z.infer<typeof FighterProfileResponse>;
