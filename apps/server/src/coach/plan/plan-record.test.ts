import type { Curriculum } from '@openmat/contract/coaching';
import { LANGUAGES } from '@openmat/contract/languages';
import { describe, expect, it } from 'vitest';
import {
  coolDownById,
  drillById,
  positionById,
  sparringFormatById,
  techniqueById,
  warmUpById,
} from '../knowledge/knowledge-base.js';
import { planRequest as request } from '../../../test/support/plan-request.js';
import { composePlan, decidePlan, renderPlan } from './compose-plan.js';
import { planCurriculum, planRecordJson, planRecordOf, readPlanRecord, storedCurriculum } from './plan-record.js';

/** A plan as a model might write it: free text, one language. */
const WRITTEN: Curriculum = {
  ...composePlan(request({ seed: 99 })).curriculum,
  session_title: 'Plan written by the model',
};

describe('renderPlan', () => {
  it('writes one decision in each language from the knowledge base’s own names', () => {
    const decision = decidePlan(request({ seed: 11, sessionMinutes: 90 }));
    const english = renderPlan(decision, 'en');
    const polish = renderPlan(decision, 'pl');
    for (const [language, plan] of [
      ['en', english],
      ['pl', polish],
    ] as const) {
      expect(plan.techniques.map((technique) => technique.name)).toEqual(
        decision.techniqueIds.map((id) => techniqueById(id)?.name[language]),
      );
      expect(plan.techniques.map((technique) => technique.technique_id)).toEqual(decision.techniqueIds);
      expect(plan.warm_up.name).toBe(warmUpById(decision.warmUp.id)?.name[language]);
      expect(plan.drills.slice(1).map((drill) => drill.name)).toEqual(
        decision.drills.map(({ id }) => drillById(id)?.name[language]),
      );
      expect(plan.sparring.name).toBe(sparringFormatById(decision.sparring.id)?.name[language]);
      expect(plan.cool_down.name).toBe(coolDownById(decision.coolDown.id)?.name[language]);
      expect(plan.session_title).toContain(positionById(decision.position)?.name[language]);
    }
    expect(english.duration).toBe('90 minutes');
    expect(polish.duration).toBe('90 minut');
    expect(english.drills[0]?.name).toBe('Technique instruction');
    expect(polish.drills[0]?.name).toBe('Nauka techniki');
    // Different words for every part, the same minutes.
    expect(polish.warm_up.name).not.toBe(english.warm_up.name);
    expect(polish.cool_down.duration.split(' ')[0]).toBe(english.cool_down.duration.split(' ')[0]);
  });

  it('decides without the language, and composePlan is the decision written in the request’s', () => {
    for (let seed = 0; seed < 20; seed++) {
      const english = request({ seed, sessionMinutes: 75, language: 'en' });
      const decision = decidePlan(english);
      expect(decidePlan({ ...english, language: 'pl' })).toEqual(decision);
      for (const language of LANGUAGES) {
        expect(composePlan({ ...english, language })).toEqual({
          curriculum: renderPlan(decision, language),
          techniqueIds: decision.techniqueIds,
          decision,
        });
      }
    }
  });
});

describe('plan records', () => {
  it('keeps the composer’s decision and gives the same plan back in every language', () => {
    for (let seed = 0; seed < 30; seed++) {
      const plan = composePlan(request({ seed, sessionMinutes: [3, 30, 60, 90, 120][seed % 5] }));
      const json = planRecordJson(planRecordOf({ ...plan, source: 'local' }, 'en'));
      expect(JSON.parse(json)).toMatchObject({ kind: 'decision', version: 1, decision: plan.decision });
      // No words are kept: the knowledge base's English names do not appear in the saved text.
      expect(json).not.toContain(plan.curriculum.techniques[0]?.name);
      for (const language of LANGUAGES) {
        expect(storedCurriculum(json, language)).toEqual(renderPlan(plan.decision, language));
      }
    }
  });

  it('reads a decision saved before rests were planned as rounds with no rest, its minutes unchanged', () => {
    const { decision } = composePlan(request({ seed: 7, sessionMinutes: 60, targetLevel: 'Beginner' }));
    // Saved then: 5 rounds of 3 minutes filled a 15-minute block, with no rest between them.
    const old = {
      kind: 'decision',
      version: 1,
      decision: {
        ...decision,
        sparring: { ...decision.sparring, minutes: 15, rounds: { rounds: 5, roundMinutes: 3 } },
      },
    };
    const record = readPlanRecord(JSON.stringify(old));
    expect(record?.kind === 'decision' && record.decision.sparring.rounds).toEqual({
      rounds: 5,
      roundMinutes: 3,
      restMinutes: 0,
    });
    const english = storedCurriculum(JSON.stringify(old), 'en');
    expect(english?.sparring.duration).toBe('15 minutes');
    expect(english?.sparring.description).toMatch(/ 5 rounds of 3 minutes\.$/);
    expect(storedCurriculum(JSON.stringify(old), 'pl')?.sparring.description).toMatch(/ 5 rund po 3 minuty\.$/);
  });

  it('keeps a model’s plan as written, with its language, and shows it as written to everyone', () => {
    const record = planRecordOf({ curriculum: WRITTEN, techniqueIds: [], source: 'llm' }, 'pl');
    expect(record).toEqual({ kind: 'written', language: 'pl', curriculum: WRITTEN });
    const json = planRecordJson(record);
    expect(readPlanRecord(json)).toEqual(record);
    for (const language of LANGUAGES) expect(storedCurriculum(json, language)).toEqual(WRITTEN);
  });

  it('reads a bare plan saved before records as written in an unknown language', () => {
    const json = JSON.stringify(WRITTEN);
    expect(readPlanRecord(json)).toEqual({ kind: 'written', language: null, curriculum: WRITTEN });
    expect(storedCurriculum(json, 'pl')).toEqual(WRITTEN);
    const record = readPlanRecord(json);
    expect(record && planCurriculum(record, 'en')).toEqual(WRITTEN);
  });

  it('treats a text that reads as neither a record nor a plan as no plan', () => {
    const { decision } = composePlan(request({ seed: 4 }));
    const decided = { kind: 'decision', version: 1, decision };
    const notPlans: unknown[] = [
      {},
      { session_title: 'half a plan' },
      { ...decided, version: 2 },
      { ...decided, decision: { ...decision, techniqueIds: ['no-such-technique'] } },
      { ...decided, decision: { ...decision, techniqueIds: [] } },
      { ...decided, decision: { ...decision, drills: [{ id: 'no-such-drill', minutes: 5 }] } },
      { ...decided, decision: { ...decision, sparring: { ...decision.sparring, id: 'no-such-format' } } },
      { ...decided, decision: { ...decision, position: 'no-such-position' } },
      { ...decided, decision: { ...decision, totalMinutes: -1 } },
      { kind: 'written', language: 'de', curriculum: WRITTEN },
      { kind: 'written', language: 'en', curriculum: { session_title: 'half a plan' } },
    ];
    for (const value of notPlans) expect(storedCurriculum(JSON.stringify(value), 'en')).toBeNull();
    expect(storedCurriculum('not json', 'en')).toBeNull();
  });
});
