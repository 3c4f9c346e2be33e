import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { ProblemDetails } from '@openmat/contract/problem';
import type { TokenResponse } from '@openmat/contract/auth';
import { accountDelaySeconds, THROTTLE } from '../src/services/login-throttle.service.js';
import { REUSE_GRACE_SECONDS } from '../src/services/token.service.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';
import { PASSWORD, registration, signUp, testClock, uniqueEmail } from './support/accounts.js';

describe.each(databaseTargets)('accounts and tokens on $dialect', (target) => {
  let ctx: TestContext;
  const clock = testClock();
  beforeAll(async () => {
    ctx = await createTestApp(target, { clock });
  });
  afterAll(() => ctx.close());

  const post = (
    url: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
    remoteAddress = '127.0.0.1',
  ) => ctx.app.inject({ method: 'POST', url, headers, remoteAddress, ...(payload === undefined ? {} : { payload }) });
  const login = (email: string, password: string, remoteAddress?: string) =>
    post('/api/fighter/login', { email, password }, {}, remoteAddress);

  describe('POST /api/fighter/register', () => {
    it('creates the fighter with the BMI computed by the server from kg and cm', async () => {
      const payload = registration({ height: 180, weight: 80, bmi: 999 });
      const res = await post('/api/fighter/register', payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        fighterName: 'Jan Kowalski',
        fighterRole: 'Student',
        height: 180,
        weight: 80,
        bmi: 24.69,
        beltColor: 'Blue',
        experience: 1,
        birthdate: '1995-03-14',
      });
    });

    it('stores the password only as an argon2id hash', async () => {
      const payload = registration();
      await post('/api/fighter/register', payload);
      const row = await ctx.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('normalized_email', '=', payload.email)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
    });

    it('accepts fighterRole as 0 or 1', async () => {
      const res = await post('/api/fighter/register', registration({ fighterRole: 1 }));
      expect(res.json()).toMatchObject({ fighterRole: 'Instructor' });
    });

    it('answers 400 problem details naming every bad field', async () => {
      const res = await post(
        '/api/fighter/register',
        registration({ email: 'not-an-email', height: 1.8, beltColor: 'Red', birthdate: '1990-02-30', gender: 'X' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const body = res.json<ProblemDetails>();
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(['beltColor', 'birthdate', 'email', 'gender', 'height']);
    });

    it('refuses a weak password with ASP.NET-style codes', async () => {
      const res = await post('/api/fighter/register', registration({ password: 'short' }));
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemDetails>().errors).toEqual({
        PasswordTooShort: ['Passwords must be at least 8 characters.'],
        PasswordRequiresDigit: ["Passwords must have at least one digit ('0'-'9')."],
      });
    });

    it('refuses a taken e-mail, in any case, as DuplicateUserName', async () => {
      const payload = registration();
      expect((await post('/api/fighter/register', payload)).statusCode).toBe(201);
      const res = await post('/api/fighter/register', { ...payload, email: payload.email.toUpperCase() });
      expect(res.statusCode).toBe(400);
      expect(res.json<ProblemDetails>().errors).toHaveProperty('DuplicateUserName');
    });

    it('lets exactly one of two simultaneous registrations of one e-mail through', async () => {
      const payload = registration();
      const results = await Promise.all([
        post('/api/fighter/register', payload),
        post('/api/fighter/register', payload),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(results.find((r) => r.statusCode === 400)?.json<ProblemDetails>().errors).toHaveProperty(
        'DuplicateUserName',
      );
    });
  });

  describe('POST /api/auth/v1/register', () => {
    it('creates an account with no fighter profile', async () => {
      const email = uniqueEmail('plain');
      const res = await post('/api/auth/v1/register', { email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      const tokens = (await login(email, PASSWORD)).json<TokenResponse>();
      const info = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/v1/manage/info',
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      expect(info.json()).toEqual({
        userInfo: { email, isEmailConfirmed: false, hasPassword: true, instructorPending: false },
        fighterInfo: null,
      });
    });

    it('applies the same password policy', async () => {
      const res = await post('/api/auth/v1/register', { email: uniqueEmail(), password: '12345678' });
      expect(res.json<ProblemDetails>().errors).toHaveProperty('PasswordRequiresLetter');
    });
  });

  describe('POST /api/fighter/login and GET /api/auth/v1/manage/info', () => {
    it('answers a bearer token pair that reads the user info', async () => {
      const me = await signUp(ctx.app, { fighterRole: 'Instructor', fighterName: 'Coach Ana', beltColor: 'Black' });
      expect(me.tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
      const info = await ctx.app.inject({ method: 'GET', url: '/api/auth/v1/manage/info', headers: me.auth });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toEqual({
        userInfo: { email: me.email, isEmailConfirmed: false, hasPassword: true, instructorPending: false },
        fighterInfo: {
          id: me.fighterId,
          fighterName: 'Coach Ana',
          role: 1,
          beltColor: 'Black',
          birthdate: '1995-03-14',
          height: 180,
          weight: 80,
          gender: 'Male',
          experience: 1,
        },
      });
    });

    it('answers a wrong password and an unknown e-mail with the same 401', async () => {
      const me = await signUp(ctx.app);
      const wrong = await login(me.email, 'wrong-pass-1', '10.1.0.1');
      const unknown = await login(uniqueEmail('nobody'), 'wrong-pass-1', '10.1.0.1');
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ status: 401, detail: 'Invalid email or password.' });
      }
    });

    it('blocks one account from one address after repeated failures, even for the right password', async () => {
      const me = await signUp(ctx.app);
      for (let i = 0; i < THROTTLE.pairFailures; i++) {
        expect((await login(me.email, 'wrong-pass-1', '10.2.0.1')).statusCode).toBe(401);
      }
      const blocked = await login(me.email, PASSWORD, '10.2.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json<ProblemDetails>().detail).toMatch(/Too many failed sign-in attempts/);
      // The owner elsewhere is not locked out by what happened at that address.
      expect((await login(me.email, PASSWORD, '10.2.1.1')).statusCode).toBe(200);
      clock.advance(THROTTLE.blockMinutes * 60 + 1);
      expect((await login(me.email, PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    });

    it('checks no more guesses than the limit when they are all sent at once', async () => {
      const me = await signUp(ctx.app);
      const answers = await Promise.all(Array.from({ length: 30 }, () => login(me.email, 'wrong-pass-1', '10.2.5.1')));
      const checked = answers.filter((answer) => answer.statusCode === 401).length;
      expect(checked).toBeLessThanOrEqual(THROTTLE.pairFailures);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(30 - checked);
      // And the right password from there waits too, as after guesses sent one by one.
      expect((await login(me.email, PASSWORD, '10.2.5.1')).statusCode).toBe(429);
      clock.advance(THROTTLE.blockMinutes * 60 + 1);
    });

    it('never counts a sign-in that succeeds against the address: a whole class signs in from the academy', async () => {
      for (let i = 0; i < THROTTLE.addressFailures + 5; i++) {
        const student = await signUp(ctx.app);
        expect((await login(student.email, PASSWORD, '10.2.6.1')).statusCode).toBe(200);
      }
    });

    it('keeps the owner able to sign in from a new address while others guess from five addresses', async () => {
      const me = await signUp(ctx.app);
      for (let address = 0; address < 5; address++) {
        for (let i = 0; i < THROTTLE.pairFailures; i++) {
          // Guessing itself is slowed down: past the free failures the guesses get 429s too.
          expect([401, 429]).toContain((await login(me.email, 'wrong-pass-1', `10.4.0.${address}`)).statusCode);
        }
      }
      // No lockout: a delay of at most a minute, even for an address the account has never used.
      const waiting = await login(me.email, PASSWORD, '10.4.9.9');
      expect(waiting.statusCode).toBe(429);
      const retryAfter = Number(waiting.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(THROTTLE.accountMaxDelaySeconds);
      clock.advance(retryAfter);
      expect((await login(me.email, PASSWORD, '10.4.9.9')).statusCode).toBe(200);
    });

    it('lets an address the account signed in from before skip the delay that guessing elsewhere causes', async () => {
      const me = await signUp(ctx.app);
      expect((await login(me.email, PASSWORD, '10.5.0.100')).statusCode).toBe(200);
      for (let i = 0; i < THROTTLE.accountFreeFailures + 3; i++) {
        await login(me.email, 'wrong-pass-1', `10.5.1.${i}`);
      }
      expect((await login(me.email, PASSWORD, '10.5.2.1')).statusCode).toBe(429);
      expect((await login(me.email, PASSWORD, '10.5.0.100')).statusCode).toBe(200);
      clock.advance(THROTTLE.windowMinutes * 60 + 1);
    });

    it('doubles the delay per failure beyond the free ones, up to the cap', () => {
      expect(accountDelaySeconds(THROTTLE.accountFreeFailures - 1)).toBe(0);
      expect(accountDelaySeconds(THROTTLE.accountFreeFailures)).toBe(1);
      expect(accountDelaySeconds(THROTTLE.accountFreeFailures + 3)).toBe(8);
      expect(accountDelaySeconds(THROTTLE.accountFreeFailures + 40)).toBe(THROTTLE.accountMaxDelaySeconds);
    });

    it('throttles an address that tries many accounts', async () => {
      const address = '10.3.0.1';
      for (let i = 0; i < THROTTLE.addressFailures; i++) {
        await login(uniqueEmail('spray'), 'wrong-pass-1', address);
      }
      const me = await signUp(ctx.app);
      expect((await login(me.email, PASSWORD, address)).statusCode).toBe(429);
      expect((await login(me.email, PASSWORD, '10.3.0.2')).statusCode).toBe(200);
      clock.advance(THROTTLE.blockMinutes * 60 + 1);
    });
  });

  describe('access tokens', () => {
    it('are refused without a token, once expired, when tampered with, or when signed with another key', async () => {
      const me = await signUp(ctx.app);
      const info = (authorization?: string) =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/auth/v1/manage/info',
          headers: authorization ? { authorization } : {},
        });

      const none = await info();
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');

      const [header, payload, signature] = me.tokens.accessToken.split('.');
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), role: 1 }),
      ).toString('base64url');
      expect((await info(`Bearer ${header}.${forgedPayload}.${signature}`)).statusCode).toBe(401);

      const foreign = await new SignJWT({ email: me.email, role: 1 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('openmat')
        .setAudience('openmat')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-key-another-key-another-key!'));
      expect((await info(`Bearer ${foreign}`)).statusCode).toBe(401);

      const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
      expect((await info(`Bearer ${unsigned}`)).statusCode).toBe(401);

      expect((await info(me.auth.authorization)).statusCode).toBe(200);
      clock.advance(3601);
      const expired = await info(me.auth.authorization);
      expect(expired.statusCode).toBe(401);
      expect(expired.json<ProblemDetails>().detail).toBe('The access token has expired.');
    });
  });

  describe('refresh tokens', () => {
    it('rotate: each refresh answers a new pair and spends the old token', async () => {
      const me = await signUp(ctx.app);
      const first = await post('/api/auth/v1/refresh', {
        refreshToken: me.tokens.refreshToken,
        accessToken: me.tokens.accessToken,
      });
      expect(first.statusCode).toBe(200);
      const next = first.json<TokenResponse>();
      expect(next.refreshToken).not.toBe(me.tokens.refreshToken);
      const info = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/v1/manage/info',
        headers: { authorization: `Bearer ${next.accessToken}` },
      });
      expect(info.statusCode).toBe(200);
      const viaHeader = await post('/api/auth/v1/refresh', undefined, { authorization: `Bearer ${next.refreshToken}` });
      expect(viaHeader.body).toContain('accessToken');
      expect(viaHeader.statusCode).toBe(200);
    });

    it('revoke the whole family when a spent token comes back after the grace window', async () => {
      const me = await signUp(ctx.app);
      const rotated = (
        await post('/api/auth/v1/refresh', { refreshToken: me.tokens.refreshToken })
      ).json<TokenResponse>();
      clock.advance(REUSE_GRACE_SECONDS + 1);
      const reuse = await post('/api/auth/v1/refresh', { refreshToken: me.tokens.refreshToken });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json<ProblemDetails>().detail).toMatch(/already used/);
      // The thief's (or the owner's) newer token is dead too.
      expect((await post('/api/auth/v1/refresh', { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
      // Another sign-in is a separate family and still works.
      const again = await login(me.email, PASSWORD);
      const fresh = await post('/api/auth/v1/refresh', { refreshToken: again.json<TokenResponse>().refreshToken });
      expect(fresh.statusCode).toBe(200);
    });

    it('take a repeat within the grace window as a lost answer, not theft', async () => {
      const me = await signUp(ctx.app);
      const first = await post('/api/auth/v1/refresh', { refreshToken: me.tokens.refreshToken });
      clock.advance(REUSE_GRACE_SECONDS - 2);
      const retry = await post('/api/auth/v1/refresh', { refreshToken: me.tokens.refreshToken });
      expect(retry.statusCode).toBe(200);
      expect(retry.json<TokenResponse>().refreshToken).not.toBe(first.json<TokenResponse>().refreshToken);
      expect(
        (await post('/api/auth/v1/refresh', { refreshToken: retry.json<TokenResponse>().refreshToken })).statusCode,
      ).toBe(200);
    });

    it('answer two simultaneous refreshes with the same token, and spend it for good after the window', async () => {
      const me = await signUp(ctx.app);
      const results = await Promise.all([
        post('/api/auth/v1/refresh', { refreshToken: me.tokens.refreshToken }),
        post('/api/auth/v1/refresh', { refreshToken: me.tokens.refreshToken }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      clock.advance(REUSE_GRACE_SECONDS + 1);
      expect((await post('/api/auth/v1/refresh', { refreshToken: me.tokens.refreshToken })).statusCode).toBe(401);
    });

    it('are refused when unknown, missing or expired', async () => {
      expect((await post('/api/auth/v1/refresh', { refreshToken: 'made-up' })).statusCode).toBe(401);
      expect((await post('/api/auth/v1/refresh', {})).statusCode).toBe(401);
      const me = await signUp(ctx.app);
      clock.advance(15 * 24 * 3600);
      expect((await post('/api/auth/v1/refresh', { refreshToken: me.tokens.refreshToken })).statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/v1/logout', () => {
    it('revokes the refresh token', async () => {
      const me = await signUp(ctx.app);
      const res = await post('/api/auth/v1/logout', { refreshToken: me.tokens.refreshToken }, me.auth);
      expect(res.statusCode).toBe(204);
      expect((await post('/api/auth/v1/refresh', { refreshToken: me.tokens.refreshToken })).statusCode).toBe(401);
    });

    it('needs the access token, and cannot revoke somebody else’s refresh token', async () => {
      const me = await signUp(ctx.app);
      const other = await signUp(ctx.app);
      expect((await post('/api/auth/v1/logout', { refreshToken: me.tokens.refreshToken })).statusCode).toBe(401);
      expect((await post('/api/auth/v1/logout', { refreshToken: other.tokens.refreshToken }, me.auth)).statusCode).toBe(
        404,
      );
      expect((await post('/api/auth/v1/refresh', { refreshToken: other.tokens.refreshToken })).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/v1/login', () => {
    it('answers 401 without the sign-in cookie', async () => {
      expect((await post('/api/auth/v1/login')).statusCode).toBe(401);
      expect((await post('/api/auth/v1/login', undefined, { cookie: 'openmat_signin=forged' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/fighter/{id}', () => {
    it('lets a student read their own profile and instructors’, but not another student’s; nor an instructor who does not coach them', async () => {
      const student = await signUp(ctx.app);
      const classmate = await signUp(ctx.app);
      const coach = await signUp(ctx.app, { fighterRole: 'Instructor' });
      const read = (id: number, headers: Record<string, string>) =>
        ctx.app.inject({ method: 'GET', url: `/api/fighter/${id}`, headers });

      const own = await read(student.fighterId, student.auth);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ id: student.fighterId, fighterRole: 'Student', bmi: 24.69 });
      expect((await read(coach.fighterId, student.auth)).statusCode).toBe(200);
      expect((await read(classmate.fighterId, student.auth)).statusCode).toBe(404);
      // An instructor sees a student only once the student is on one of their sessions (privacy.test.ts).
      expect((await read(student.fighterId, coach.auth)).statusCode).toBe(404);
      expect((await read(999_999, coach.auth)).statusCode).toBe(404);
      expect((await read(student.fighterId, {})).statusCode).toBe(401);
      const bad = await ctx.app.inject({ method: 'GET', url: '/api/fighter/abc', headers: coach.auth });
      expect(bad.statusCode).toBe(400);
    });
  });
});
