import type { TrainingSession } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { externalSignInEnv, startLoopbackProvider, type LoopbackProvider } from './support/oidc-provider.js';
import { manualClock } from './support/clock.js';
import { createTestApp, type TestContext } from './support/test-app.js';

const APP = 'http://openmat.test';
/** Years away from the wall clock, so that a time read from it instead could never pass for this one. */
const START = '2031-05-06T07:08:09.000Z';

describe.each(databaseTargets)('one injected clock for services and repositories on $dialect', (target) => {
  const clock = manualClock(START);
  let provider: LoopbackProvider;
  let ctx: TestContext;

  beforeAll(async () => {
    provider = await startLoopbackProvider([`${APP}/api/externalauth/callback`]);
    ctx = await createTestApp(target, { clock, env: externalSignInEnv(provider, APP) });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  it('stamps the rows it writes with the injected time, not the wall clock', async () => {
    const stamp = clock.now().toISOString();
    const coach = await signUp(ctx.app, { fighterRole: 'Instructor' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/trainingsession',
      headers: coach.auth,
      payload: { trainingDate: '2031-06-01T18:00:00Z', capacity: 5, duration: 1, targetLevel: 'Beginner' },
    });
    expect(created.statusCode).toBe(201);
    const session = created.json<TrainingSession>();
    const plan = await ctx.app.inject({
      method: 'GET',
      url: `/vid/api/video/session/${session.id}/generate`,
      headers: coach.auth,
    });
    expect(plan.statusCode).toBe(200);

    const { db } = ctx.database;
    const fighter = await db
      .selectFrom('fighters')
      .select(['user_id', 'created_at', 'updated_at'])
      .where('id', '=', coach.fighterId)
      .executeTakeFirstOrThrow();
    if (fighter.user_id === null) throw new Error('the fighter has no user');
    const user = await db
      .selectFrom('users')
      .select(['created_at', 'updated_at'])
      .where('id', '=', fighter.user_id)
      .executeTakeFirstOrThrow();
    const refreshTokens = await db
      .selectFrom('refresh_tokens')
      .select('created_at')
      .where('user_id', '=', fighter.user_id)
      .execute();
    const row = await db
      .selectFrom('training_sessions')
      .select(['created_at', 'updated_at'])
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    const curriculum = await db
      .selectFrom('session_curricula')
      .select('created_at')
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();

    expect(user).toEqual({ created_at: stamp, updated_at: stamp });
    expect(fighter).toMatchObject({ created_at: stamp, updated_at: stamp });
    expect(refreshTokens.length).toBeGreaterThan(0);
    expect(refreshTokens.map((token) => token.created_at)).toEqual(refreshTokens.map(() => stamp));
    expect(row).toEqual({ created_at: stamp, updated_at: stamp });
    expect(curriculum.created_at).toBe(stamp);
  });

  it('purges expired sign-in states by the injected clock, the one the callback checks them by', async () => {
    const start = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/externalauth/signin-google?returnUrl=${encodeURIComponent(`${APP}/sso-callback`)}`,
      });
    const stateOf = (location: unknown) => new URL(String(location)).searchParams.get('state');
    const states = async () =>
      (await ctx.database.db.selectFrom('oidc_states').select('state').execute()).map((row) => row.state);

    const first = await start();
    expect(first.statusCode).toBe(302);
    const firstState = stateOf(first.headers.location);
    expect(await states()).toEqual([firstState]);

    // Eleven minutes later by the app's clock (states live for ten), the wall clock having hardly moved.
    clock.advance(11 * 60);
    const second = await start();
    expect(second.statusCode).toBe(302);
    const secondState = stateOf(second.headers.location);

    // Saving the new state purged the old one: it had expired by the injected clock.
    expect(await states()).toEqual([secondState]);
    const late = await ctx.app.inject({
      method: 'GET',
      url: `/api/externalauth/callback?state=${encodeURIComponent(String(firstState))}&code=anything`,
    });
    expect(late.statusCode).toBe(302);
    expect(String(late.headers.location)).toContain('error=SSO-state-invalid');
  });
});
