import { tooManyRequests } from '../errors.js';
import { msg, type MessageKey } from '../i18n/catalog.js';
import type { Clock } from '../lib/clock.js';
import type { ThrottleRepository } from '../repositories/throttle.repository.js';

/**
 * Limits on guessing, after OWASP's advice that an account lockout is itself a denial of service:
 * - one account from one address: `pairFailures` failures in the window block that pair only;
 * - one address over many accounts (password spraying): `addressFailures` failures block the address;
 * - one account from many addresses: no lockout, but past `accountFreeFailures` failures each further
 *   attempt must wait a delay that doubles per failure up to `accountMaxDelaySeconds`; an address the
 *   account signed in from before (within `knownAddressDays`) skips that delay.
 * - registrations: REGISTRATIONS_PER_HOUR attempts per address (30 unless configured: a whole class
 *   may register from the academy's one address on its first day).
 */
export const THROTTLE = {
  pairFailures: 5,
  addressFailures: 20,
  windowMinutes: 15,
  blockMinutes: 15,
  accountFreeFailures: 10,
  accountMaxDelaySeconds: 60,
  knownAddressDays: 30,
  registrationWindowMinutes: 60,
} as const;

/** Password reset e-mails asked for in an hour, from one address and for one e-mail address. */
export const PASSWORD_RESETS = { perAddress: 10, perEmail: 3 } as const;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The delay an account imposes after `failures` failures in the window, in seconds. */
export function accountDelaySeconds(failures: number): number {
  const beyond = failures - THROTTLE.accountFreeFailures;
  if (beyond < 0) return 0;
  return Math.min(2 ** beyond, THROTTLE.accountMaxDelaySeconds);
}

const keys = (email: string, address: string) => {
  const account = email.trim().toLowerCase();
  return {
    account: `account:${account}`,
    address: `address:${address}`,
    pair: `pair:${account}|${address}`,
    known: `known:${account}|${address}`,
    registration: `register:${address}`,
  };
};

/** The keys that block after their limit of failures: the account at one address, and the address. */
const pairAndAddress = (email: string, address: string): Array<[string, number]> => {
  const k = keys(email, address);
  return [
    [k.pair, THROTTLE.pairFailures],
    [k.address, THROTTLE.addressFailures],
  ];
};

export class LoginThrottleService {
  constructor(
    private readonly throttle: ThrottleRepository,
    private readonly clock: Clock,
    private readonly registrationsPerHour: number,
  ) {}

  private refuse(until: string, what: MessageKey): never {
    const seconds = (new Date(until).getTime() - this.clock.now().getTime()) / 1000;
    const wait =
      seconds >= 60
        ? msg('throttle.minutes', { count: Math.ceil(seconds / 60) })
        : msg('throttle.seconds', { count: Math.ceil(seconds) });
    throw tooManyRequests(msg(what, { wait }), seconds);
  }

  /** Now, the start of the counting window that ends now, and the end of a block that starts now. */
  private window(): { now: Date; windowStart: string; blockUntil: string } {
    const now = this.clock.now();
    return {
      now,
      windowStart: new Date(now.getTime() - THROTTLE.windowMinutes * MINUTE_MS).toISOString(),
      blockUntil: new Date(now.getTime() + THROTTLE.blockMinutes * MINUTE_MS).toISOString(),
    };
  }

  private async blocked(key: string): Promise<string | null> {
    const until = await this.throttle.blockedUntil(key);
    return until && until > this.clock.now().toISOString() ? until : null;
  }

  async assertAllowed(email: string, address: string): Promise<void> {
    const k = keys(email, address);
    for (const key of [k.pair, k.address]) {
      const until = await this.blocked(key);
      if (until) this.refuse(until, 'throttle.signIn');
    }
    const slowed = await this.blocked(k.account);
    // A `known:` key's time is how long the address stays known to the account (see `recordSuccess`).
    if (slowed && (await this.blocked(k.known)) === null) {
      this.refuse(slowed, 'throttle.signInAccount');
    }
  }

  /**
   * A sign-in attempt begins: refused if the pair or the address is blocked, else counted against both
   * at once, before the password is checked, in one atomic count each. Attempts sent all at once are
   * counted as they arrive, so the one past a limit is refused however many are still being checked
   * (counted only after the check, a burst of wrong passwords all passed it). An attempt that succeeds is
   * taken back from the address (`recordSuccess`); one that fails stays counted (`recordFailure`).
   */
  async beginAttempt(email: string, address: string): Promise<void> {
    await this.assertAllowed(email, address);
    const { now, windowStart, blockUntil } = this.window();
    for (const [key, limit] of pairAndAddress(email, address)) {
      const attempts = await this.throttle.recordFailure(key, now.toISOString(), windowStart);
      if (attempts > limit) {
        await this.throttle.block(key, blockUntil);
        this.refuse(blockUntil, 'throttle.signIn');
      }
    }
  }

  /** The attempt failed: it stays counted, blocking the pair and the address at their limits; the account slows down. */
  async recordFailure(email: string, address: string): Promise<void> {
    const { now, windowStart, blockUntil } = this.window();
    const nowText = now.toISOString();
    const k = keys(email, address);
    for (const [key, limit] of pairAndAddress(email, address)) {
      const failures = await this.throttle.failuresOf(key, windowStart);
      if (failures >= limit) await this.throttle.block(key, blockUntil);
    }
    const accountFailures = await this.throttle.recordFailure(k.account, nowText, windowStart);
    const delay = accountDelaySeconds(accountFailures);
    if (delay > 0) await this.throttle.block(k.account, new Date(now.getTime() + delay * 1000).toISOString());
  }

  /**
   * A sign-in succeeded: the pair starts afresh, the address takes back the attempt counted when it began,
   * and the address is known to the account for a while.
   */
  async recordSuccess(email: string, address: string): Promise<void> {
    const k = keys(email, address);
    const now = this.clock.now();
    await this.throttle.clear(k.pair);
    await this.throttle.forgive(k.address);
    await this.throttle.remember(
      k.known,
      now.toISOString(),
      new Date(now.getTime() + THROTTLE.knownAddressDays * DAY_MS).toISOString(),
    );
  }

  /**
   * The account's password was reset with a link from `address`: the block of that pair and the account's
   * slow-down are lifted (the address's own count of failures, which guards other accounts, stays).
   */
  async passwordWasReset(email: string, address: string): Promise<void> {
    const k = keys(email, address);
    await this.throttle.clear(k.pair);
    await this.throttle.clear(k.account);
  }

  /**
   * Counts a registration attempt from an address, successful or not, and refuses past the limit, so
   * that nobody can create accounts in bulk or probe which e-mail addresses have one.
   */
  async countRegistration(address: string): Promise<void> {
    await this.countAttempt(keys('', address).registration, this.registrationsPerHour, 'throttle.registrations');
  }

  /**
   * Counts a request for a password reset e-mail, refused past `PASSWORD_RESETS` an hour from an
   * address and for an e-mail address (whether or not it has an account), so that nobody can flood a
   * mailbox or the mail server.
   */
  async countPasswordReset(email: string, address: string): Promise<void> {
    await this.countAttempt(`reset-address:${address}`, PASSWORD_RESETS.perAddress, 'throttle.passwordResets');
    await this.countAttempt(
      `reset-account:${email.trim().toLowerCase()}`,
      PASSWORD_RESETS.perEmail,
      'throttle.passwordResets',
    );
  }

  /** Counts one attempt under `key` in an hour's window and refuses past `limit`. */
  private async countAttempt(key: string, limit: number, message: MessageKey): Promise<void> {
    const until = await this.blocked(key);
    if (until) this.refuse(until, message);
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - THROTTLE.registrationWindowMinutes * MINUTE_MS);
    const attempts = await this.throttle.recordFailure(key, now.toISOString(), windowStart.toISOString());
    if (attempts >= limit) {
      // Blocked until the window that counted them is over.
      const started = (await this.throttle.windowStartedAt(key)) ?? now.toISOString();
      const until = new Date(new Date(started).getTime() + THROTTLE.registrationWindowMinutes * MINUTE_MS);
      await this.throttle.block(key, until.toISOString());
      if (attempts > limit) this.refuse(until.toISOString(), message);
    }
  }
}
