import { TokenResponse, type LoginRequest } from '@openmat/contract/auth';
import { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';

/** `POST /api/fighter/login`: e-mail and password. */
export function loginWithPassword(credentials: LoginRequest): Promise<TokenResponse> {
  return apiRequest('/api/fighter/login', { method: 'POST', json: credentials, auth: false, schema: TokenResponse });
}

/** `POST /api/auth/v1/login`: no body; the http-only cookie from external sign-in signs in. */
export function loginWithCookie(): Promise<TokenResponse> {
  return apiRequest('/api/auth/v1/login', {
    method: 'POST',
    auth: false,
    credentials: 'include',
    schema: TokenResponse,
  });
}

/** `POST /api/auth/v1/refresh` with both tokens in the body. */
export function refreshTokens(tokens: { accessToken: string; refreshToken: string }): Promise<TokenResponse> {
  return apiRequest('/api/auth/v1/refresh', {
    method: 'POST',
    json: tokens,
    auth: false,
    credentials: 'include',
    schema: TokenResponse,
  });
}

/** The sign-in step's variant: the refresh token as the bearer. */
export function refreshWithBearer(refreshToken: string): Promise<TokenResponse> {
  return apiRequest('/api/auth/v1/refresh', {
    method: 'POST',
    auth: false,
    headers: { authorization: `Bearer ${refreshToken}` },
    schema: TokenResponse,
  });
}

function logoutRequest(accessToken: string, refreshToken: string): Promise<null> {
  return apiRequest('/api/auth/v1/logout', {
    method: 'POST',
    auth: false,
    json: { refreshToken },
    headers: { authorization: `Bearer ${accessToken}` },
    credentials: 'include',
    schema: z.null(),
  });
}

/**
 * `POST /api/auth/v1/logout`: revokes the refresh token on the server, and the http-only sign-in cookie of
 * external sign-in with it. An access token that ran out meanwhile (a laptop that slept) is renewed once
 * with the refresh token first, or nothing would be revoked and the cookie would sign the browser in again.
 */
export async function revokeSession(accessToken: string, refreshToken: string): Promise<void> {
  try {
    await logoutRequest(accessToken, refreshToken);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    const fresh = await refreshTokens({ accessToken, refreshToken });
    await logoutRequest(fresh.accessToken, fresh.refreshToken);
  }
}
