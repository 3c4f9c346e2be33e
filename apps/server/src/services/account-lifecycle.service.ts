import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_ERRORS, passwordPolicyErrors, type PasswordErrorCode } from '@openmat/contract/auth';
import type {
  ChangePasswordRequest,
  PasswordResetConfirm,
  PendingInstructorsResponse,
  ResetLinkResponse,
} from '@openmat/contract/account';
import type { Language } from '@openmat/contract/languages';
import { messageOf } from '@openmat/contract/messages';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { msg, render, type Message } from '../i18n/catalog.js';
import type { Clock } from '../lib/clock.js';
import type { PasswordHasher } from '../lib/password-hasher.js';
import type { Principal } from '../lib/principal.js';
import type { AccountLifecycleRepository } from '../repositories/account-lifecycle.repository.js';
import type { NewAccount } from '../repositories/account.repository.js';
import type { FighterRepository } from '../repositories/fighter.repository.js';
import type { MailRepository } from '../repositories/mail.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { EventPublisher } from './event-publisher.js';
import type { LoginThrottleService } from './login-throttle.service.js';
import { forgetInPairing } from '../coach/pairing/pairing-record.js';

/** How long a reset link works: half an hour, once. */
export const RESET_TOKEN_MINUTES = 30;
/**
 * How recent a sign-in must be to delete an account without a password (its confirmation, the e-mail
 * address, is no secret): a token stolen from an older sign-in cannot delete the account.
 */
export const RECENT_SIGN_IN_MINUTES = 10;
/** The web app's page that a reset link opens. */
export const RESET_PAGE = '/reset-password';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

function passwordError(code: PasswordErrorCode): Message {
  const coded = messageOf(PASSWORD_ERRORS[code]);
  if (!coded) throw new Error(`The contract gives no code for the ${code} message.`);
  return msg(`contract.${coded.code}`, coded.params);
}

/** The policy's refusals of a new password, under the field that holds it. */
function assertPolicy(password: string, field: string): void {
  const codes = passwordPolicyErrors(password);
  if (codes.length > 0) throw badRequest(msg('password.notChanged'), { [field]: codes.map(passwordError) });
}

export interface LifecycleLog {
  warn(details: object, message: string): void;
}

export interface LifecycleSettings {
  /** The app's public origin, for the links in e-mails (never the request's Host). */
  publicUrl: string | undefined;
  instructorSignup: 'open' | 'approval';
}

/** Removes a user's uploaded videos, their files in storage included. */
export type VideoRemover = (userId: number) => Promise<void>;

/**
 * Changing, resetting and issuing passwords, deleting an account, and approving instructors
 * (docs/decisions/0030-account-lifecycle.md).
 */
export class AccountLifecycleService {
  /** Reset e-mails under way; they are sent after the answer, so that it takes as long for every address. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly users: UserRepository,
    private readonly fighters: FighterRepository,
    private readonly lifecycle: AccountLifecycleRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly events: EventPublisher,
    private readonly mail: MailRepository | null,
    private readonly removeVideos: VideoRemover,
    private readonly settings: LifecycleSettings,
    private readonly clock: Clock,
    private readonly log: LifecycleLog,
  ) {}

  /**
   * Changes the caller's password: the current one must be right (wrong guesses count as failed
   * sign-ins). Every other sign-in of the account ends; the caller's own stays.
   */
  async changePassword(principal: Principal, input: ChangePasswordRequest, address: string): Promise<void> {
    const user = await this.users.findById(principal.userId);
    if (!user) throw notFound(msg('auth.accountGone'));
    if (!user.passwordHash) throw badRequest(msg('password.noPassword'));
    await this.throttle.beginAttempt(user.email, address);
    if (!(await this.hasher.verify(user.passwordHash, input.currentPassword))) {
      await this.throttle.recordFailure(user.email, address);
      throw badRequest(msg('password.notChanged'), { currentPassword: [msg('password.currentWrong')] });
    }
    await this.throttle.recordSuccess(user.email, address);
    assertPolicy(input.newPassword, 'newPassword');
    await this.lifecycle.setPasswordHash(user.id, await this.hasher.hash(input.newPassword));
    await this.endSignIns(user.id, principal.signInId ?? null);
  }

  private async endSignIns(userId: number, keep: string | null): Promise<void> {
    for (const signInId of await this.lifecycle.revokeSignIns(userId, keep)) {
      await this.events.publish({ type: 'signin.ended', userId, signInId });
    }
  }

  get resetByEmail(): boolean {
    return this.mail !== null;
  }

  private async newResetToken(userId: number, issuedBy: number | null): Promise<{ token: string; expiresAt: string }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString();
    await this.lifecycle.insertResetToken({ userId, tokenHash: sha256(token), issuedByUserId: issuedBy, expiresAt });
    return { token, expiresAt };
  }

  /**
   * Asks for a reset link by e-mail. The answer is the same, and comes as soon, whether or not the
   * address has an account: the lookup and the mail happen after it.
   */
  async requestReset(email: string, language: Language, address: string): Promise<void> {
    if (!this.mail) throw notFound(msg('password.resetByEmailOff'));
    await this.throttle.countPasswordReset(email, address);
    const sending = this.sendReset(email, language).catch((err: unknown) => {
      this.log.warn({ err }, 'sending a password reset e-mail failed');
    });
    this.sending.add(sending);
    void sending.finally(() => this.sending.delete(sending));
  }

  /** Resolves once every reset e-mail asked for so far was sent (or failed): for tests and shutdown. */
  async idle(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  private async sendReset(email: string, language: Language): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || !this.mail) return;
    const { token } = await this.newResetToken(user.id, null);
    const link = `${this.settings.publicUrl ?? ''}${RESET_PAGE}?token=${encodeURIComponent(token)}`;
    await this.mail.send({
      to: user.email,
      subject: render(msg('mail.reset.subject'), language),
      text: render(msg('mail.reset.body', { link, minutes: RESET_TOKEN_MINUTES }), language),
    });
  }

  /** Sets a new password with a reset link's token, once; every sign-in of the account ends. */
  async confirmReset(input: PasswordResetConfirm, address: string): Promise<void> {
    const stored = await this.lifecycle.findResetToken(sha256(input.token));
    const invalid = () => badRequest(msg('password.notChanged'), { token: [msg('password.resetLinkInvalid')] });
    if (!stored || stored.usedAt || stored.expiresAt <= this.clock.now().toISOString()) throw invalid();
    assertPolicy(input.newPassword, 'newPassword');
    const hash = await this.hasher.hash(input.newPassword);
    if (!(await this.lifecycle.spendResetToken(stored.id, stored.userId, hash))) throw invalid();
    await this.endSignIns(stored.userId, null);
    // Whoever holds the link may sign in with the new password at once, from where they reset it, even
    // after locking themselves out with the old one.
    const user = await this.users.findById(stored.userId);
    if (user) await this.throttle.passwordWasReset(user.email, address);
  }

  /**
   * A one-time reset link an instructor hands to a student of their rosters, when the server sends
   * no e-mail. Never for another instructor's account, nor for a walk-in without an account.
   */
  async issueResetLink(principal: Principal, fighterId: number): Promise<ResetLinkResponse> {
    if (this.mail) throw notFound(msg('password.resetLinkByEmail'));
    const fighter = await this.fighters.findById(fighterId);
    const coaches = fighter ? await this.fighters.isCoachedBy(fighter, principal.userId) : false;
    if (!fighter || !coaches) throw notFound(msg('account.fighterNotFound', { id: fighterId }));
    if (fighter.userId === null) throw badRequest(msg('password.walkInHasNoAccount'));
    if (fighter.fighterRole !== 'Student') throw forbidden(msg('password.notForInstructors'));
    const { token, expiresAt } = await this.newResetToken(fighter.userId, principal.userId);
    return { path: `${RESET_PAGE}?token=${encodeURIComponent(token)}`, expiresAt };
  }

  /**
   * Deletes the caller's account and data (the ADR says what stays). `confirmation` is the password,
   * or the e-mail address for an account without one. An instructor who still runs sessions is refused.
   */
  async deleteAccount(principal: Principal, confirmation: string, address: string): Promise<void> {
    const user = await this.users.findById(principal.userId);
    if (!user) throw notFound(msg('auth.accountGone'));
    // A wrong password here counts as a failed sign-in, so a stolen access token cannot guess it.
    if (user.passwordHash) await this.throttle.beginAttempt(user.email, address);
    const confirmed = user.passwordHash
      ? await this.hasher.verify(user.passwordHash, confirmation)
      : confirmation.trim().toLowerCase() === user.normalizedEmail;
    if (!confirmed) {
      if (user.passwordHash) await this.throttle.recordFailure(user.email, address);
      throw badRequest(msg('account.notDeleted'), {
        confirmation: [msg(user.passwordHash ? 'account.passwordWrong' : 'account.emailWrong')],
      });
    }
    if (user.passwordHash) await this.throttle.recordSuccess(user.email, address);
    // An account without a password confirms with its e-mail address, which anyone holding its access
    // token can type: it must also have signed in within the last minutes (ADR 0030).
    if (!user.passwordHash && !(await this.signedInRecently(principal)))
      throw forbidden(msg('account.signInAgain', { minutes: RECENT_SIGN_IN_MINUTES }));
    const sessions = await this.lifecycle.ownedSessionCount(user.id);
    if (sessions > 0) throw conflict(msg('account.ownsSessions', { count: sessions }));
    await this.removeVideos(user.id);
    const signIns = await this.lifecycle.revokeSignIns(user.id, null);
    await this.lifecycle.deleteAccount(user.id, forgetInPairing);
    for (const signInId of signIns) await this.events.publish({ type: 'signin.ended', userId: user.id, signInId });
  }

  /** Whether the caller's sign-in began less than `RECENT_SIGN_IN_MINUTES` ago. */
  private async signedInRecently(principal: Principal): Promise<boolean> {
    if (!principal.signInId) return false;
    const started = await this.lifecycle.signInStartedAt(principal.userId, principal.signInId);
    if (started === null) return false;
    return this.clock.now().getTime() - new Date(started).getTime() < RECENT_SIGN_IN_MINUTES * 60_000;
  }

  /**
   * How a new instructor account starts: approved (INSTRUCTOR_SIGNUP=open), or waiting for approval unless
   * it is the first instructor, which the account's repository decides as it stores the account.
   */
  newInstructorState(): NewAccount['instructorPending'] {
    return this.settings.instructorSignup === 'approval' ? 'unless-first-instructor' : false;
  }

  async markPending(userId: number): Promise<void> {
    await this.lifecycle.setInstructorPending(userId, true);
  }

  async pendingInstructors(): Promise<PendingInstructorsResponse> {
    return { instructors: await this.lifecycle.pendingInstructors() };
  }

  async approveInstructor(userId: number): Promise<void> {
    if (!(await this.lifecycle.setInstructorPending(userId, false))) {
      throw notFound(msg('account.noPendingInstructor', { id: userId }));
    }
  }
}
