import { tooManyRequests } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import type { ThrottleRepository } from '../repositories/throttle.repository.js';

/** Failed sign-ins allowed per account and per address within the window, before a block. */
export const THROTTLE = {
  accountFailures: 5,
  addressFailures: 20,
  windowMinutes: 15,
  blockMinutes: 15,
} as const;

const MINUTE_MS = 60_000;

/** Slows password guessing: repeated failures block an account, and an address, for a while. */
export class LoginThrottleService {
  constructor(
    private readonly throttle: ThrottleRepository,
    private readonly clock: Clock,
  ) {}

  private keys(email: string, address: string) {
    return { account: `account:${email.trim().toLowerCase()}`, address: `address:${address}` };
  }

  async assertAllowed(email: string, address: string): Promise<void> {
    const now = this.clock.now();
    const { account, address: addressKey } = this.keys(email, address);
    for (const key of [account, addressKey]) {
      const until = await this.throttle.blockedUntil(key);
      if (until && until > now.toISOString()) {
        const seconds = (new Date(until).getTime() - now.getTime()) / 1000;
        throw tooManyRequests(
          `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
          seconds,
        );
      }
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - THROTTLE.windowMinutes * MINUTE_MS).toISOString();
    const blockUntil = new Date(now.getTime() + THROTTLE.blockMinutes * MINUTE_MS).toISOString();
    const { account, address: addressKey } = this.keys(email, address);
    const limits: [string, number][] = [
      [account, THROTTLE.accountFailures],
      [addressKey, THROTTLE.addressFailures],
    ];
    for (const [key, limit] of limits) {
      const failures = await this.throttle.recordFailure(key, now.toISOString(), windowStart);
      if (failures >= limit) await this.throttle.block(key, blockUntil);
    }
  }

  async recordSuccess(email: string): Promise<void> {
    await this.throttle.clear(this.keys(email, '').account);
  }
}
