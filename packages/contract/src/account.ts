import { z } from 'zod';
import { Email } from './auth.js';
import { message } from './messages.js';
import { Id, IdParam, singleLineText } from './primitives.js';

/**
 * Managing an account (issue 21, part 4; docs/decisions/0030-account-lifecycle.md): changing and
 * resetting the password, deleting the account, and approving new instructors.
 */
const Password = singleLineText('passwords').min(1, message('password.required')).max(1024);

/** `POST /api/auth/v1/manage/password`: the current password and the new one (checked against the policy). */
export const ChangePasswordRequest = z.object({ currentPassword: Password, newPassword: Password });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** `GET /api/auth/v1/password-reset`: whether a member can ask for a reset link by e-mail. */
export const PasswordResetStatus = z.object({ byEmail: z.boolean() });
export type PasswordResetStatus = z.infer<typeof PasswordResetStatus>;

/** `POST /api/auth/v1/password-reset`: the same 202 whether or not the address has an account. */
export const PasswordResetRequest = z.object({ email: Email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** `POST /api/auth/v1/password-reset/confirm`: a reset link's token and the new password. */
export const PasswordResetConfirm = z.object({
  token: singleLineText('tokens').min(1).max(512),
  newPassword: Password,
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirm>;

/** `POST /api/members/{fighterId}/password-reset-link`: a one-time link an instructor copies to a member. */
export const ResetLinkResponse = z.object({
  /** The web app's reset page with the token, relative to the app's origin. */
  path: z.string(),
  expiresAt: z.string(),
});
export type ResetLinkResponse = z.infer<typeof ResetLinkResponse>;

/**
 * `DELETE /api/auth/v1/manage/account`: the account's password, or its e-mail address for an account
 * that signs in only through an external provider.
 */
export const DeleteAccountRequest = z.object({ confirmation: Password });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const PendingInstructor = z.object({
  userId: Id,
  email: z.string(),
  fighterName: z.string().nullable(),
  registeredAt: z.string(),
});
export type PendingInstructor = z.infer<typeof PendingInstructor>;

/** `GET /api/instructors/pending`: instructor accounts waiting for approval (INSTRUCTOR_SIGNUP=approval). */
export const PendingInstructorsResponse = z.object({ instructors: z.array(PendingInstructor) });
export type PendingInstructorsResponse = z.infer<typeof PendingInstructorsResponse>;

export const UserIdParams = z.object({ userId: IdParam });
