import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectNavigation } from '@/lib/navigation';
import { realtimeOpened } from '@/lib/realtime';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { completeExternalSignIn, ensureSession, hydrate, login, logout, signInStep } from './auth-actions';
import { AUTH_STORAGE_KEY, signedOut, useAuthStore } from './stores/auth-store';

const pair = (n: number) => ({
  tokenType: 'Bearer',
  accessToken: `access-${n}`,
  expiresIn: 3600,
  refreshToken: `refresh-${n}`,
});
const info = {
  userInfo: { email: 'ana@example.com', isEmailConfirmed: false },
  fighterInfo: {
    id: 7,
    fighterName: 'Ana',
    role: 0,
    beltColor: 'Blue',
    birthdate: '1999-01-01',
    height: 165,
    weight: 60,
    gender: 'Female',
    experience: 1,
  },
};

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
beforeEach(() => {
  useAuthStore.setState(signedOut);
  navigate = vi.fn<(to: string) => void>();
  connectNavigation(navigate);
});
afterEach(() => vi.restoreAllMocks());

describe('login', () => {
  it('stores both tokens, sets authenticated, then attaches the user info', async () => {
    const http = stubFetch({
      'POST /api/fighter/login': () => json(200, pair(1)),
      'GET /api/auth/v1/manage/info': () => json(200, info),
    });
    expect(await login('ana@example.com', 'secret-1')).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      loginStatus: 'authenticated',
      user: { email: 'ana@example.com', fighterInfo: { id: 7, role: 0 } },
    });
    expect(http.callsTo('GET /api/auth/v1/manage/info')[0]?.headers.authorization).toBe('Bearer access-1');
    const saved = JSON.parse(sessionStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as { state?: { accessToken?: string } };
    expect(saved.state?.accessToken).toBe('access-1');
  });

  it('sets unauthenticated and rethrows on failure', async () => {
    stubFetch({ 'POST /api/fighter/login': () => problem(401, 'Invalid email or password.') });
    await expect(login('ana@example.com', 'nope')).rejects.toMatchObject({ message: 'Invalid email or password.' });
    expect(useAuthStore.getState().loginStatus).toBe('unauthenticated');
  });

  it('sends the user to /login when the user info cannot be fetched', async () => {
    stubFetch({
      'POST /api/fighter/login': () => json(200, pair(1)),
      'GET /api/auth/v1/manage/info': () => problem(500, 'boom'),
    });
    expect(await login('ana@example.com', 'secret-1')).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(useAuthStore.getState().loginStatus).toBe('unauthenticated');
  });
});

describe('hydrate', () => {
  it('needs both tokens, otherwise goes to /login unauthenticated', async () => {
    useAuthStore.setState({ accessToken: 'a', refreshToken: null, loginStatus: 'authenticated' });
    const http = stubFetch({});
    expect(await hydrate()).toBe(false);
    expect(http.calls).toHaveLength(0);
    expect(useAuthStore.getState().loginStatus).toBe('unauthenticated');
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('refreshes with both tokens, stores the new pair and loads the user info', async () => {
    useAuthStore.setState({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const http = stubFetch({
      'POST /api/auth/v1/refresh': () => json(200, pair(2)),
      'GET /api/auth/v1/manage/info': () => json(200, info),
    });
    expect(await hydrate()).toBe(true);
    expect(http.callsTo('POST /api/auth/v1/refresh')[0]?.body).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
    });
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      loginStatus: 'authenticated',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the tokens for the next load when a reload cuts the user info request, but not when it is refused', async () => {
    useAuthStore.setState({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    stubFetch({
      'POST /api/auth/v1/refresh': () => json(200, pair(2)),
      'GET /api/auth/v1/manage/info': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await hydrate()).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      loginStatus: 'unauthenticated',
    });
    expect(navigate).toHaveBeenCalledWith('/login');

    vi.restoreAllMocks();
    stubFetch({
      'POST /api/auth/v1/refresh': () => json(200, pair(3)),
      'GET /api/auth/v1/manage/info': () => problem(401, 'The account no longer exists.'),
    });
    expect(await hydrate()).toBe(false);
    expect(useAuthStore.getState()).toMatchObject(signedOut);
  });

  it('keeps the tokens when the refresh gets no answer at all', async () => {
    useAuthStore.setState({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    stubFetch({ 'POST /api/auth/v1/refresh': () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await hydrate()).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({ refreshToken: 'refresh-1', loginStatus: 'unauthenticated' });
  });

  it('goes to /login when the refresh fails', async () => {
    useAuthStore.setState({ accessToken: 'access-1', refreshToken: 'spent' });
    stubFetch({ 'POST /api/auth/v1/refresh': () => problem(401, 'already used') });
    expect(await hydrate()).toBe(false);
    expect(useAuthStore.getState()).toMatchObject(signedOut);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('tabs of one sign-in', () => {
  /** Another tab of this browser, as the page's channel sees it. */
  const otherTab = () => new BroadcastChannel('openmat-auth-tokens');

  it('hands the pair a refresh made to the other tabs, naming the token it spent', async () => {
    useAuthStore.setState({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    stubFetch({
      'POST /api/auth/v1/refresh': () => json(200, pair(2)),
      'GET /api/auth/v1/manage/info': () => json(200, info),
    });
    const tab = otherTab();
    const heard: unknown[] = [];
    tab.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data);
    try {
      expect(await hydrate()).toBe(true);
      await vi.waitFor(() => expect(heard).toEqual([{ spent: 'refresh-1', tokens: pair(2) }]));
    } finally {
      tab.close();
    }
  });

  it('takes the pair another tab made of the token this one holds (a duplicated tab), and no other', async () => {
    useAuthStore.setState({ accessToken: 'access-1', refreshToken: 'refresh-1', loginStatus: 'authenticated' });
    const tab = otherTab();
    try {
      tab.postMessage({ spent: 'refresh-9', tokens: pair(9) });
      tab.postMessage({ spent: 'refresh-1', tokens: pair(2) });
      await vi.waitFor(() =>
        expect(useAuthStore.getState()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' }),
      );
    } finally {
      tab.close();
    }
  });
});

describe('the sign-in step', () => {
  it('tries the cookie login first', async () => {
    stubFetch({
      'POST /api/auth/v1/login': () => json(200, pair(3)),
      'GET /api/auth/v1/manage/info': () => json(200, info),
    });
    expect(await signInStep()).toBe(true);
    expect(useAuthStore.getState().accessToken).toBe('access-3');
  });

  it('goes to /login when the cookie login fails and there is no refresh token', async () => {
    const http = stubFetch({ 'POST /api/auth/v1/login': () => problem(401, 'no cookie') });
    expect(await signInStep()).toBe(false);
    expect(http.callsTo('POST /api/auth/v1/refresh')).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('otherwise refreshes with the refresh token as the bearer', async () => {
    useAuthStore.setState({ refreshToken: 'refresh-9' });
    const http = stubFetch({
      'POST /api/auth/v1/login': () => problem(401, 'no cookie'),
      'POST /api/auth/v1/refresh': () => json(200, pair(4)),
      'GET /api/auth/v1/manage/info': () => json(200, info),
    });
    expect(await signInStep()).toBe(true);
    expect(http.callsTo('POST /api/auth/v1/refresh')[0]?.headers.authorization).toBe('Bearer refresh-9');
    expect(useAuthStore.getState().accessToken).toBe('access-4');
  });
});

describe('ensureSession', () => {
  it('answers false without navigating, so the route can redirect', async () => {
    stubFetch({ 'POST /api/auth/v1/login': () => problem(401, 'no cookie') });
    expect(await ensureSession()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('completeExternalSignIn', () => {
  it('stores the tokens from the callback and loads the user', async () => {
    stubFetch({ 'GET /api/auth/v1/manage/info': () => json(200, info) });
    expect(await completeExternalSignIn('access-5', 'refresh-5')).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ accessToken: 'access-5', loginStatus: 'authenticated' });
  });
});

describe('logout', () => {
  it('revokes on the server, clears tokens, user and the old local-storage items, and goes to /home', async () => {
    useAuthStore.setState({ accessToken: 'access-1', refreshToken: 'refresh-1', loginStatus: 'authenticated' });
    localStorage.setItem('token', 'old');
    localStorage.setItem('refreshToken', 'old');
    const http = stubFetch({ 'POST /api/auth/v1/logout': () => new Response(null, { status: 204 }) });
    logout();
    expect(useAuthStore.getState()).toMatchObject(signedOut);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/home');
    await vi.waitFor(() => expect(http.callsTo('POST /api/auth/v1/logout')).toHaveLength(1));
    expect(http.calls[0]).toMatchObject({
      body: { refreshToken: 'refresh-1' },
      headers: { authorization: 'Bearer access-1' },
    });
  });

  it('renews an access token that ran out before it revokes, so the session really ends on the server', async () => {
    useAuthStore.setState({ accessToken: 'access-1', refreshToken: 'refresh-1', loginStatus: 'authenticated' });
    const http = stubFetch({
      'POST /api/auth/v1/logout': [
        () => problem(401, 'The access token has expired.'),
        () => new Response(null, { status: 204 }),
      ],
      'POST /api/auth/v1/refresh': () => json(200, pair(2)),
    });
    logout();
    await vi.waitFor(() => expect(http.callsTo('POST /api/auth/v1/logout')).toHaveLength(2));
    expect(http.callsTo('POST /api/auth/v1/refresh')[0]?.body).toMatchObject({ refreshToken: 'refresh-1' });
    expect(http.callsTo('POST /api/auth/v1/logout')[1]).toMatchObject({
      body: { refreshToken: 'refresh-2' },
      headers: { authorization: 'Bearer access-2' },
    });
    // Nothing of the renewed pair is kept here: this browser is signed out.
    expect(useAuthStore.getState()).toMatchObject(signedOut);
  });

  it('revokes the session only once the realtime hubs are closed, so none reaches the server after it', async () => {
    useAuthStore.setState({ accessToken: 'access-1', refreshToken: 'refresh-1', loginStatus: 'authenticated' });
    let closed = () => {};
    const close = vi.fn(() => new Promise<void>((resolve) => (closed = resolve)));
    realtimeOpened(close);
    const http = stubFetch({ 'POST /api/auth/v1/logout': () => new Response(null, { status: 204 }) });
    logout();
    expect(close).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject(signedOut);
    expect(navigate).toHaveBeenCalledWith('/home');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(http.callsTo('POST /api/auth/v1/logout')).toHaveLength(0);
    closed();
    await vi.waitFor(() => expect(http.callsTo('POST /api/auth/v1/logout')).toHaveLength(1));
  });
});
