import type { FighterProfileResponse, ManageInfoResponse, TokenResponse } from '@openmat/contract/auth';
import type { ProblemDetails } from '@openmat/contract/problem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, uniqueEmail } from './support/accounts.js';
import { followUntil } from './support/browser-redirects.js';
import { databaseTargets } from './support/databases.js';
import { externalSignInEnv, startLoopbackProvider, type LoopbackProvider } from './support/oidc-provider.js';
import { createTestApp, type TestContext } from './support/test-app.js';

const APP = 'http://openmat.test';
const CALLBACK = `${APP}/api/externalauth/callback`;
const ME = '/api/fighter/me';

/** The registration fields of a profile, as the form sends them. */
function profile(overrides: Record<string, unknown> = {}) {
  return {
    fighterName: 'Ana Silva',
    height: 180,
    weight: 80,
    bmi: 0,
    gender: 'Female',
    birthdate: '1990-06-15',
    maxWorkoutDuration: 6,
    experience: 2,
    beltColor: 'Brown',
    ...overrides,
  };
}

interface Caller {
  auth: { authorization: string };
  tokens: TokenResponse;
}

const bearer = (tokens: TokenResponse): Caller => ({
  tokens,
  auth: { authorization: `Bearer ${tokens.accessToken}` },
});

describe.each(databaseTargets)('completing a fighter profile on $dialect', (target) => {
  let provider: LoopbackProvider;
  let ctx: TestContext;
  let subjects = 0;

  beforeAll(async () => {
    provider = await startLoopbackProvider([CALLBACK]);
    ctx = await createTestApp(target, { env: externalSignInEnv(provider, APP) });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  const getMe = (caller?: Caller) => ctx.app.inject({ method: 'GET', url: ME, headers: caller?.auth ?? {} });
  const putMe = (caller: Caller | undefined, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: ME, headers: caller?.auth ?? {}, payload });
  const info = async (caller: Caller) =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/auth/v1/manage/info', headers: caller.auth })
    ).json<ManageInfoResponse>();

  /** A first external sign-in, as a browser walks it: an instructor with an empty profile. */
  async function externalInstructor(name = 'New Coach'): Promise<Caller> {
    subjects += 1;
    provider.signInAs({ sub: `google-profile-${subjects}`, email: uniqueEmail('sso'), emailVerified: true, name });
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/externalauth/signin-google?returnUrl=${encodeURIComponent(`${APP}/sso-callback`)}`,
    });
    const callback = new URL(await followUntil(String(start.headers.location), CALLBACK));
    const done = await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    const back = new URL(String(done.headers.location));
    const accessToken = back.searchParams.get('token');
    const refreshToken = back.searchParams.get('refreshToken');
    if (!accessToken || !refreshToken) throw new Error(`external sign-in failed: ${back.href}`);
    return bearer({ tokenType: 'Bearer', accessToken, refreshToken, expiresIn: 3600 });
  }

  /** A plain account from `POST /api/auth/v1/register`, signed in: no fighter profile at all. */
  async function plainAccount(): Promise<Caller> {
    const email = uniqueEmail('plain');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/register',
      payload: { email, password: PASSWORD },
    });
    expect(created.statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/fighter/login',
      payload: { email, password: PASSWORD },
    });
    return bearer(login.json<TokenResponse>());
  }

  it('answers 401 to a visitor, whatever the body', async () => {
    expect((await getMe()).statusCode).toBe(401);
    const put = await putMe(undefined, profile());
    expect(put.statusCode).toBe(401);
    expect(put.headers['content-type']).toContain('application/problem+json');
    expect((await putMe(undefined, { height: 'tall' })).statusCode).toBe(401);
  });

  it('completes the empty profile of an external-sign-in instructor, BMI computed from kg and cm', async () => {
    const coach = await externalInstructor('New Coach');
    const before = await getMe(coach);
    expect(before.statusCode).toBe(200);
    expect(before.json<FighterProfileResponse>()).toMatchObject({
      fighter: { fighterName: 'New Coach', fighterRole: 'Instructor', height: null, weight: null, bmi: null },
      complete: false,
      refreshTokens: false,
    });

    // The role cannot change here, and the server ignores a BMI sent along.
    const res = await putMe(coach, profile({ bmi: 999, fighterRole: 'Student' }));
    expect(res.statusCode).toBe(200);
    const body = res.json<FighterProfileResponse>();
    expect(body).toEqual({
      fighter: {
        id: before.json<FighterProfileResponse>().fighter?.id,
        fighterName: 'Ana Silva',
        height: 180,
        weight: 80,
        bmi: 24.69,
        gender: 'Female',
        birthdate: '1990-06-15',
        fighterRole: 'Instructor',
        maxWorkoutDuration: 6,
        beltColor: 'Brown',
        experience: 2,
      },
      complete: true,
      refreshTokens: false,
    });
    expect((await getMe(coach)).json<FighterProfileResponse>()).toEqual(body);
    expect((await info(coach)).fighterInfo).toMatchObject({ role: 1, height: 180, weight: 80, beltColor: 'Brown' });
  });

  it('computes BMI from decimal kg and cm, to 2 decimals', async () => {
    const coach = await externalInstructor();
    const res = await putMe(coach, profile({ height: 172.5, weight: 68.3 }));
    expect(res.json<FighterProfileResponse>().fighter).toMatchObject({ height: 172.5, weight: 68.3, bmi: 22.95 });
  });

  it('refuses bad fields with 400 problem details per field, and keeps the profile empty', async () => {
    const coach = await externalInstructor();
    const res = await putMe(
      coach,
      profile({ fighterName: ' ', height: 1.8, beltColor: 'Red', birthdate: '1990-02-30', gender: 'X', experience: 5 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json<ProblemDetails>();
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual([
      'beltColor',
      'birthdate',
      'experience',
      'fighterName',
      'gender',
      'height',
    ]);
    expect(problem.errors?.height).toEqual(['Height must be between 50 and 250 cm.']);

    const missing = await putMe(coach, { fighterName: 'Only a name' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<ProblemDetails>().errors ?? {})).toEqual(
      expect.arrayContaining(['height', 'weight', 'gender', 'birthdate', 'maxWorkoutDuration', 'beltColor']),
    );
    expect((await getMe(coach)).json<FighterProfileResponse>()).toMatchObject({
      fighter: { fighterName: 'New Coach', height: null },
      complete: false,
    });
  });

  it('answers 409 for a complete profile and leaves it as it was', async () => {
    const fighter = await signUp(ctx.app, { fighterName: 'Registered Fighter', height: 170, weight: 70 });
    const before = await getMe(fighter);
    expect(before.json<FighterProfileResponse>()).toMatchObject({ complete: true, refreshTokens: false });
    const res = await putMe(fighter, profile());
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json<ProblemDetails>().detail).toMatch(/already complete/);
    expect((await getMe(fighter)).json()).toEqual(before.json());

    // Completing is once only: a second PUT after a first succeeded is refused the same way.
    const coach = await externalInstructor();
    expect((await putMe(coach, profile())).statusCode).toBe(200);
    const again = await putMe(coach, profile({ fighterName: 'Changed', height: 200 }));
    expect(again.statusCode).toBe(409);
    expect((await getMe(coach)).json<FighterProfileResponse>().fighter).toMatchObject({
      fighterName: 'Ana Silva',
      height: 180,
    });
  });

  it('lets exactly one of two simultaneous completions through', async () => {
    const coach = await externalInstructor();
    const results = await Promise.all([
      putMe(coach, profile({ fighterName: 'First' })),
      putMe(coach, profile({ fighterName: 'Second' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json<FighterProfileResponse>().fighter?.fighterName;
    expect((await getMe(coach)).json<FighterProfileResponse>().fighter?.fighterName).toBe(winner);
  });

  it('gives a plain account a student profile and asks the client to refresh its tokens', async () => {
    const account = await plainAccount();
    expect((await getMe(account)).json()).toEqual({ fighter: null, complete: false, refreshTokens: false });

    const res = await putMe(account, profile({ fighterRole: 'Instructor' }));
    expect(res.statusCode).toBe(200);
    const body = res.json<FighterProfileResponse>();
    expect(body).toMatchObject({
      fighter: { fighterName: 'Ana Silva', fighterRole: 'Student', bmi: 24.69 },
      complete: true,
      refreshTokens: true,
    });
    // The old access token does not name the new profile yet; a refresh issues one that does.
    expect((await getMe(account)).json<FighterProfileResponse>().refreshTokens).toBe(true);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/refresh',
      payload: { refreshToken: account.tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const renewed = bearer(refreshed.json<TokenResponse>());
    expect((await getMe(renewed)).json<FighterProfileResponse>()).toMatchObject({
      fighter: { id: body.fighter?.id },
      refreshTokens: false,
    });
    expect((await info(renewed)).fighterInfo).toMatchObject({ id: body.fighter?.id, role: 0, weight: 80 });
    expect((await putMe(renewed, profile())).statusCode).toBe(409);
  });

  it('creates one profile when a plain account sends two completions at once', async () => {
    const account = await plainAccount();
    const results = await Promise.all([putMe(account, profile()), putMe(account, profile())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db
      .selectFrom('fighters')
      .innerJoin('users', 'users.id', 'fighters.user_id')
      .select('fighters.id')
      .where('users.normalized_email', '=', (await info(account)).userInfo.email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("touches only the caller's own profile, whatever the body names", async () => {
    const first = await externalInstructor('First Coach');
    const second = await externalInstructor('Second Coach');
    const secondBefore = (await getMe(second)).json<FighterProfileResponse>();
    const secondId = secondBefore.fighter?.id;
    expect(secondId).toBeDefined();

    const res = await putMe(first, profile({ id: secondId, fighterId: secondId, userId: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json<FighterProfileResponse>().fighter?.id).not.toBe(secondId);
    expect((await getMe(second)).json()).toEqual(secondBefore);

    // There is no route that writes a profile by its id.
    const byId = await ctx.app.inject({
      method: 'PUT',
      url: `/api/fighter/${secondId}`,
      headers: first.auth,
      payload: profile(),
    });
    expect(byId.statusCode).toBe(404);
    expect((await getMe(second)).json()).toEqual(secondBefore);
  });
});
