import { createServer, type Server } from 'node:http';
import type { Curriculum } from '@openmat/contract/coaching';
import type { Language } from '@openmat/contract/languages';
import type { TrainingSession } from '@openmat/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { techniqueById } from '../src/coach/knowledge/knowledge-base.js';
import { composePlan } from '../src/coach/plan/compose-plan.js';
import { signUp, type SignedIn } from './support/accounts.js';
import { databaseTargets } from './support/databases.js';
import { planRequest } from './support/plan-request.js';
import { createTestApp, type TestContext } from './support/test-app.js';

/** Letters only Polish writes: no English text of a plan has them. */
const POLISH_LETTERS = /[ąćęłńóśźż]/i;

/** The names of a plan's techniques as the knowledge base writes them in `language`. */
function knowledgeBaseNames(plan: Curriculum, language: Language): Array<string | undefined> {
  return plan.techniques.map((technique) => techniqueById(technique.technique_id ?? '')?.name[language]);
}

/** The minutes of every timed part, which read the same in every language. */
function minutesOf(plan: Curriculum): string[] {
  return [plan.warm_up, ...plan.drills, plan.sparring, plan.cool_down].map(
    (part) => /\d+(\.\d+)?/.exec(part.duration)?.[0] ?? '',
  );
}

/** The session's API, with the caller's Accept-Language. */
function client(ctx: () => TestContext, coach: () => SignedIn) {
  const inject = (method: 'GET' | 'POST', url: string, language?: string, payload?: object) =>
    ctx().app.inject({
      method,
      url,
      headers: { ...coach().auth, ...(language ? { 'accept-language': language } : {}) },
      ...(payload ? { payload } : {}),
    });
  return {
    async session(): Promise<number> {
      const res = await inject('POST', '/api/trainingsession', undefined, {
        trainingDate: '2026-12-01T18:00:00Z',
        capacity: 20,
        duration: 1.5,
        targetLevel: 'Beginner',
      });
      return res.json<TrainingSession>().id;
    },
    async generate(sessionId: number, language: string): Promise<Curriculum> {
      const res = await inject('GET', `/vid/api/video/session/${sessionId}/generate`, language);
      expect(res.statusCode).toBe(200);
      return res.json<Curriculum>();
    },
    read: (sessionId: number, language?: string) => inject('GET', `/vid/api/video/${sessionId}/curriculum`, language),
    async saved(sessionId: number) {
      return ctx()
        .database.db.selectFrom('session_curricula')
        .select(['curriculum_json', 'source'])
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
    },
  };
}

describe.each(databaseTargets)('lesson plans in the viewer’s language on $dialect', (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  const api = client(
    () => ctx,
    () => coach,
  );

  beforeAll(async () => {
    ctx = await createTestApp(target);
    coach = await signUp(ctx.app, { fighterRole: 'Instructor' });
  });
  afterAll(() => ctx.close());

  it('shows a plan generated in English to a Polish viewer in Polish, and back in English', async () => {
    const sessionId = await api.session();
    const english = await api.generate(sessionId, 'en');
    expect(english.duration).toBe('90 minutes');
    expect(english.techniques.map((t) => t.name)).toEqual(knowledgeBaseNames(english, 'en'));

    const res = await api.read(sessionId, 'pl-PL,pl;q=0.9');
    expect(res.statusCode).toBe(200);
    const polish = res.json<Curriculum>();
    // The same plan: the same techniques and minutes, every word in Polish.
    expect(polish.techniques.map((t) => t.technique_id)).toEqual(english.techniques.map((t) => t.technique_id));
    expect(polish.techniques.map((t) => t.name)).toEqual(knowledgeBaseNames(english, 'pl'));
    expect(minutesOf(polish)).toEqual(minutesOf(english));
    expect(polish.duration).toBe('90 minut');
    expect(polish.drills[0]?.name).toBe('Nauka techniki');
    expect(polish.warm_up.description).toMatch(POLISH_LETTERS);

    expect((await api.read(sessionId, 'en')).json()).toEqual(english);
    // Saved is what was decided, with none of its words.
    const saved = await api.saved(sessionId);
    expect(JSON.parse(saved.curriculum_json)).toMatchObject({ kind: 'decision', version: 1 });
    expect(saved.curriculum_json).not.toContain(english.techniques[0]?.name);
    expect(saved.source).toBe('local');
  });

  it('shows a plan generated in Polish to an English viewer in English', async () => {
    const sessionId = await api.session();
    const polish = await api.generate(sessionId, 'pl');
    expect(polish.duration).toBe('90 minut');

    const english = (await api.read(sessionId, 'en')).json<Curriculum>();
    expect(english.techniques.map((t) => t.name)).toEqual(knowledgeBaseNames(polish, 'en'));
    expect(english.duration).toBe('90 minutes');
    expect(english.drills[0]?.name).toBe('Technique instruction');
    expect(JSON.stringify(english)).not.toMatch(POLISH_LETTERS);
    // No Accept-Language reads as English.
    expect((await api.read(sessionId)).json()).toEqual(english);
    expect((await api.read(sessionId, 'pl')).json()).toEqual(polish);
  });

  it('still shows a plan saved before decisions were kept, as it was written', async () => {
    const sessionId = await api.session();
    await api.generate(sessionId, 'en');
    const legacy: Curriculum = { ...composePlan(planRequest({ seed: 3 })).curriculum, session_title: 'An old plan' };
    await ctx.database.db
      .updateTable('session_curricula')
      .set({ curriculum_json: JSON.stringify(legacy) })
      .where('session_id', '=', sessionId)
      .execute();
    for (const language of ['en', 'pl']) {
      const res = await api.read(sessionId, language);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(legacy);
    }
  });

  it('answers 204 for a saved text that reads as no plan', async () => {
    const sessionId = await api.session();
    await api.generate(sessionId, 'en');
    await ctx.database.db
      .updateTable('session_curricula')
      .set({ curriculum_json: JSON.stringify({ kind: 'decision', version: 1, decision: { techniqueIds: ['gone'] } }) })
      .where('session_id', '=', sessionId)
      .execute();
    expect((await api.read(sessionId, 'pl')).statusCode).toBe(204);
  });
});

describe.each(databaseTargets)('lesson plans written by a language model on $dialect', (target) => {
  let ctx: TestContext;
  let coach: SignedIn;
  let model: Server;
  const api = client(
    () => ctx,
    () => coach,
  );
  /** A plan the model writes: a valid plan for the class (a one-hour-and-a-half beginners' gi class), retitled. */
  const written: Curriculum = {
    ...composePlan(planRequest({ sessionMinutes: 90, seed: 5 })).curriculum,
    session_title: 'Plan written by the model',
  };

  beforeAll(async () => {
    // An OpenAI-compatible endpoint on 127.0.0.1 that always answers with `written`.
    model = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const text = JSON.stringify({
          id: 'chatcmpl-loopback',
          object: 'chat.completion',
          created: 1767225600,
          model: 'plan-model',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(written), refusal: null },
              finish_reason: 'stop',
            },
          ],
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end(text);
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const address = model.address();
    if (address === null || typeof address === 'string') throw new Error('the loopback model has no port');
    ctx = await createTestApp(target, {
      env: { AI_BASE_URL: `http://127.0.0.1:${address.port}/v1`, AI_MODEL: 'plan-model' },
    });
    coach = await signUp(ctx.app, { fighterRole: 'Instructor' });
  });
  afterAll(async () => {
    await ctx.close();
    model.closeAllConnections();
    await new Promise<void>((resolve, reject) => model.close((error) => (error ? reject(error) : resolve())));
  });

  it('keeps the model’s plan as written, in its language, and shows it so to every viewer', async () => {
    const sessionId = await api.session();
    expect(await api.generate(sessionId, 'en')).toEqual(written);
    const saved = await api.saved(sessionId);
    expect(saved.source).toBe('llm');
    expect(JSON.parse(saved.curriculum_json)).toEqual({ kind: 'written', language: 'en', curriculum: written });
    for (const language of ['en', 'pl']) expect((await api.read(sessionId, language)).json()).toEqual(written);
  });
});
