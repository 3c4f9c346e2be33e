import { Curriculum } from '@openmat/contract/coaching';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatModel, ChatReply, ChatRequest } from '../../lib/chat-model.js';
import { composePlan, planCandidates, type PlanRequest } from './compose-plan.js';
import {
  checkLlmCurriculum,
  curriculumResponseSchema,
  forbiddenFamilies,
  planWithFallback,
  promptTechniques,
  requestLlmPlan,
  type PlanLog,
} from './llm-plan-provider.js';

/**
 * The model as the domain sees it, in memory: it records every request and answers with `reply`. The HTTP
 * exchange with a real OpenAI-compatible peer is tested with the repository (test/llm.repository.test.ts).
 */
const asked: ChatRequest[] = [];
let reply: ChatReply = { ok: false, reason: 'no reply set' };
const model: ChatModel = {
  complete: async (chatRequest) => {
    asked.push(chatRequest);
    return reply;
  },
};

beforeEach(() => {
  asked.length = 0;
  reply = { ok: false, reason: 'no reply set' };
});

function answerWith(content: string | null, extra: { refusal?: string; finishReason?: string } = {}): void {
  reply = { ok: true, content, refusal: extra.refusal ?? null, finishReason: extra.finishReason ?? 'stop' };
}

function failWith(reason: string): void {
  reply = { ok: false, reason };
}

const request: PlanRequest = {
  sessionMinutes: 90,
  targetLevel: 'Beginner',
  attire: 'gi',
  roster: [
    { belt: 'White', birthdate: '1995-04-01' },
    { belt: 'Blue', birthdate: '1988-09-12' },
    { belt: null, birthdate: null },
  ],
  recentTechniqueIds: ['armbar-from-closed-guard'],
  weaknessTags: [],
  language: 'en',
  seed: 7,
  today: new Date('2026-03-01T12:00:00Z'),
};

/** A plan the model might write: a valid local plan of another seed, retitled so the source shows. */
function modelPlan(): Curriculum {
  const { curriculum } = composePlan({ ...request, seed: 99 });
  return { ...curriculum, session_title: 'Plan written by the model' };
}

function recordingLog(): PlanLog & { warnings: Array<{ details: { reason: string }; message: string }> } {
  const warnings: Array<{ details: { reason: string }; message: string }> = [];
  return { warnings, warn: (details, message) => warnings.push({ details: { reason: details.reason }, message }) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every object node of a schema, for checking the strict-mode rules. */
function objectNodes(node: unknown): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap(objectNodes);
  if (!isRecord(node)) return [];
  const own = node.type === 'object' ? [node] : [];
  return [...own, ...Object.values(node).flatMap(objectNodes)];
}

async function expectFallback(reason: RegExp) {
  const log = recordingLog();
  const result = await planWithFallback(request, { model, log });
  expect(result.source).toBe('local');
  expect(result).toMatchObject(composePlan(request));
  expect(result.fallbackReason).toMatch(reason);
  expect(log.warnings).toHaveLength(1);
  expect(log.warnings[0]?.details.reason).toMatch(reason);
  return result;
}

describe('the language-model provider', () => {
  it('uses a good answer and asks for it with the prompts and the structured output', async () => {
    const planned = modelPlan();
    answerWith(JSON.stringify({ ...planned, techniques: planned.techniques.map((t) => ({ ...t })) }));
    const log = recordingLog();

    const result = await planWithFallback(request, { model, log });

    expect(result.source).toBe('llm');
    expect(result.curriculum.session_title).toBe('Plan written by the model');
    expect(Curriculum.safeParse(result.curriculum).success).toBe(true);
    expect(result.techniqueIds).toEqual(planned.techniques.map((technique) => technique.technique_id));
    expect(log.warnings).toEqual([]);

    expect(asked).toHaveLength(1);
    const [call] = asked;
    expect(call).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { name: 'curriculum', strict: true } },
      seed: 7,
    });
    const [system, user] = call?.messages ?? [];
    expect(call?.messages).toHaveLength(2);
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('add up exactly');
    expect(user?.role).toBe('user');
    const prompt = user?.content ?? '';
    expect(prompt).toContain('"session_minutes":90');
    expect(prompt).toContain('"target_level":"Beginner"');
    expect(prompt).toContain('"belts":{"White":1,"Blue":1,"unknown":1}');
    expect(prompt).toContain('"id":"hip-bump-sweep"');
    // Techniques taught recently and techniques white belts may not use are not offered.
    expect(prompt).not.toContain('"id":"armbar-from-closed-guard"');
    expect(prompt).not.toContain('heel-hook');
    expect(prompt).not.toContain('wrist-lock');
  });

  it('asks with a schema generated from the contract that strict structured outputs accept', async () => {
    answerWith(JSON.stringify(modelPlan()));
    await planWithFallback(request, { model, log: recordingLog() });
    const schema = asked[0]?.response_format?.json_schema.schema;
    expect(schema).toEqual(curriculumResponseSchema(promptTechniques(planCandidates(request)).map((t) => t.id)));
    expect(isRecord(schema) && schema.type).toBe('object');
    const objects = objectNodes(schema);
    expect(objects.length).toBeGreaterThanOrEqual(6);
    for (const node of objects) {
      expect(node.additionalProperties).toBe(false);
      expect(node.required).toEqual(Object.keys(isRecord(node.properties) ? node.properties : {}));
    }
    const text = JSON.stringify(schema);
    for (const keyword of ['"$schema"', '"minLength"', '"maxLength"', '"minItems"', '"maxItems"']) {
      expect(text).not.toContain(keyword);
    }
    for (const key of ['session_title', 'duration', 'warm_up', 'techniques', 'drills', 'sparring', 'cool_down']) {
      expect(isRecord(schema) && isRecord(schema.properties) && key in schema.properties).toBe(true);
    }
    // technique_id is one of the candidates or null.
    expect(text).toContain('"technique_id":{"anyOf":[{"type":"string","enum":[');
    expect(text).toContain('{"type":"null"}');
  });

  it('accepts a technique outside the knowledge base, given without an id', async () => {
    const planned = modelPlan();
    const extra = {
      name: 'Hip escape ladder',
      description: 'Shrimp up the wall of partners, framing on each one in turn.',
      tips: ['Frame before you move the hips'],
      technique_id: null,
    };
    answerWith(JSON.stringify({ ...planned, techniques: [...planned.techniques, extra] }));
    const result = await planWithFallback(request, { model, log: recordingLog() });
    expect(result.source).toBe('llm');
    expect(result.curriculum.techniques.at(-1)).toEqual({
      name: 'Hip escape ladder',
      description: 'Shrimp up the wall of partners, framing on each one in turn.',
      tips: ['Frame before you move the hips'],
    });
    expect(result.techniqueIds).toEqual(planned.techniques.map((technique) => technique.technique_id));
  });

  it('accepts JSON wrapped in a code fence by a model without strict mode', async () => {
    answerWith('```json\n' + JSON.stringify(modelPlan()) + '\n```');
    const result = await planWithFallback(request, { model, log: recordingLog() });
    expect(result.source).toBe('llm');
  });

  it('falls back on an answer that is not JSON', async () => {
    answerWith('Sure! Here is a great lesson plan: warm up, drill, roll. {');
    await expectFallback(/the answer is not JSON/);
  });

  it('falls back on JSON of the wrong shape', async () => {
    answerWith(JSON.stringify({ session_title: 'Guard day', techniques: 'armbar, triangle' }));
    await expectFallback(/does not match the curriculum schema/);
  });

  it('falls back when the minutes do not add up to the session', async () => {
    const planned = modelPlan();
    answerWith(JSON.stringify({ ...planned, cool_down: { ...planned.cool_down, duration: '25 minutes' } }));
    await expectFallback(/minutes add up to \d+, not to the session's 90/);
  });

  it('falls back when a part has no minutes or the stated length is wrong', async () => {
    const planned = modelPlan();
    answerWith(JSON.stringify({ ...planned, warm_up: { ...planned.warm_up, duration: 'a few minutes' } }));
    await expectFallback(/warm-up duration 'a few minutes' has no minutes/);
    answerWith(JSON.stringify({ ...planned, duration: '60 minutes' }));
    await expectFallback(/plan duration '60 minutes' is not the session's 90 minutes/);
  });

  it('falls back when a technique is restricted for the class, was taught recently, or is repeated', async () => {
    const planned = modelPlan();
    const [first] = planned.techniques;
    if (first === undefined) throw new Error('no technique');
    const heelHook = { ...first, name: 'Inside heel hook', technique_id: 'inside-heel-hook' };
    answerWith(JSON.stringify({ ...planned, techniques: [heelHook, ...planned.techniques.slice(1)] }));
    await expectFallback(/technique 'inside-heel-hook' is not allowed for this class/);

    const recent = { ...first, name: 'Armbar', technique_id: 'armbar-from-closed-guard' };
    answerWith(JSON.stringify({ ...planned, techniques: [recent, ...planned.techniques.slice(1)] }));
    await expectFallback(/technique 'armbar-from-closed-guard' is not allowed for this class or was taught recently/);

    const unnamed = { ...first, name: 'Heel hook from 50/50', technique_id: null };
    answerWith(JSON.stringify({ ...planned, techniques: [unnamed, ...planned.techniques.slice(1)] }));
    await expectFallback(/restricted heel-hook/);

    answerWith(JSON.stringify({ ...planned, techniques: [first, first] }));
    await expectFallback(/is repeated/);
  });

  it('falls back with the reason the model gave no answer, such as a timeout or an HTTP error', async () => {
    failWith('no answer within 150 ms');
    await expectFallback(/^no answer within 150 ms$/);
    failWith('HTTP 500: The server had an error while processing your request.');
    await expectFallback(/^HTTP 500: The server had an error while processing your request\.$/);
  });

  it('shortens a long reason to one line of at most 300 characters', async () => {
    failWith(`HTTP 502: <html>\n  <body>${'gateway '.repeat(100)}</body>\n</html>`);
    const { fallbackReason } = await expectFallback(/^HTTP 502: <html> <body>gateway gateway/);
    expect(fallbackReason).not.toContain('\n');
    expect(fallbackReason?.length).toBe(301);
    expect(fallbackReason?.endsWith('…')).toBe(true);
  });

  it('falls back on a refusal, an empty answer and an answer cut off at the token limit', async () => {
    answerWith(null, { refusal: 'I cannot help with that.' });
    await expectFallback(/the model refused: I cannot help with that\./);
    answerWith('');
    await expectFallback(/the answer is empty/);
    answerWith('{"session_title": "Guard', { finishReason: 'length' });
    await expectFallback(/cut off at the token limit/);
  });

  it('uses the local composer without a request or a warning when no model is configured', async () => {
    const log = recordingLog();
    const result = await planWithFallback(request, { log });
    expect(result).toEqual({ ...composePlan(request), source: 'local' });
    expect(log.warnings).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('logs the reason through a pino logger as a structured field', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    failWith('HTTP 500: overloaded');
    const result = await planWithFallback(request, { model, log: logger });
    expect(result.source).toBe('local');
    expect(lines).toHaveLength(1);
    const entry: unknown = JSON.parse(lines[0] ?? '{}');
    expect(entry).toMatchObject({ level: 40, reason: 'HTTP 500: overloaded' });
  });

  it('returns a failure with its reason from requestLlmPlan, never throwing, even when the model throws', async () => {
    failWith('HTTP 503: {}');
    await expect(requestLlmPlan(request, model)).resolves.toEqual({ ok: false, reason: 'HTTP 503: {}' });
    const throwing: ChatModel = {
      complete: () => Promise.reject(new Error('socket hang up')),
    };
    await expect(requestLlmPlan(request, throwing)).resolves.toEqual({ ok: false, reason: 'socket hang up' });
  });
});

describe('checkLlmCurriculum', () => {
  const candidates = planCandidates(request);

  it('passes a local plan of the same request', () => {
    const { curriculum, techniqueIds } = composePlan(request);
    expect(checkLlmCurriculum(curriculum, candidates)).toEqual({ ok: true, curriculum, techniqueIds });
  });

  it('refuses restricted families named in drills for white belts and kids', () => {
    const { curriculum } = composePlan(request);
    const drill = {
      name: 'Knee bar entries',
      description: 'Entries to the knee bar.',
      focus: 'Leg locks',
      duration: '5 minutes',
    };
    const [first, ...rest] = curriculum.drills;
    if (first === undefined) throw new Error('no drill');
    const shorter = { ...first, duration: `${Number.parseInt(first.duration, 10) - 5} minutes` };
    const outcome = checkLlmCurriculum({ ...curriculum, drills: [shorter, ...rest, drill] }, candidates);
    expect(outcome).toEqual({ ok: false, reason: "drill 'Knee bar entries' trains a restricted knee-bar" });
  });

  it('knows which families each audience may not use', () => {
    expect(forbiddenFamilies(planCandidates(request).audience)).toEqual(
      expect.arrayContaining(['wrist-lock', 'knee-bar', 'heel-hook', 'toe-hold']),
    );
    const kids = planCandidates({ ...request, targetLevel: 'Kids' }).audience;
    expect(forbiddenFamilies(kids)).toContain('frontal-guillotine');
    const blackNogi = planCandidates({
      ...request,
      targetLevel: 'Expert',
      attire: 'nogi',
      roster: [{ belt: 'Black', birthdate: '1980-01-01' }],
    }).audience;
    expect(forbiddenFamilies(blackNogi)).toEqual([]);
    const blackGi = planCandidates({
      ...request,
      targetLevel: 'Expert',
      roster: [{ belt: 'Black', birthdate: '1980-01-01' }],
    }).audience;
    expect(forbiddenFamilies(blackGi)).toEqual(['heel-hook']);
  });
});
