import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';

const INDEX_HTML = '<!doctype html><html><head><title>OpenMat</title></head><body><div id="root"></div></body></html>';

async function makeWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openmat-web-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'localization', 'pl'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dir, 'localization', 'pl', 'translation.json'), '{"hello":"Cześć"}');
  return dir;
}

describe.each(databaseTargets)('HTTP behaviour on $dialect', (target) => {
  let ctx: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = await makeWebDist();
    ctx = await createTestApp(target, {
      env: { WEB_DIST_DIR: webDist, BODY_LIMIT: '1024' },
      extend(app) {
        app.post(
          '/api/test/echo',
          { schema: { body: z.object({ name: z.string().min(2), age: z.number().int().positive() }) } },
          (request) => request.body,
        );
        app.get('/api/test/boom', () => {
          throw new Error('secret database password in a stack trace');
        });
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDist, { recursive: true, force: true });
  });

  describe('the web app', () => {
    it.each(['/', '/class-session', '/session-details/42', '/video-review/7', '/edit-session/3?x=1'])(
      'answers index.html for the page address %s, so a hard refresh works',
      async (url) => {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toBe(INDEX_HTML);
        expect(res.headers['cache-control']).toBe('no-cache');
      },
    );

    it('serves hashed assets with a long cache lifetime', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('immutable');
    });

    it('serves translation files at /localization/{lng}/translation.json', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/localization/pl/translation.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ hello: 'Cześć' });
    });

    it('answers a missing file with 404, not with the page', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(404);
    });

    it('sets security headers with a CSP that allows only the app itself to run scripts', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Frames are refused by both headers alike.
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      // Plain HTTP with no https:// PUBLIC_URL: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('problem details', () => {
    it('answers an unknown API address with a 404 problem, never the page', async () => {
      for (const url of ['/api/nothing-here', '/vid/api/nothing/here']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
      }
    });

    it('turns a schema failure into a 400 with an errors object naming each field', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x', age: -1 } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const body = res.json<{ title: string; errors: Record<string, string[]> }>();
      expect(body.title).toBe('One or more validation errors occurred.');
      expect(Object.keys(body.errors).sort()).toEqual(['age', 'name']);
      expect(body.errors.name?.[0]).toMatch(/2/);
    });

    it('turns malformed JSON into a 400 problem', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    });

    it('refuses a body over the limit with 413', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: 'x'.repeat(4096), age: 30 },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: 413, title: 'Content Too Large' });
    });

    it('hides the cause of a 500', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('stack');
      expect(res.json()).toMatchObject({ status: 500, title: 'Internal Server Error' });
    });
  });

  describe('OpenAPI', () => {
    it('is generated from the route schemas', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json<{
        openapi: string;
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/health']?.get?.responses).toHaveProperty('200');
    });

    it('has a readable page at /api/docs', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    });

    it("gives the docs page a CSP that lets Swagger UI's styles apply, loads nothing from elsewhere and forbids framing", async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      const directives = String(res.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim());
      expect(directives).toContain("style-src 'self' 'unsafe-inline'");
      expect(directives).toContain("frame-ancestors 'none'");
      expect(directives).not.toContain('upgrade-insecure-requests');
      expect(directives.find((directive) => directive.startsWith('script-src '))).toMatch(/^script-src 'self'/);
      expect(directives.join(';')).not.toContain('https:');
    });
  });
});
