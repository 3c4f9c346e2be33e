import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../src/lib/chat-model.js';
import { composePlan, type PlanRequest } from '../src/coach/plan/compose-plan.js';
import { planWithFallback, type PlanLog } from '../src/coach/plan/llm-plan-provider.js';
import { LlmRepository, type LlmConfig } from '../src/repositories/llm.repository.js';
import { chatCompletion, sendJson, startOpenAiLoopback, type OpenAiLoopback } from './support/openai-loopback.js';

/** A small OpenAI-compatible server on 127.0.0.1 (test/support/openai-loopback.ts). */
let loopback: OpenAiLoopback;

beforeAll(async () => {
  loopback = await startOpenAiLoopback();
});

afterAll(async () => {
  await loopback.close();
});

beforeEach(() => {
  loopback.reset();
});

function answerWith(content: string | null, extra?: { refusal?: string; finishReason?: string }): void {
  loopback.reply = (response) => sendJson(response, 200, chatCompletion(content, { ...extra, model: 'plan-model' }));
}

function repository(overrides: Partial<LlmConfig> = {}): LlmRepository {
  return new LlmRepository({
    baseUrl: loopback.baseUrl,
    model: 'plan-model',
    apiKey: 'test-key',
    timeoutMs: 2000,
    ...overrides,
  });
}

const chat: ChatRequest = {
  messages: [
    { role: 'system', content: 'You write lesson plans.' },
    { role: 'user', content: 'A plan for 60 minutes, please.' },
  ],
  response_format: { type: 'json_schema', json_schema: { name: 'curriculum', strict: true, schema: {} } },
  temperature: 0.4,
  seed: 7,
};

describe('the language-model repository against a loopback OpenAI-compatible server', () => {
  it('sends the real chat-completions request and reads the first choice', async () => {
    answerWith('{"session_title":"Guard day"}');
    await expect(repository().complete(chat)).resolves.toEqual({
      ok: true,
      content: '{"session_title":"Guard day"}',
      refusal: null,
      finishReason: 'stop',
    });
    expect(loopback.seen).toHaveLength(1);
    const [call] = loopback.seen;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe('Bearer test-key');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toEqual({ model: 'plan-model', ...chat });
  });

  it('sends no key when none is set, and finds the endpoint under a base address with a trailing slash', async () => {
    answerWith('{}');
    await repository({ apiKey: undefined, baseUrl: `${loopback.baseUrl}/` }).complete(chat);
    expect(loopback.seen[0]?.url).toBe('/v1/chat/completions');
    expect(loopback.seen[0]?.headers.authorization).toBeUndefined();
  });

  it('reads a refusal and an answer cut off at the token limit', async () => {
    answerWith(null, { refusal: 'I cannot help with that.' });
    await expect(repository().complete(chat)).resolves.toEqual({
      ok: true,
      content: null,
      refusal: 'I cannot help with that.',
      finishReason: 'stop',
    });
    answerWith('{"session_title": "Guard', { finishReason: 'length' });
    await expect(repository().complete(chat)).resolves.toMatchObject({ ok: true, finishReason: 'length' });
  });

  it('answers the error message of the API on an HTTP error', async () => {
    loopback.reply = (response) =>
      sendJson(response, 500, {
        error: { message: 'The server had an error while processing your request.', type: 'server_error' },
      });
    await expect(repository().complete(chat)).resolves.toEqual({
      ok: false,
      reason: 'HTTP 500: The server had an error while processing your request.',
    });
    loopback.reply = (response) =>
      sendJson(response, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } });
    await expect(repository().complete(chat)).resolves.toEqual({
      ok: false,
      reason: 'HTTP 401: Incorrect API key provided.',
    });
    loopback.reply = (response) => sendJson(response, 503, {});
    await expect(repository().complete(chat)).resolves.toEqual({ ok: false, reason: 'HTTP 503: {}' });
  });

  it('answers why on a body that is not a chat completion, or not JSON at all', async () => {
    loopback.reply = (response) => sendJson(response, 200, { object: 'list', data: [] });
    await expect(repository().complete(chat)).resolves.toEqual({
      ok: false,
      reason: 'the response is not a chat completion',
    });
    loopback.reply = (response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>gateway</html>');
    };
    await expect(repository().complete(chat)).resolves.toEqual({
      ok: false,
      reason: 'the response body is not JSON',
    });
  });

  it('answers why on a refused connection', async () => {
    // A port that was just free: nothing listens on it any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    if (address === null || typeof address === 'string') throw new Error('no port');
    const outcome = await repository({ baseUrl: `http://127.0.0.1:${address.port}/v1` }).complete(chat);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.reason).toMatch(/^request failed/);
  });

  it('gives up on a server that never answers: the timeout aborts the request', async () => {
    // The server holds the request open and never answers, so the only way out is the client's timeout.
    let abandoned: () => void = () => undefined;
    const closedByClient = new Promise<void>((resolve) => {
      abandoned = resolve;
    });
    loopback.reply = (response) => {
      response.on('close', () => {
        if (!response.writableEnded) abandoned();
      });
    };
    await expect(repository({ timeoutMs: 150 }).complete(chat)).resolves.toEqual({
      ok: false,
      reason: 'no answer within 150 ms',
    });
    // The client hung up on the request the server was still holding, unanswered.
    await closedByClient;
    expect(loopback.seen).toHaveLength(1);
  });
});

describe('lesson plans through the repository, end to end', () => {
  const request: PlanRequest = {
    sessionMinutes: 90,
    targetLevel: 'Beginner',
    attire: 'gi',
    roster: [{ belt: 'White', birthdate: '1995-04-01' }],
    recentTechniqueIds: [],
    weaknessTags: [],
    language: 'en',
    seed: 7,
    today: new Date('2026-03-01T12:00:00Z'),
  };
  const warnings: string[] = [];
  const log: PlanLog = { warn: (details) => warnings.push(details.reason) };

  beforeEach(() => {
    warnings.length = 0;
  });

  it("uses the model's plan when the endpoint answers a good one", async () => {
    const { curriculum } = composePlan({ ...request, seed: 99 });
    answerWith(JSON.stringify({ ...curriculum, session_title: 'Plan written by the model' }));
    const result = await planWithFallback(request, { model: repository(), log });
    expect(result.source).toBe('llm');
    expect(result.curriculum.session_title).toBe('Plan written by the model');
    expect(warnings).toEqual([]);
    expect(loopback.seen[0]?.body).toMatchObject({ model: 'plan-model', seed: 7 });
  });

  it('falls back to the local composer when the endpoint fails', async () => {
    loopback.reply = (response) => sendJson(response, 500, { error: { message: 'overloaded' } });
    const result = await planWithFallback(request, { model: repository(), log });
    expect(result).toEqual({ ...composePlan(request), source: 'local', fallbackReason: 'HTTP 500: overloaded' });
    expect(warnings).toEqual(['HTTP 500: overloaded']);
  });
});
