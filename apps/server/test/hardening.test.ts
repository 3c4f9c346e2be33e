import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { loadSecrets } from '../src/lib/secrets.js';
import { acceptsQueryToken } from '../src/plugins/auth.js';
import { THROTTLE } from '../src/services/login-throttle.service.js';
import { PASSWORD, registration, signUp, testClock, uniqueEmail } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';

const defaults = { cwd: '/srv/openmat', webDistDir: 'apps/web/dist' };

describe('configuration of proxies and the public address', () => {
  it('trusts no proxy unless told, and reads a list of addresses and ranges', () => {
    expect(loadConfig({}, defaults).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback' }, defaults).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
    ]);
  });

  it.each(['true', '*', 'proxy.example', '10.0.0.1/33', '10.0.0.1/8/8'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value }, defaults)).toThrow(/TRUST_PROXY/);
  });

  it('needs PUBLIC_URL with external sign-in, so redirects never come from request headers', () => {
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'client' }, defaults)).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'client' }, defaults)).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ OIDC_CLIENT_ID: 'client', PUBLIC_URL: 'https://mat.example.com/' }, defaults).publicUrl).toBe(
      'https://mat.example.com',
    );
  });
});

describe('access tokens in addresses', () => {
  it('are taken from the query only on the real-time hubs', () => {
    expect(acceptsQueryToken('/videoShareHub?id=1&access_token=x')).toBe(true);
    expect(acceptsQueryToken('/videoAnalysisHub/negotiate?negotiateVersion=1')).toBe(true);
    expect(acceptsQueryToken('/api/auth/v1/manage/info?access_token=x')).toBe(false);
    expect(acceptsQueryToken('/videoShareHubX')).toBe(false);
  });

  it('leave the log with their values replaced', () => {
    expect(redactUrl('/sso-callback?token=abc&refreshToken=def&lang=pl')).toBe(
      '/sso-callback?token=%5Bredacted%5D&refreshToken=%5Bredacted%5D&lang=pl',
    );
    expect(redactUrl('/videoShareHub?access_token=abc')).not.toContain('abc');
    expect(redactUrl('/api/trainingsession')).toBe('/api/trainingsession');
  });
});

describe('the SQLite file and the data folder', () => {
  it('are readable by the server’s own user only', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'openmat-modes-'));
    try {
      const file = path.join(root, 'data', 'openmat.sqlite');
      const handle = openDatabase({ sqliteFile: file });
      await handle.db.schema.createTable('probe').addColumn('id', 'integer').execute();
      expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(`${file}-wal`)).mode & 0o777).toBe(0o600);
      await handle.destroy();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('keeps every commit through a power cut: a commit is flushed to the disk before it returns', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'openmat-durable-'));
    try {
      const handle = openDatabase({ sqliteFile: path.join(root, 'openmat.sqlite') });
      // In WAL mode, NORMAL (1) may lose the last commits when the power goes; FULL (2) may not.
      const { rows } = await sql<{ synchronous: number; journal_mode: string }>`
        select (select synchronous from pragma_synchronous) as synchronous,
               (select journal_mode from pragma_journal_mode) as journal_mode`.execute(handle.db);
      expect(rows).toEqual([{ synchronous: 2, journal_mode: 'wal' }]);
      await handle.destroy();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe.each(databaseTargets)('hardening on $dialect', (target) => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const clock = testClock();
  let ctx: TestContext;
  let proxied: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(target, { logStream, clock, env: { REGISTRATIONS_PER_HOUR: '3' } });
    proxied = await createTestApp(target, { env: { TRUST_PROXY: '10.9.9.9', PUBLIC_URL: 'http://mat.example' } });
  });
  afterAll(async () => {
    await ctx.close();
    await proxied.close();
  });

  describe('forwarded headers', () => {
    it('do not change the address a client is throttled by, unless it comes from a trusted proxy', async () => {
      const me = await signUp(ctx.app);
      const attempt = (forwardedFor: string, password = 'wrong-pass-1') =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/fighter/login',
          remoteAddress: '10.7.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email: me.email, password },
        });
      for (let i = 0; i < THROTTLE.pairFailures; i++) expect((await attempt(`203.0.113.${i}`)).statusCode).toBe(401);
      // A new X-Forwarded-For does not make a new address.
      expect((await attempt('203.0.113.200', PASSWORD)).statusCode).toBe(429);
    });

    it('are believed from the proxy named in TRUST_PROXY', async () => {
      const me = await signUp(proxied.app);
      const attempt = (remoteAddress: string, forwardedFor: string, password = 'wrong-pass-1') =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/fighter/login',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email: me.email, password },
        });
      for (let i = 0; i < THROTTLE.pairFailures; i++) {
        expect((await attempt('10.9.9.9', '198.51.100.1')).statusCode).toBe(401);
      }
      expect((await attempt('10.9.9.9', '198.51.100.1', PASSWORD)).statusCode).toBe(429);
      // The proxy says this is another client: it is.
      expect((await attempt('10.9.9.9', '198.51.100.2', PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('HSTS', () => {
    it('is sent over HTTPS from a trusted proxy, and not over plain HTTP', async () => {
      const plain = await proxied.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const secure = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      // An untrusted client cannot switch it on.
      const spoofed = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('tokens', () => {
    const userIdOf = async (email: string) =>
      (await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

    it('answer 401 when the account they name no longer exists', async () => {
      const me = await signUp(ctx.app);
      const userId = await userIdOf(me.email);
      await ctx.database.db.deleteFrom('fighters').where('user_id', '=', userId).execute();
      await ctx.database.db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
      await ctx.database.db.deleteFrom('users').where('id', '=', userId).execute();
      for (const url of ['/api/auth/v1/manage/info', '/api/trainingsession/1']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: me.auth });
        expect(res.statusCode).toBe(401);
      }
      const session = await ctx.app.inject({
        method: 'POST',
        url: '/api/trainingsession',
        headers: me.auth,
        payload: {
          trainingDate: '2030-01-01T10:00:00Z',
          capacity: 5,
          duration: 1,
          targetLevel: 'Beginner',
        },
      });
      expect(session.statusCode).toBe(401);
    });

    it('answer 401 without an expiry, or with an id no database stores', async () => {
      const { tokenSigningKey } = await loadSecrets(ctx.config.dataDir, undefined);
      const sign = (claims: { sub: string; exp?: number }) => {
        const jwt = new SignJWT({ email: 'x@example.com', role: 1, fid: 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(claims.sub)
          .setIssuer('openmat')
          .setAudience('openmat')
          .setIssuedAt();
        if (claims.exp) jwt.setExpirationTime(claims.exp);
        return jwt.sign(tokenSigningKey);
      };
      const me = await signUp(ctx.app);
      const sub = String(await userIdOf(me.email));
      const inAnHour = Math.floor(Date.now() / 1000) + 3600;
      for (const token of [
        await sign({ sub }),
        await sign({ sub: '2147483648', exp: inAnHour }),
        await sign({ sub: '99999999999999999999', exp: inAnHour }),
      ]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/api/auth/v1/manage/info',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(401);
      }
    });

    it('are not taken from the query of a REST address', async () => {
      const me = await signUp(ctx.app);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/v1/manage/info?access_token=${me.tokens.accessToken}`,
      });
      expect(res.statusCode).toBe(401);
    });

    it('never reach the log, from the SSO callback page or from a query', async () => {
      const me = await signUp(ctx.app);
      lines.length = 0;
      await ctx.app.inject({
        method: 'GET',
        url: `/sso-callback?token=${me.tokens.accessToken}&refreshToken=${me.tokens.refreshToken}`,
      });
      await ctx.app.inject({ method: 'GET', url: `/api/trainingsession?access_token=${me.tokens.accessToken}` });
      await ctx.app.inject({ method: 'GET', url: '/api/trainingsession', headers: me.auth });
      const log = lines.join('');
      expect(log).toContain('/sso-callback');
      expect(log).not.toContain(me.tokens.accessToken);
      expect(log).not.toContain(me.tokens.refreshToken);
    });
  });

  describe('registration', () => {
    it('is limited per address, and probing for taken e-mails counts against the limit', async () => {
      const address = '10.8.0.1';
      const register = (payload: object, url = '/api/fighter/register') =>
        ctx.app.inject({ method: 'POST', url, remoteAddress: address, payload });
      const taken = registration();
      expect((await register(taken)).statusCode).toBe(201);
      const probe = await register({ email: taken.email, password: 'x' }, '/api/auth/v1/register');
      expect(probe.statusCode).toBe(400);
      expect(probe.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('DuplicateUserName');
      expect((await register({ email: uniqueEmail(), password: PASSWORD }, '/api/auth/v1/register')).statusCode).toBe(
        200,
      );
      const refused = await register(registration());
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json<{ detail: string }>().detail).toMatch(/Too many registrations/);
      // Another address is not affected, and the limit ends with its hour.
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/fighter/register',
            remoteAddress: '10.8.0.2',
            payload: registration(),
          })
        ).statusCode,
      ).toBe(201);
      clock.advance(THROTTLE.registrationWindowMinutes * 60 + 1);
      expect((await register(registration())).statusCode).toBe(201);
    });
  });
});
