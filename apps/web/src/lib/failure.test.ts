import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, stubFetch } from '@/testing/fetch-stub';
import { apiRequest, connectSession } from './api-client';
import { errorText } from './failure';

const PATH = '/api/thing';

/** What the app holds after a call answered with `response` (or failing as `response` does). */
async function failureOf(response: () => Response | Promise<Response>): Promise<unknown> {
  stubFetch({ [`POST ${PATH}`]: response });
  return apiRequest(PATH, { method: 'POST', json: {}, schema: z.object({ ok: z.literal(true) }) }).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

beforeEach(() =>
  connectSession({ accessToken: () => 'token', refresh: () => Promise.resolve(false), sessionLost: () => undefined }),
);
afterEach(() => vi.restoreAllMocks());

describe('errorText', () => {
  it('reads a validation problem: the field messages go under the line, the detail is the server message', async () => {
    const error = await failureOf(() =>
      json(400, {
        type: 'about:blank',
        title: 'One or more validation errors occurred.',
        status: 400,
        detail: 'The request body is not valid.',
        errors: { PasswordTooShort: ['Passwords must be at least 8 characters.'], email: ['Taken.', 'Too long.'] },
      }),
    );
    expect(errorText(error)).toEqual({
      status: 400,
      message: 'The request body is not valid.',
      serverMessage: 'The request body is not valid.',
      fieldMessages: ['Passwords must be at least 8 characters.', 'Taken.', 'Too long.'],
      details: ['Passwords must be at least 8 characters.', 'Taken.', 'Too long.'],
      statusText: 'The request body is not valid.',
      body: 'The request body is not valid.',
      messageOrTitle: 'One or more validation errors occurred.',
      responseText: 'The request body is not valid.',
    });
  });

  it('prefers the status line where the catalogue says "plus the status text"', async () => {
    const error = await failureOf(
      () =>
        new Response(JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Not yours.' }), {
          status: 403,
          statusText: 'Forbidden',
          headers: { 'content-type': 'application/problem+json' },
        }),
    );
    expect(errorText(error)).toMatchObject({
      statusText: 'Forbidden',
      serverMessage: 'Not yours.',
      details: ['Not yours.'],
      body: 'Not yours.',
      messageOrTitle: 'Forbidden',
    });
  });

  it('reads a problem without detail: no server message, the title names it, the body is the raw text', async () => {
    const problem = { type: 'about:blank', title: 'Unavailable', status: 503 };
    const error = await failureOf(() => json(503, problem));
    expect(errorText(error)).toMatchObject({
      status: 503,
      message: 'Unavailable',
      serverMessage: null,
      details: [],
      statusText: 'Unavailable',
      body: JSON.stringify(problem),
      messageOrTitle: 'Unavailable',
      responseText: JSON.stringify(problem),
    });
  });

  it('reads a bare {message} body as the server message and as the pairing message', async () => {
    const error = await failureOf(() => json(409, { message: 'This session is full.' }));
    expect(errorText(error)).toMatchObject({
      status: 409,
      message: 'This session is full.',
      serverMessage: 'This session is full.',
      fieldMessages: [],
      details: ['This session is full.'],
      statusText: 'This session is full.',
      body: 'This session is full.',
      messageOrTitle: 'This session is full.',
      responseText: '{"message":"This session is full."}',
    });
  });

  it('reads the attendance refusal {success: false, message} by its message', async () => {
    const error = await failureOf(() => json(400, { success: false, message: "Names repeat: 'Ewa'." }));
    expect(errorText(error)).toMatchObject({ serverMessage: "Names repeat: 'Ewa'.", body: "Names repeat: 'Ewa'." });
  });

  it('reads a body that is not JSON by its raw text, and the status line', async () => {
    const error = await failureOf(
      () => new Response('database is locked\n', { status: 500, statusText: 'Internal Server Error' }),
    );
    expect(errorText(error)).toEqual({
      status: 500,
      message: 'database is locked\n',
      serverMessage: null,
      fieldMessages: [],
      details: [],
      statusText: 'Internal Server Error',
      body: 'database is locked',
      messageOrTitle: 'Internal Server Error',
      responseText: 'database is locked\n',
    });
  });

  it("falls back to 'HTTP <status>' when the answer has neither body nor status line", async () => {
    const error = await failureOf(() => new Response('', { status: 502 }));
    expect(errorText(error)).toMatchObject({
      status: 502,
      message: 'HTTP 502',
      statusText: 'HTTP 502',
      body: 'HTTP 502',
      messageOrTitle: '',
      responseText: '',
      details: [],
    });
  });

  it('reads a network failure by its own message, with no status and no response text', async () => {
    const error = await failureOf(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(errorText(error)).toEqual({
      status: null,
      message: 'Failed to fetch',
      serverMessage: null,
      fieldMessages: [],
      details: [],
      statusText: 'Failed to fetch',
      body: 'Failed to fetch',
      messageOrTitle: 'Failed to fetch',
      responseText: null,
    });
  });

  it("gives zod's account of an answer that does not match the contract as its body", async () => {
    const error = await failureOf(() => json(200, { ok: 'yes' }));
    const text = errorText(error);
    expect(text.status).toBeNull();
    expect(text.responseText).toBeNull();
    expect(text.body).toContain('→ at ok');
  });

  it('reads a thrown value that is not an Error as its text', () => {
    expect(errorText('offline')).toMatchObject({ status: null, message: 'offline', body: 'offline', details: [] });
  });
});
