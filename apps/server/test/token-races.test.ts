import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.js';
import { loadSecrets } from '../src/lib/secrets.js';
import { TokenRepository } from '../src/repositories/token.repository.js';
import { TokenService } from '../src/services/token.service.js';
import { signUp } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';

/**
 * A sign-in ended (a logout, a password change or reset) while a refresh of it is under way must stay
 * ended: the refresh is refused, and no token of that sign-in keeps working.
 */
describe.each(databaseTargets)('a refresh racing the end of its sign-in, on $dialect', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  /** The app's token service on a repository whose steps let the test end the sign-in at a chosen moment. */
  async function tokensWith(repository: TokenRepository) {
    const secrets = await loadSecrets(ctx.config.dataDir, ctx.config.tokenSigningKey);
    return new TokenService(
      repository,
      secrets.tokenSigningKey,
      { accessTokenSeconds: 3600, refreshTokenDays: 14 },
      systemClock,
    );
  }
  const refresh = (refreshToken: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/v1/refresh', payload: { refreshToken } });

  it('refuses the refresh when the sign-in ends between reading its token and spending it', async () => {
    const user = await signUp(ctx.app, { fighterName: 'Racer One' });
    const db = ctx.database.db;
    class EndedMeanwhile extends TokenRepository {
      override async spendRefreshToken(id: number, at: string) {
        const row = await db
          .selectFrom('refresh_tokens')
          .select('family_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await this.revokeFamily(row.family_id, at);
        return super.spendRefreshToken(id, at);
      }
    }
    const tokens = await tokensWith(new EndedMeanwhile(db, systemClock));
    await expect(tokens.spend(user.tokens.refreshToken)).rejects.toMatchObject({ status: 401 });
  });

  it('revokes a pair issued into a sign-in that ended while it was being issued, and refuses it', async () => {
    const user = await signUp(ctx.app, { fighterName: 'Racer Two' });
    const db = ctx.database.db;
    let issued: string | null = null;
    class EndedWhileIssuing extends TokenRepository {
      override async insertRefreshToken(token: Parameters<TokenRepository['insertRefreshToken']>[0]) {
        // The logout lands just before the new token is stored.
        await this.revokeFamily(token.familyId, new Date().toISOString());
        issued = token.tokenHash;
        return super.insertRefreshToken(token);
      }
    }
    const plain = await tokensWith(new TokenRepository(db, systemClock));
    const owner = await plain.spend(user.tokens.refreshToken);
    const tokens = await tokensWith(new EndedWhileIssuing(db, systemClock));
    await expect(
      tokens.issue({ userId: owner.userId, email: user.email, fighterId: user.fighterId, role: 0 }, owner.familyId),
    ).rejects.toMatchObject({ status: 401 });
    expect(issued).not.toBeNull();
    const stored = await db
      .selectFrom('refresh_tokens')
      .select('revoked_at')
      .where('token_hash', '=', issued ?? '')
      .executeTakeFirstOrThrow();
    expect(stored.revoked_at).not.toBeNull();
    expect((await refresh(user.tokens.refreshToken)).statusCode).toBe(401);
  });
});
