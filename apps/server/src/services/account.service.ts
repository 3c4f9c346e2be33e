import {
  isProfileComplete,
  PASSWORD_ERRORS,
  passwordPolicyErrors,
  type Fighter,
  type FighterInfo,
  type FighterProfileResponse,
  type ManageInfoResponse,
  type PasswordErrorCode,
  type TokenResponse,
} from '@openmat/contract/auth';
import { roleNumber, type Belt, type Experience, type FighterRoleName, type Gender } from '@openmat/contract/enums';
import { bmi } from '@openmat/contract/helpers/body-metrics';
import { messageOf } from '@openmat/contract/messages';
import { badRequest, conflict, notFound, unauthorized } from '../errors.js';
import { msg, type Message } from '../i18n/catalog.js';
import type { PasswordHasher } from '../lib/password-hasher.js';
import type { Principal } from '../lib/principal.js';
import { DuplicateEmailError, type AccountRepository, type NewAccount } from '../repositories/account.repository.js';
import type { FighterRecord, FighterRepository, ProfileDetails } from '../repositories/fighter.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { LoginThrottleService } from './login-throttle.service.js';
import { fighterDto, profileView, toFighterDto } from './fighter-privacy.js';
import type { EventPublisher } from './event-publisher.js';
import type { TokenService } from './token.service.js';

/** The registration payload after validation: the role is a name, every figure is in range. */
export interface FighterRegistration {
  email: string;
  password: string;
  fighterRole: FighterRoleName;
  fighterName: string;
  height: number;
  weight: number;
  gender: Gender;
  birthdate: string;
  maxWorkoutDuration: number;
  experience: Experience;
  beltColor: Belt;
}

/** `PUT /api/fighter/me` after validation: the registration fields without the account and the role. */
export type FighterProfileInput = Omit<FighterRegistration, 'email' | 'password' | 'fighterRole'>;

/** The role of a profile created through `PUT /api/fighter/me`, for an account that has none yet. */
export const NEW_PROFILE_ROLE: FighterRoleName = 'Student';

const PROFILE_ALREADY_COMPLETE = msg('account.profileComplete');

/** The profile fields of a registration or a completed profile, with the BMI computed from kg and cm. */
function profileDetails(input: FighterProfileInput): ProfileDetails {
  return {
    fighterName: input.fighterName,
    height: input.height,
    weight: input.weight,
    bmi: bmi(input.weight, input.height),
    gender: input.gender,
    birthdate: input.birthdate,
    maxWorkoutDuration: input.maxWorkoutDuration,
    beltColor: input.beltColor,
    experience: input.experience,
  };
}

function toFighterInfo(fighter: FighterRecord): FighterInfo {
  return {
    id: fighter.id,
    fighterName: fighter.fighterName,
    role: roleNumber(fighter.fighterRole),
    beltColor: fighter.beltColor,
    birthdate: fighter.birthdate,
    height: fighter.height,
    // The registration's details stay as submitted; weigh-ins are on the member's page (issue 21).
    weight: fighter.registeredWeight ?? fighter.weight,
    gender: fighter.gender,
    experience: fighter.experience,
  };
}

const INVALID_CREDENTIALS = msg('auth.invalidCredentials');
const ACCOUNT_GONE = msg('auth.accountGone');

/** A password policy refusal as a message of the catalog: the contract's message, by its code. */
function passwordError(code: PasswordErrorCode): Message {
  const coded = messageOf(PASSWORD_ERRORS[code]);
  if (!coded) throw new Error(`The contract gives no code for the ${code} message.`);
  return msg(`contract.${coded.code}`, coded.params);
}

export class AccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly accounts: AccountRepository,
    private readonly fighters: FighterRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottleService,
    /** Where a logout is announced, so that the hubs close that sign-in's connections on every instance. */
    private readonly events: EventPublisher,
    /** Whether a new instructor account must wait for approval (INSTRUCTOR_SIGNUP=approval). */
    private readonly instructorPending: () => NewAccount['instructorPending'] = () => false,
  ) {}

  /**
   * Checks a new account's e-mail and password. Every attempt counts against the address's limit and
   * pays for one argon2 hash before it is answered, whether the e-mail is taken or not, so that
   * finding out which addresses have accounts costs what guessing a password costs. Answers the hash.
   */
  private async newAccountPasswordHash(email: string, password: string, address: string): Promise<string> {
    await this.throttle.countRegistration(address);
    const passwordHash = await this.hasher.hash(password);
    const errors: Record<string, Message[]> = {};
    for (const code of passwordPolicyErrors(password)) errors[code] = [passwordError(code)];
    if (await this.users.findByEmail(email)) errors.DuplicateUserName = [msg('account.usernameTaken', { email })];
    if (Object.keys(errors).length > 0) throw badRequest(msg('account.notCreated'), errors);
    return passwordHash;
  }

  private duplicate(email: string) {
    return badRequest(msg('account.notCreated'), { DuplicateUserName: [msg('account.usernameTaken', { email })] });
  }

  /** Whether an instructor account made now waits for approval (INSTRUCTOR_SIGNUP=approval, ADR 0030), however it is made. */
  newInstructorWaits(): NewAccount['instructorPending'] {
    return this.instructorPending();
  }

  async registerFighter(input: FighterRegistration, address: string): Promise<Fighter> {
    const passwordHash = await this.newAccountPasswordHash(input.email, input.password, address);
    try {
      const pending = input.fighterRole === 'Instructor' ? this.instructorPending() : false;
      const { fighter } = await this.accounts.create(
        { email: input.email, passwordHash, emailConfirmed: false, instructorPending: pending },
        { ...profileDetails(input), fighterRole: input.fighterRole },
      );
      if (!fighter) throw new Error('The fighter was not created.');
      return toFighterDto(fighter);
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw this.duplicate(input.email);
      throw error;
    }
  }

  async registerAccount(input: { email: string; password: string }, address: string): Promise<void> {
    const passwordHash = await this.newAccountPasswordHash(input.email, input.password, address);
    try {
      await this.accounts.create({ email: input.email, passwordHash, emailConfirmed: false }, null);
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw this.duplicate(input.email);
      throw error;
    }
  }

  /** The claims of a user's tokens: their profile's id and role. */
  async principalFor(userId: number): Promise<Principal> {
    const user = await this.users.findById(userId);
    if (!user) throw unauthorized(ACCOUNT_GONE);
    const fighter = await this.fighters.findByUserId(userId);
    return {
      userId,
      email: user.email,
      fighterId: fighter?.id ?? null,
      role: fighter ? roleNumber(fighter.fighterRole) : null,
    };
  }

  /**
   * Password sign-in. Blocked accounts and addresses get a 429; a wrong e-mail and a wrong password
   * get the same 401 after the same amount of work.
   */
  async login(email: string, password: string, address: string): Promise<TokenResponse> {
    await this.throttle.beginAttempt(email, address);
    const user = await this.users.findByEmail(email);
    const valid = user?.passwordHash
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verifyNothing(password);
    if (!user || !valid) {
      await this.throttle.recordFailure(email, address);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await this.throttle.recordSuccess(email, address);
    return this.tokens.issue(await this.principalFor(user.id));
  }

  /** Sign-in with the http-only cookie that external sign-in sets. */
  async loginWithCookie(cookie: string | undefined): Promise<TokenResponse> {
    const userId = cookie ? await this.tokens.userFromSignInCookie(cookie) : null;
    if (userId === null) throw unauthorized(msg('auth.noSignInCookie'));
    return this.tokens.issue(await this.principalFor(userId));
  }

  async refresh(refreshToken: string | undefined): Promise<TokenResponse> {
    if (!refreshToken) throw unauthorized(msg('auth.refreshTokenRequired'));
    // A stolen copy used after the owner (or the owner after the thief): that sign-in ends on every
    // connection too, as at logout.
    const { userId, familyId } = await this.tokens.spend(refreshToken, (stolen) =>
      this.events.publish({ type: 'signin.ended', userId: stolen.userId, signInId: stolen.familyId }),
    );
    return this.tokens.issue(await this.principalFor(userId), familyId);
  }

  async logout(principal: Principal, refreshToken: string, signInCookie: string | undefined): Promise<void> {
    const revoked = await this.tokens.revoke(refreshToken, principal.userId);
    if (revoked.outcome === 'not-yours') throw notFound(msg('auth.refreshTokenUnknown'));
    if (signInCookie) await this.tokens.revokeSignInCookie(signInCookie);
    if (revoked.outcome === 'revoked') {
      await this.events.publish({ type: 'signin.ended', userId: principal.userId, signInId: revoked.signInId });
    }
  }

  async info(principal: Principal): Promise<ManageInfoResponse> {
    const user = await this.users.findById(principal.userId);
    if (!user) throw unauthorized(ACCOUNT_GONE);
    const fighter = await this.fighters.findByUserId(user.id);
    return {
      userInfo: {
        email: user.email,
        isEmailConfirmed: user.emailConfirmed,
        hasPassword: user.passwordHash !== null,
        instructorPending: user.instructorPending,
      },
      fighterInfo: fighter ? toFighterInfo(fighter) : null,
    };
  }

  /**
   * A fighter's profile, as fighter-privacy.ts rules: in full for the fighter and the instructors who
   * coach them, by name and belt for an instructor anyone else reads, and 404 (as if it did not
   * exist) for a student nobody may see.
   */
  async getFighter(principal: Principal, fighterId: number): Promise<Fighter> {
    const fighter = await this.fighters.findById(fighterId);
    const coaches =
      fighter && principal.role === 1 ? await this.fighters.isCoachedBy(fighter, principal.userId) : false;
    const view = fighter ? profileView(principal, fighter, coaches) : null;
    if (!fighter || !view) throw notFound(msg('account.fighterNotFound', { id: fighterId }));
    return fighterDto(fighter, view);
  }

  /** Answers a profile with whether it is complete and whether the caller's tokens still miss it. */
  private profileResponse(principal: Principal, fighter: FighterRecord | null): FighterProfileResponse {
    return {
      fighter: fighter && toFighterDto(fighter),
      complete: fighter !== null && isProfileComplete(fighter),
      refreshTokens: (fighter?.id ?? null) !== principal.fighterId,
    };
  }

  /**
   * The caller's own fighter profile, found by their account, never by an id they name. The auth guard
   * has already refused a token whose account is gone.
   */
  async myProfile(principal: Principal): Promise<FighterProfileResponse> {
    return this.profileResponse(principal, (await this.fighters.findByUserId(principal.userId)) ?? null);
  }

  /**
   * Completes the caller's own fighter profile (docs/decisions/0011-completing-a-profile.md): allowed
   * only while a figure is still empty, as details cannot be changed once submitted (409 otherwise).
   * An account without a profile gets one, as a student; an existing profile keeps its role. The
   * server computes BMI from kg and cm.
   */
  async completeProfile(principal: Principal, input: FighterProfileInput): Promise<FighterProfileResponse> {
    const existing = await this.fighters.findByUserId(principal.userId);
    if (existing && isProfileComplete(existing)) throw conflict(PROFILE_ALREADY_COMPLETE);
    const details = profileDetails(input);
    // Both writes are conditional: a request that lost a race with another finds nothing left to fill.
    const saved = existing
      ? await this.fighters.fillIncompleteProfile(principal.userId, details)
      : await this.fighters.createForUser(principal.userId, NEW_PROFILE_ROLE, details);
    if (!saved) throw conflict(PROFILE_ALREADY_COMPLETE);
    return this.profileResponse(principal, saved);
  }
}
