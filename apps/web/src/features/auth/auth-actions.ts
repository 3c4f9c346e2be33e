import { TokenResponse } from '@openmat/contract/auth';
import { ApiError, connectSession } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { closeRealtime } from '@/lib/realtime';
import { loginFor } from '@/lib/return-to';
import { appQueryClient } from '@/lib/query-client';
import { signedOutHere } from '@/lib/sign-out';
import { loginWithCookie, loginWithPassword, refreshTokens, refreshWithBearer, revokeSession } from './api/tokens';
import { getUserInfo } from './api/get-user-info';
import { signedOut, useAuthStore } from './stores/auth-store';

/** Items an older version kept in local storage; logout removes them. */
const LEGACY_TOKEN_ITEMS = ['token', 'accessToken', 'refreshToken'];

function storeTokens(tokens: TokenResponse): void {
  useAuthStore.setState({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    loginStatus: 'authenticated',
  });
}

/**
 * Tabs of one sign-in hand each other the pair a refresh made. A duplicated tab starts with a copy of
 * its tab's session (the browser copies session storage) and refreshes on load, spending the refresh
 * token both hold; the first tab, using it again later, looked like a thief to the server, and the
 * sign-in ended in both (ADR 0006). Only a tab that holds the very token a refresh spent takes the new
 * pair, so nothing reaches a tab that did not have the sign-in already.
 */
const TOKEN_HANDOVER = 'openmat-auth-tokens';
const handover = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TOKEN_HANDOVER);
handover?.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data;
  if (typeof data !== 'object' || data === null || !('spent' in data) || !('tokens' in data)) return;
  const tokens = TokenResponse.safeParse(data.tokens);
  if (!tokens.success || typeof data.spent !== 'string') return;
  const state = useAuthStore.getState();
  if (state.loginStatus === 'authenticated' && state.refreshToken === data.spent) storeTokens(tokens.data);
});

/** Stores the pair a refresh made of `spent`, and hands it to the other tabs that still hold `spent`. */
function storeRefreshed(spent: string, tokens: TokenResponse): void {
  storeTokens(tokens);
  handover?.postMessage({ spent, tokens });
}

/** Forgets the session in this tab: its tokens, the server data it read, and what features kept for it. */
function signOutLocally(): void {
  useAuthStore.setState(signedOut);
  for (const item of LEGACY_TOKEN_ITEMS) localStorage.removeItem(item);
  appQueryClient().clear();
  signedOutHere();
}

/**
 * Ends the session after a failed call. When the server refused it, the tokens are dropped. When no
 * answer came at all (offline, or the request was cut because the page is being reloaded or left),
 * the user is unauthenticated for now but the tokens stay, so the next page load can try them again:
 * dropping them there signed people out on a reload that happened mid-request.
 */
function endSession(error: unknown): void {
  if (error instanceof ApiError) signOutLocally();
  else useAuthStore.setState({ loginStatus: 'unauthenticated' });
}

/** Loads userInfo and fighterInfo and attaches them to the user; on failure the session ends. */
async function fetchUserInfo(): Promise<boolean> {
  try {
    const info = await getUserInfo();
    useAuthStore.setState({ user: { ...info.userInfo, fighterInfo: info.fighterInfo } });
    return true;
  } catch (error) {
    endSession(error);
    return false;
  }
}

/** Goes to /login when a transition ended signed out, as spec section 4 says each does. */
function orLogin(ok: boolean): boolean {
  if (!ok) navigateTo('/login');
  return ok;
}

/** Loads user info; a failure sends the user to /login. */
export async function loadUserInfo(): Promise<boolean> {
  return orLogin(await fetchUserInfo());
}

/**
 * Fighter login: stores both tokens, sets authenticated, then fetches user info. A failure sets
 * unauthenticated and rethrows, for the form to show.
 */
export async function login(email: string, password: string): Promise<boolean> {
  try {
    storeTokens(await loginWithPassword({ email, password }));
  } catch (error) {
    useAuthStore.setState({ loginStatus: 'unauthenticated' });
    throw error;
  }
  return loadUserInfo();
}

/** The failure of the last refresh, or null when it succeeded. */
let refreshing: Promise<unknown> | null = null;
const REFRESHED = null;

/** Refreshes the token pair once, however many calls ask at the same moment; answers the failure. */
function refreshOnce(): Promise<unknown> {
  refreshing ??= (async () => {
    const { accessToken, refreshToken } = useAuthStore.getState();
    if (!refreshToken) return new Error('There is no refresh token.');
    try {
      storeRefreshed(refreshToken, await refreshTokens({ accessToken: accessToken ?? '', refreshToken }));
      return REFRESHED;
    } catch (error) {
      return error;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Refreshes the token pair once, however many calls ask at the same moment. */
export async function refresh(): Promise<boolean> {
  return (await refreshOnce()) === REFRESHED;
}

async function tryHydrate(): Promise<boolean> {
  const { accessToken, refreshToken } = useAuthStore.getState();
  if (!accessToken || !refreshToken) {
    signOutLocally();
    return false;
  }
  const failure = await refreshOnce();
  if (failure !== REFRESHED) {
    endSession(failure);
    return false;
  }
  return fetchUserInfo();
}

async function trySignInStep(): Promise<boolean> {
  try {
    storeTokens(await loginWithCookie());
    return await fetchUserInfo();
  } catch {
    const { refreshToken } = useAuthStore.getState();
    if (refreshToken) {
      try {
        storeRefreshed(refreshToken, await refreshWithBearer(refreshToken));
        return await fetchUserInfo();
      } catch {
        // falls through: signed out
      }
    }
    signOutLocally();
    return false;
  }
}

/**
 * Hydrate: needs both tokens, then refreshes them and loads user info. Anything missing or failing
 * leaves the user unauthenticated on /login.
 */
export async function hydrate(): Promise<boolean> {
  return orLogin(await tryHydrate());
}

/**
 * The sign-in step: first the cookie login; without it, a refresh with the refresh token as the
 * bearer; otherwise /login.
 */
export async function signInStep(): Promise<boolean> {
  return orLogin(await trySignInStep());
}

/** Tokens handed over by the external sign-in callback. */
export async function completeExternalSignIn(accessToken: string, refreshToken: string): Promise<boolean> {
  useAuthStore.setState({ accessToken, refreshToken, loginStatus: 'authenticated' });
  return loadUserInfo();
}

/** How long signing out waits for the realtime hubs to close before it revokes the session anyway. */
const HUBS_CLOSE_MS = 3_000;

/**
 * Logout: clears the session here, goes to /home, and revokes it on the server once the realtime hubs
 * are closed (a hub connection still opening would otherwise reach the server after the revocation).
 */
export function logout(): void {
  const { accessToken, refreshToken } = useAuthStore.getState();
  const hubsClosed = closeRealtime();
  signOutLocally();
  navigateTo('/home');
  if (accessToken && refreshToken) {
    void Promise.race([hubsClosed, new Promise((resolve) => setTimeout(resolve, HUBS_CLOSE_MS))])
      .then(() => revokeSession(accessToken, refreshToken))
      .catch(() => undefined);
  }
}

/** After the account was deleted: its sign-ins are gone on the server already, so only this browser forgets it. */
export function forgetDeletedAccount(): void {
  signOutLocally();
  navigateTo('/home');
}

let sessionChecked = false;

/**
 * Makes sure the session is live once per page load, before a signed-in page shows: hydrate when
 * both tokens are there, the sign-in step otherwise. The caller redirects when it answers false.
 */
export async function ensureSession(): Promise<boolean> {
  const { accessToken, refreshToken, loginStatus } = useAuthStore.getState();
  if (sessionChecked && loginStatus === 'authenticated') return true;
  const ok = accessToken && refreshToken ? await tryHydrate() : await trySignInStep();
  sessionChecked = ok;
  return ok;
}

connectSession({
  accessToken: () => useAuthStore.getState().accessToken,
  refresh,
  sessionLost() {
    signOutLocally();
    // Back to this page after signing in again.
    navigateTo(loginFor(`${window.location.pathname}${window.location.search}`));
  },
});
