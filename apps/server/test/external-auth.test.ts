import type { TokenResponse } from '@openmat/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from './support/accounts.js';
import { sessionBody } from './support/sessions.js';
import { followUntil } from './support/browser-redirects.js';
import { databaseTargets } from './support/databases.js';
import { externalSignInEnv, startLoopbackProvider, type LoopbackProvider } from './support/oidc-provider.js';
import { createTestApp, type TestContext } from './support/test-app.js';

const APP = 'http://openmat.test';
const CALLBACK = `${APP}/api/externalauth/callback`;

describe.each(databaseTargets)('external sign-in on $dialect', (target) => {
  let provider: LoopbackProvider;
  let ctx: TestContext;
  /** How far the app's clock runs ahead of the real one (ms). */
  let ahead = 0;

  beforeAll(async () => {
    provider = await startLoopbackProvider([CALLBACK]);
    ctx = await createTestApp(target, {
      env: externalSignInEnv(provider, APP),
      clock: { now: () => new Date(Date.now() + ahead) },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  /** Runs the whole flow as a browser would and answers where the app finally sends it. */
  async function signIn(returnUrl = `${APP}/sso-callback`) {
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/externalauth/signin-google?returnUrl=${encodeURIComponent(returnUrl)}`,
    });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const callback = new URL(await followUntil(authorize.href, CALLBACK));
    const done = await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(done.statusCode).toBe(302);
    const setCookie = done.headers['set-cookie'];
    return {
      location: new URL(String(done.headers.location)),
      cookie: Array.isArray(setCookie) ? setCookie[0] : setCookie,
    };
  }

  it('builds the redirect address from PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/externalauth/signin-google?returnUrl=${encodeURIComponent(`${APP}/sso-callback`)}`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/externalauth/signin-google?returnUrl=${encodeURIComponent('http://evil.example/sso-callback')}`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('says it is enabled', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/externalauth/status' });
    expect(res.json()).toEqual({ enabled: true });
  });

  it('creates an instructor with an empty profile on the first sign-in and returns tokens to the app', async () => {
    provider.signInAs({ sub: 'google-123', email: 'new.coach@example.com', emailVerified: true, name: 'New Coach' });
    const { location, cookie } = await signIn();
    expect(location.origin + location.pathname).toBe(`${APP}/sso-callback`);
    expect(location.searchParams.get('error')).toBeNull();
    const token = location.searchParams.get('token');
    expect(location.searchParams.get('refreshToken')).toBeTruthy();
    expect(location.searchParams.get('error')).toBeNull();
    expect(cookie).toMatch(/^openmat_signin=.+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; SameSite=Lax/);

    const info = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/v1/manage/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.json()).toMatchObject({
      userInfo: { email: 'new.coach@example.com', isEmailConfirmed: true },
      fighterInfo: { fighterName: 'New Coach', role: 1, beltColor: null, height: null, weight: null, birthdate: null },
    });

    // The http-only cookie signs the browser in later through POST /api/auth/v1/login.
    const cookieLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login',
      headers: { cookie: String(cookie).split(';')[0] },
    });
    expect(cookieLogin.statusCode).toBe(200);
    expect(cookieLogin.json<TokenResponse>().tokenType).toBe('Bearer');

    // A second sign-in finds the same account.
    const again = await signIn();
    const secondInfo = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/v1/manage/info',
      headers: { authorization: `Bearer ${again.location.searchParams.get('token')}` },
    });
    expect(secondInfo.json<{ fighterInfo: { id: number } }>().fighterInfo.id).toBe(
      info.json<{ fighterInfo: { id: number } }>().fighterInfo.id,
    );
  });

  it('deletes an account without a password only from a recent sign-in: its e-mail address is no secret', async () => {
    provider.signInAs({ sub: 'google-leaving', email: 'leaving@example.com', emailVerified: true, name: 'Leaving' });
    const first = await signIn();
    const token = first.location.searchParams.get('token');
    const remove = (bearer: string | null, language = 'en') =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/api/auth/v1/manage/account',
        headers: { authorization: `Bearer ${bearer}`, 'accept-language': language },
        payload: { confirmation: 'leaving@example.com' },
      });
    try {
      // Another address: it asks for the account's own, not for a password it has not got.
      const wrong = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/auth/v1/manage/account',
        headers: { authorization: `Bearer ${token}` },
        payload: { confirmation: 'someone@example.com' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ errors: unknown }>().errors).toEqual({
        confirmation: ['Type your e-mail address to confirm.'],
      });
      // Eleven minutes on, the token still works, but typing the e-mail address does not delete the account.
      ahead = 11 * 60_000;
      const late = await remove(token);
      expect(late.statusCode).toBe(403);
      expect(late.json<{ detail: string }>().detail).toMatch(/sign out and sign in again first/);
      expect((await remove(token, 'pl')).json<{ detail: string }>().detail).toMatch(/zaloguj ponownie/);
      const still = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/v1/manage/info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(still.statusCode).toBe(200);
      // Signed in again, it can.
      const again = await signIn();
      const deleted = await remove(again.location.searchParams.get('token'));
      expect(deleted.statusCode, deleted.body).toBe(204);
    } finally {
      ahead = 0;
    }
  });

  it('links a verified e-mail to the existing account instead of creating another', async () => {
    const existing = await signUp(ctx.app, { fighterRole: 'Student' });
    provider.signInAs({ sub: 'google-linked', email: existing.email, emailVerified: true, name: 'Whoever' });
    const { location } = await signIn();
    const info = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/v1/manage/info',
      headers: { authorization: `Bearer ${location.searchParams.get('token')}` },
    });
    expect(info.json()).toMatchObject({ fighterInfo: { id: existing.fighterId, role: 0 } });
  });

  it('refuses to take over an account for an e-mail the provider has not verified', async () => {
    const existing = await signUp(ctx.app);
    provider.signInAs({ sub: 'google-unverified', email: existing.email, emailVerified: false, name: 'Impostor' });
    const { location, cookie } = await signIn();
    expect(location.searchParams.get('error')).toBe('SSO-failed');
    expect(location.searchParams.get('token')).toBeNull();
    expect(cookie).toBeUndefined();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/fighter/login',
      payload: { email: existing.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a returnUrl outside the app', async () => {
    for (const returnUrl of ['https://evil.example/sso-callback', '//evil.example/x', 'javascript:alert(1)']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/externalauth/signin-google?returnUrl=${encodeURIComponent(returnUrl)}`,
      });
      expect(res.statusCode, returnUrl).toBe(400);
      expect(res.json()).toMatchObject({ errors: { returnUrl: ['returnUrl must be an address of this app.'] } });
    }
  });

  it('sends an unknown or replayed state back to the app with an error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/externalauth/callback?code=abc&state=forged' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${APP}/sso-callback?error=SSO-state-invalid`);
  });
});

describe.each(databaseTargets)('external sign-in not configured on $dialect', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  it('is reported as disabled and its endpoint answers a clear 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/externalauth/status' })).json()).toEqual({
      enabled: false,
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/externalauth/signin-google?returnUrl=/sso-callback' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'External sign-in is not configured on this server.' });
  });
});

describe.each(databaseTargets)('external sign-in with INSTRUCTOR_SIGNUP=approval on $dialect', (target) => {
  let provider: LoopbackProvider;
  let ctx: TestContext;

  beforeAll(async () => {
    provider = await startLoopbackProvider([CALLBACK]);
    ctx = await createTestApp(target, { env: { ...externalSignInEnv(provider, APP), INSTRUCTOR_SIGNUP: 'approval' } });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  it('makes the instructor of a first sign-in wait for approval, as a registered one does', async () => {
    // The academy's first instructor needs no approval; every later one does.
    await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Head Coach' });
    provider.signInAs({ sub: 'google-777', email: 'stranger@example.com', emailVerified: true, name: 'Stranger' });
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/externalauth/signin-google?returnUrl=${encodeURIComponent(`${APP}/sso-callback`)}`,
    });
    const callback = new URL(await followUntil(String(start.headers.location), CALLBACK));
    const done = await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    const token = new URL(String(done.headers.location)).searchParams.get('token');
    expect(token).toBeTruthy();
    const auth = { authorization: `Bearer ${token}` };

    const info = await ctx.app.inject({ method: 'GET', url: '/api/auth/v1/manage/info', headers: auth });
    expect(info.json()).toMatchObject({ userInfo: { instructorPending: true } });
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/api/trainingsession',
      headers: auth,
      payload: sessionBody('2031-01-10T18:00:00.000Z'),
    });
    expect(session.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/instructors/pending', headers: auth })).statusCode).toBe(
      403,
    );
  });
});
