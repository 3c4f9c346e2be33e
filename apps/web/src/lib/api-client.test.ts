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

async function failedCall(path: string): Promise<ApiError> {
  const error = await apiRequest(path, { method: 'POST', json: {}, schema: z.unknown() }).catch((e: unknown) => e);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiRequest', () => {
  it('sends the bearer token on an authorized call', async () => {
    session('access-1', null);
    const http = stubFetch({ 'GET /api/thing': () => json(200, { ok: true }) });
    expect(await apiRequest('/api/thing', { schema: z.object({ ok: z.boolean() }) })).toEqual({ ok: true });
    expect(http.calls[0]?.headers.authorization).toBe('Bearer access-1');
  });

  it('refreshes once on a 401 and repeats the call once with the new token', async () => {
    const hooks = session('old', 'new');
    const http = stubFetch({
      'GET /api/thing': [() => problem(401, 'expired'), () => json(200, { n: 1 })],
    });
    expect(await apiRequest('/api/thing', { schema: z.object({ n: z.number() }) })).toEqual({ n: 1 });
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(http.calls.map((c) => c.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(hooks.sessionLost).not.toHaveBeenCalled();
  });

  it('treats a second 401 as an error and reports the session lost', async () => {
    const hooks = session('old', 'new');
    const http = stubFetch({ 'GET /api/thing': () => problem(401, 'still no') });
    await expect(apiRequest('/api/thing', { schema: z.unknown() })).rejects.toMatchObject({
      status: 401,
      message: 'still no',
    });
    expect(http.calls).toHaveLength(2);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(hooks.sessionLost).toHaveBeenCalledTimes(1);
  });

  it('does not repeat the call when the refresh fails', async () => {
    const hooks = session('old', null);
    const http = stubFetch({ 'GET /api/thing': () => problem(401, 'expired') });
    await expect(apiRequest('/api/thing', { schema: z.unknown() })).rejects.toBeInstanceOf(ApiError);
    expect(http.calls).toHaveLength(1);
    expect(hooks.sessionLost).toHaveBeenCalledTimes(1);
  });

  it('sends no token and never refreshes on an unauthenticated call', async () => {
    const hooks = session('old', 'new');
    const http = stubFetch({ 'POST /api/fighter/login': () => problem(401, 'Invalid email or password.') });
    await expect(
      apiRequest('/api/fighter/login', { method: 'POST', json: {}, auth: false, schema: z.unknown() }),
    ).rejects.toMatchObject({
      message: 'Invalid email or password.',
    });
    expect(http.calls[0]?.headers.authorization).toBeUndefined();
    expect(hooks.refresh).not.toHaveBeenCalled();
  });

  it('reads a problem details body with the contract schema', async () => {
    session('t', null);
    const body = {
      type: 'about:blank',
      title: 'One or more validation errors occurred.',
      status: 400,
      detail: 'The request body is not valid.',
      errors: { PasswordTooShort: ['too short'] },
    };
    stubFetch({ 'POST /api/x': () => json(400, body) });
    const error = await failedCall('/api/x');
    expect(error).toMatchObject({ status: 400, message: 'The request body is not valid.' });
    expect(error.body).toEqual({ kind: 'problem', problem: body });
  });

  it('names a problem without detail by its title', async () => {
    session('t', null);
    stubFetch({ 'POST /api/x': () => json(503, { type: 'about:blank', title: 'Service Unavailable', status: 503 }) });
    const error = await failedCall('/api/x');
    expect(error.message).toBe('Service Unavailable');
    expect(error.body.kind).toBe('problem');
  });

  it('reads a bare {message} body, and the attendance refusal {success: false, message}', async () => {
    session('t', null);
    stubFetch({
      'POST /api/full': () => json(409, { message: 'This session is full.' }),
      'POST /api/attendance': () => json(400, { success: false, message: 'Names repeat.' }),
    });
    const full = await failedCall('/api/full');
    expect(full.body).toEqual({ kind: 'message', message: 'This session is full.' });
    expect(full.message).toBe('This session is full.');
    expect((await failedCall('/api/attendance')).body).toEqual({ kind: 'message', message: 'Names repeat.' });
  });

  it('keeps the raw text of a body that is not JSON, or JSON of no error shape', async () => {
    session('t', null);
    stubFetch({
      'POST /api/text': () => new Response('database is locked', { status: 500, statusText: 'Internal Server Error' }),
      'POST /api/json': () => json(500, { error: 'boom' }),
      'POST /api/empty': () => new Response('', { status: 502 }),
    });
    const text = await failedCall('/api/text');
    expect(text).toMatchObject({ status: 500, statusText: 'Internal Server Error', bodyText: 'database is locked' });
    expect(text.body).toEqual({ kind: 'other' });
    expect(text.message).toBe('database is locked');
    expect((await failedCall('/api/json')).body).toEqual({ kind: 'other' });
    expect((await failedCall('/api/empty')).message).toBe('HTTP 502');
  });

  it('lets a network failure through as it is: no answer, no ApiError', async () => {
    session('t', null);
    stubFetch({ 'GET /api/thing': () => Promise.reject(new TypeError('Failed to fetch')) });
    const error = await apiRequest('/api/thing', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('reads an empty answer (204) as null, which only a schema for no content accepts', async () => {
    session('t', null);
    stubFetch({ 'DELETE /api/thing': () => new Response(null, { status: 204 }) });
    expect(await apiRequest('/api/thing', { method: 'DELETE', schema: z.null() })).toBeNull();
    await expect(
      apiRequest('/api/thing', { method: 'DELETE', schema: z.object({ id: z.number() }) }),
    ).rejects.toThrow();
  });

  it('validates the answer against the contract schema', async () => {
    session('t', null);
    stubFetch({ 'GET /api/n': () => json(200, { n: 'not a number' }) });
    await expect(apiRequest('/api/n', { schema: z.object({ n: z.number() }) })).rejects.toThrow();
  });
});
