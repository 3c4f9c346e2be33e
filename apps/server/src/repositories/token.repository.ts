import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';

export interface StoredRefreshToken {
  id: number;
  userId: number;
  familyId: string;
  expiresAt: string;
  usedAt: string | null;
  revokedAt: string | null;
}

/** Refresh tokens and sign-in cookies, stored only as hashes. */
export class TokenRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The account a token names, if it still exists: whether it is an instructor waiting for approval. */
  async accountState(userId: number): Promise<{ instructorPending: boolean } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('instructor_pending')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && { instructorPending: row.instructor_pending === 1 };
  }

  async insertRefreshToken(token: {
    userId: number;
    familyId: string;
    tokenHash: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        user_id: token.userId,
        family_id: token.familyId,
        token_hash: token.tokenHash,
        expires_at: token.expiresAt,
        created_at: this.clock.now().toISOString(),
      })
      .execute();
  }

  async findRefreshToken(tokenHash: string): Promise<StoredRefreshToken | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        familyId: row.family_id,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
        revokedAt: row.revoked_at,
      }
    );
  }

  /**
   * Spends a token. The conditional update makes this safe under concurrency: of two requests that
   * present the same token at once, exactly one sees `true`.
   */
  async spendRefreshToken(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revokeFamily(familyId: string, at: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Whether a sign-in (a family of refresh tokens) was revoked: logged out, or its token reused. */
  async isFamilyRevoked(familyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertSignInCookie(cookie: { userId: number; tokenHash: string; expiresAt: string }): Promise<void> {
    await this.db
      .insertInto('sign_in_cookies')
      .values({
        user_id: cookie.userId,
        token_hash: cookie.tokenHash,
        expires_at: cookie.expiresAt,
        created_at: this.clock.now().toISOString(),
      })
      .execute();
  }

  async findSignInCookie(
    tokenHash: string,
  ): Promise<{ userId: number; expiresAt: string; revokedAt: string | null } | undefined> {
    const row = await this.db
      .selectFrom('sign_in_cookies')
      .select(['user_id', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { userId: row.user_id, expiresAt: row.expires_at, revokedAt: row.revoked_at };
  }

  async revokeSignInCookie(tokenHash: string, at: string): Promise<void> {
    await this.db
      .updateTable('sign_in_cookies')
      .set({ revoked_at: at })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
