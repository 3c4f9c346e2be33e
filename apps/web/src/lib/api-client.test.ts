import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { apiRequest, ApiError, connectSession } from './api-client';

function session(initialToken: string, refreshTo: string | null) {
  let token = initialToken;
  const hooks = {
    accessToken: () => token,
    refresh: vi.fn(async () => {
      if (!refreshTo) return false;
      token = refreshTo;
      return true;
    }),
    sessionLost: vi.fn(),
  };
  connectSession(hooks);
  return hooks;
}

afterEach(() => vi.restoreAllMocks());

describe('apiRequest', () => {
  it('sends the bearer token on an authorized call', async () => {
    session('access-1', null);
    const http = stubFetch({ 'GET /api/thing': () => json(200, { ok: true }) });
    expect(await apiRequest('/api/thing')).toEqual({ ok: true });
    expect(http.calls[0]?.headers.authorization).toBe('Bearer access-1');
  });

  it('refreshes once on a 401 and repeats the call once with the new token', async () => {
    const hooks = session('old', 'new');
    const http = stubFetch({
      'GET /api/thing': [() => problem(401, 'expired'), () => json(200, { n: 1 })],
    });
    expect(await apiRequest('/api/thing')).toEqual({ n: 1 });
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(http.calls.map((c) => c.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(hooks.sessionLost).not.toHaveBeenCalled();
  });

  it('treats a second 401 as an error and reports the session lost', async () => {
    const hooks = session('old', 'new');
    const http = stubFetch({ 'GET /api/thing': () => problem(401, 'still no') });
    await expect(apiRequest('/api/thing')).rejects.toMatchObject({ status: 401, message: 'still no' });
    expect(http.calls).toHaveLength(2);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(hooks.sessionLost).toHaveBeenCalledTimes(1);
  });

  it('does not repeat the call when the refresh fails', async () => {
    const hooks = session('old', null);
    const http = stubFetch({ 'GET /api/thing': () => problem(401, 'expired') });
    await expect(apiRequest('/api/thing')).rejects.toBeInstanceOf(ApiError);
    expect(http.calls).toHaveLength(1);
    expect(hooks.sessionLost).toHaveBeenCalledTimes(1);
  });

  it('sends no token and never refreshes on an unauthenticated call', async () => {
    const hooks = session('old', 'new');
    const http = stubFetch({ 'POST /api/fighter/login': () => problem(401, 'Invalid email or password.') });
    await expect(apiRequest('/api/fighter/login', { method: 'POST', json: {}, auth: false })).rejects.toMatchObject({
      message: 'Invalid email or password.',
    });
    expect(http.calls[0]?.headers.authorization).toBeUndefined();
    expect(hooks.refresh).not.toHaveBeenCalled();
  });

  it('reads problem details and lists every field message', async () => {
    session('t', null);
    stubFetch({
      'POST /api/x': () => problem(400, 'bad', { PasswordTooShort: ['too short'], email: ['bad e-mail', 'taken'] }),
    });
    const error = await apiRequest('/api/x', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && error.fieldMessages).toEqual(['too short', 'bad e-mail', 'taken']);
  });

  it("reads a bare {message} body as the server's message", async () => {
    session('t', null);
    stubFetch({ 'POST /api/x': () => json(409, { message: 'This session is full.' }) });
    const error = await apiRequest('/api/x', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(error instanceof ApiError && error.serverMessage).toBe('This session is full.');
  });

  it('validates the answer against the contract schema', async () => {
    session('t', null);
    stubFetch({ 'GET /api/n': () => json(200, { n: 'not a number' }) });
    await expect(apiRequest('/api/n', { schema: z.object({ n: z.number() }) })).rejects.toThrow();
  });
});
