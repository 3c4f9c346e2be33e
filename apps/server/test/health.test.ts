import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './support/databases.js';
import { createTestApp, type TestContext } from './support/test-app.js';

describe.each(databaseTargets)('health on $dialect', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(target);
  });
  afterAll(() => ctx.close());

  it('answers ok while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 problem details once the database is gone', async () => {
    await ctx.database.destroy();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      detail: 'The database is not answering.',
    });
  });
});
