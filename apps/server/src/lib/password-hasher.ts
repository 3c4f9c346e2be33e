import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended minimum: 19 MiB of memory, 2 passes, 1 lane. Each hash costs a few
 * tens of milliseconds of one core, which is what makes guessing slow; `bench/login.mjs` measures it.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same work as a real verification, for an unknown e-mail, so that the answer takes as
   * long whether or not the account exists.
   */
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('openmat-timing-equaliser-1');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
