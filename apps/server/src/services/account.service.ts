import {
  PASSWORD_ERRORS,
  passwordPolicyErrors,
  type Fighter,
  type FighterInfo,
  type ManageInfoResponse,
  type TokenResponse,
} from '@openmat/contract/auth';
import { roleNumber, type Belt, type Experience, type FighterRoleName, type Gender } from '@openmat/contract/enums';
import { bmi } from '@openmat/contract/helpers/body-metrics';
import { badRequest, notFound, unauthorized } from '../errors.js';
import type { PasswordHasher } from '../lib/password-hasher.js';
import type { Principal } from '../lib/principal.js';
import { DuplicateEmailError, type AccountRepository } from '../repositories/account.repository.js';
import type { FighterRecord, FighterRepository } from '../repositories/fighter.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { LoginThrottleService } from './login-throttle.service.js';
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

export function toFighterDto(fighter: FighterRecord): Fighter {
  return {
    id: fighter.id,
    fighterName: fighter.fighterName,
    height: fighter.height,
    weight: fighter.weight,
    bmi: fighter.bmi,
    gender: fighter.gender,
    birthdate: fighter.birthdate,
    fighterRole: fighter.fighterRole,
    maxWorkoutDuration: fighter.maxWorkoutDuration,
    beltColor: fighter.beltColor,
    experience: fighter.experience,
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
    weight: fighter.weight,
    gender: fighter.gender,
    experience: fighter.experience,
  };
}

const INVALID_CREDENTIALS = 'Invalid email or password.';

export class AccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly accounts: AccountRepository,
    private readonly fighters: FighterRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottleService,
  ) {}

  private async assertNewAccountAllowed(email: string, password: string): Promise<void> {
    const errors: Record<string, string[]> = {};
    for (const code of passwordPolicyErrors(password)) errors[code] = [PASSWORD_ERRORS[code]];
    if (await this.users.findByEmail(email)) errors.DuplicateUserName = [`Username '${email}' is already taken.`];
    if (Object.keys(errors).length > 0) throw badRequest('The account could not be created.', errors);
  }

  private duplicate(email: string) {
    return badRequest('The account could not be created.', {
      DuplicateUserName: [`Username '${email}' is already taken.`],
    });
  }

  async registerFighter(input: FighterRegistration): Promise<Fighter> {
    await this.assertNewAccountAllowed(input.email, input.password);
    const passwordHash = await this.hasher.hash(input.password);
    try {
      const { fighter } = await this.accounts.create(
        { email: input.email, passwordHash, emailConfirmed: false },
        {
          fighterName: input.fighterName,
          fighterRole: input.fighterRole,
          height: input.height,
          weight: input.weight,
          bmi: bmi(input.weight, input.height),
          gender: input.gender,
          birthdate: input.birthdate,
          maxWorkoutDuration: input.maxWorkoutDuration,
          beltColor: input.beltColor,
          experience: input.experience,
        },
      );
      if (!fighter) throw new Error('The fighter was not created.');
      return toFighterDto(fighter);
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw this.duplicate(input.email);
      throw error;
    }
  }

  async registerAccount(input: { email: string; password: string }): Promise<void> {
    await this.assertNewAccountAllowed(input.email, input.password);
    const passwordHash = await this.hasher.hash(input.password);
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
    if (!user) throw unauthorized('The account no longer exists.');
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
    await this.throttle.assertAllowed(email, address);
    const user = await this.users.findByEmail(email);
    const valid = user?.passwordHash
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verifyNothing(password);
    if (!user || !valid) {
      await this.throttle.recordFailure(email, address);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await this.throttle.recordSuccess(email);
    return this.tokens.issue(await this.principalFor(user.id));
  }

  /** Sign-in with the http-only cookie that external sign-in sets. */
  async loginWithCookie(cookie: string | undefined): Promise<TokenResponse> {
    const userId = cookie ? await this.tokens.userFromSignInCookie(cookie) : null;
    if (userId === null) throw unauthorized('There is no valid sign-in cookie.');
    return this.tokens.issue(await this.principalFor(userId));
  }

  async refresh(refreshToken: string | undefined): Promise<TokenResponse> {
    if (!refreshToken) throw unauthorized('A refresh token is required.');
    const { userId, familyId } = await this.tokens.spend(refreshToken);
    return this.tokens.issue(await this.principalFor(userId), familyId);
  }

  async logout(principal: Principal, refreshToken: string, signInCookie: string | undefined): Promise<void> {
    const outcome = await this.tokens.revoke(refreshToken, principal.userId);
    if (outcome === 'not-yours') throw notFound('There is no such refresh token.');
    if (signInCookie) await this.tokens.revokeSignInCookie(signInCookie);
  }

  async info(principal: Principal): Promise<ManageInfoResponse> {
    const user = await this.users.findById(principal.userId);
    if (!user) throw unauthorized('The account no longer exists.');
    const fighter = await this.fighters.findByUserId(user.id);
    return {
      userInfo: { email: user.email, isEmailConfirmed: user.emailConfirmed },
      fighterInfo: fighter ? toFighterInfo(fighter) : null,
    };
  }

  /**
   * A fighter's profile. Instructors may read anyone's; a student only their own and instructors'.
   * Anything else answers 404, as if it did not exist.
   */
  async getFighter(principal: Principal, fighterId: number): Promise<Fighter> {
    const fighter = await this.fighters.findById(fighterId);
    const visible =
      fighter && (principal.role === 1 || fighter.id === principal.fighterId || fighter.fighterRole === 'Instructor');
    if (!fighter || !visible) throw notFound(`There is no fighter ${fighterId}.`);
    return toFighterDto(fighter);
  }
}
