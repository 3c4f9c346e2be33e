import { createHash, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { Role } from '@openmat/contract/enums';
import type { TokenResponse } from '@openmat/contract/auth';
import { Id } from '@openmat/contract/primitives';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError, unauthorized } from '../errors.js';
import { msg } from '../i18n/catalog.js';
import type { Clock } from '../lib/clock.js';
import type { Principal } from '../lib/principal.js';
import type { TokenRepository } from '../repositories/token.repository.js';

const ISSUER = 'openmat';
/**
 * A refresh whose answer never arrived (a reload or a dropped connection mid-request) leaves the
 * browser holding a token the server has already spent. Within this window presenting it again is
 * taken as that retry, not as theft (docs/decisions/0006-refresh-token-reuse-window.md).
 */
export const REUSE_GRACE_SECONDS = 10;
const AUDIENCE = 'openmat';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a real-time connection needs to know of its access token. */
export interface HubToken {
  userId: number;
  /** When the token stops being valid: the hubs close the connection then, inviting a reconnect. */
  expiresAt: Date;
  /** The sign-in it was issued from; null for a token issued before tokens named it. */
  signInId: string | null;
}

export interface TokenSettings {
  /** Access token lifetime, at most one hour. */
  accessTokenSeconds: number;
  refreshTokenDays: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const opaqueToken = () => randomBytes(32).toString('base64url');

/**
 * Access tokens are short-lived JWTs (HS256). Refresh tokens are random, stored only as hashes, and
 * rotate on every use; presenting a spent one revokes its whole family, because reuse means theft.
 */
export class TokenService {
  /** Imported once: jose would otherwise import the raw bytes again on every sign and verify. */
  private readonly key: KeyObject;

  constructor(
    private readonly tokens: TokenRepository,
    key: Uint8Array,
    private readonly settings: TokenSettings,
    private readonly clock: Clock,
  ) {
    this.key = createSecretKey(key);
  }

  /**
   * A new pair of `familyId`'s sign-in (a new sign-in without one). Issued into a sign-in that was ended
   * meanwhile (a logout, a password change or reset, a reused token, while a refresh of it was under way),
   * the new token is revoked with it and the caller refused: looked at once the token is stored, so a
   * revocation either comes after and covers it, or came before and is seen.
   */
  async issue(principal: Principal, familyId: string = randomUUID()): Promise<TokenResponse> {
    const now = this.clock.now();
    const issuedAt = Math.floor(now.getTime() / 1000);
    // `sid`: the sign-in (refresh-token family) the token belongs to, so that logging out can close the
    // real-time connections opened with it. It grants nothing by itself.
    const accessToken = await new SignJWT({
      email: principal.email,
      fid: principal.fighterId,
      role: principal.role,
      sid: familyId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(principal.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.settings.accessTokenSeconds)
      .sign(this.key);
    const refreshToken = opaqueToken();
    await this.tokens.insertRefreshToken({
      userId: principal.userId,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(now.getTime() + this.settings.refreshTokenDays * DAY_MS).toISOString(),
    });
    if (await this.tokens.isFamilyRevoked(familyId)) {
      await this.tokens.revokeFamily(familyId, this.clock.now().toISOString());
      throw unauthorized(msg('auth.refreshTokenRevoked'));
    }
    return { tokenType: 'Bearer', accessToken, expiresIn: this.settings.accessTokenSeconds, refreshToken };
  }

  async verifyAccessToken(token: string): Promise<Principal> {
    return (await this.verify(token)).principal;
  }

  /**
   * Checks the access token of a real-time connection: who, until when, and from which sign-in. A token
   * of a sign-in that has ended (logged out) is refused, so a closed connection cannot come back with it.
   */
  async verifyHubToken(token: string): Promise<HubToken> {
    const { principal, expiresAt, signInId } = await this.verify(token);
    if (signInId !== null && (await this.tokens.isFamilyRevoked(signInId))) {
      throw unauthorized(msg('auth.accessTokenSignedOut'));
    }
    return { userId: principal.userId, expiresAt, signInId };
  }

  private async verify(token: string): Promise<{ principal: Principal; expiresAt: Date; signInId: string | null }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: this.clock.now(),
      });
      const userId = Number(payload.sub);
      const role = Role.safeParse(payload.role);
      // `Id`: a whole number from 1 to the largest id either database stores.
      if (!Id.safeParse(userId).success || typeof payload.email !== 'string')
        throw unauthorized(msg('auth.accessTokenInvalid'));
      // A token outlives its account when the account is deleted or the database is reset.
      const account = await this.tokens.accountState(userId);
      if (!account) throw unauthorized(msg('auth.accessTokenAccountGone'));
      const signInId = typeof payload.sid === 'string' && payload.sid.length > 0 ? payload.sid : null;
      const claimedRole = role.success ? role.data : null;
      // An instructor waiting for approval acts as no instructor anywhere; the guard says why.
      const pending = account.instructorPending && claimedRole === 1;
      return {
        principal: {
          userId,
          email: payload.email,
          fighterId: typeof payload.fid === 'number' ? payload.fid : null,
          role: pending ? null : claimedRole,
          signInId,
          ...(pending ? { instructorPending: true } : {}),
        },
        // `exp` is required above, and jose has checked it is a number.
        expiresAt: new Date((payload.exp ?? 0) * 1000),
        signInId,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw unauthorized(msg('auth.accessTokenExpired'));
      throw unauthorized(msg('auth.accessTokenInvalid'));
    }
  }

  /**
   * Spends a refresh token and answers whose it was and its family, for issuing the next pair. A
   * token spent more than the grace window ago is a stolen one: its whole family is revoked, and
   * `onStolen` hears of it (the caller ends that sign-in everywhere) before the refusal.
   */
  async spend(
    refreshToken: string,
    onStolen: (owner: { userId: number; familyId: string }) => Promise<void> = async () => undefined,
  ): Promise<{ userId: number; familyId: string }> {
    const stored = await this.tokens.findRefreshToken(sha256(refreshToken));
    const now = this.clock.now();
    const nowText = now.toISOString();
    if (!stored) throw unauthorized(msg('auth.refreshTokenInvalid'));
    if (stored.revokedAt) throw unauthorized(msg('auth.refreshTokenRevoked'));
    if (stored.expiresAt <= nowText) throw unauthorized(msg('auth.refreshTokenExpired'));
    const owner = { userId: stored.userId, familyId: stored.familyId };
    if (!stored.usedAt && (await this.tokens.spendRefreshToken(stored.id, nowText))) return owner;
    // Not spent by this request: revoked since it was read (a logout, a password change), or spent already
    // (by an earlier request, or by one racing this one just now).
    if (!stored.usedAt && (await this.tokens.isFamilyRevoked(stored.familyId))) {
      throw unauthorized(msg('auth.refreshTokenRevoked'));
    }
    const spentAt = stored.usedAt ? new Date(stored.usedAt).getTime() : now.getTime();
    if (now.getTime() - spentAt <= REUSE_GRACE_SECONDS * 1000) return owner;
    await this.tokens.revokeFamily(stored.familyId, nowText);
    await onStolen(owner);
    throw unauthorized(msg('auth.refreshTokenReused'));
  }

  /**
   * Revokes the family of a refresh token, if it is the caller's, and answers that sign-in's id. Unknown
   * tokens are ignored.
   */
  async revoke(
    refreshToken: string,
    userId: number,
  ): Promise<{ outcome: 'revoked'; signInId: string } | { outcome: 'unknown' | 'not-yours' }> {
    const stored = await this.tokens.findRefreshToken(sha256(refreshToken));
    if (!stored) return { outcome: 'unknown' };
    if (stored.userId !== userId) return { outcome: 'not-yours' };
    await this.tokens.revokeFamily(stored.familyId, this.clock.now().toISOString());
    return { outcome: 'revoked', signInId: stored.familyId };
  }

  /** A random value for the http-only sign-in cookie; only its hash is stored. */
  async createSignInCookie(userId: number): Promise<{ value: string; maxAgeSeconds: number }> {
    const value = opaqueToken();
    const maxAgeMs = this.settings.refreshTokenDays * DAY_MS;
    await this.tokens.insertSignInCookie({
      userId,
      tokenHash: sha256(value),
      expiresAt: new Date(this.clock.now().getTime() + maxAgeMs).toISOString(),
    });
    return { value, maxAgeSeconds: Math.floor(maxAgeMs / 1000) };
  }

  async userFromSignInCookie(value: string): Promise<number | null> {
    const stored = await this.tokens.findSignInCookie(sha256(value));
    if (!stored || stored.revokedAt || stored.expiresAt <= this.clock.now().toISOString()) return null;
    return stored.userId;
  }

  async revokeSignInCookie(value: string): Promise<void> {
    await this.tokens.revokeSignInCookie(sha256(value), this.clock.now().toISOString());
  }
}
