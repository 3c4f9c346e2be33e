import { describe, expect, it } from 'vitest';
import { TECHNIQUES, techniqueById } from '../knowledge/knowledge-base.js';
import { planRequest as request } from '../../../test/support/plan-request.js';
import { planCandidates, themesOf, type PlanRequest } from './compose-plan.js';
import type { TargetLevel } from './plan-audience.js';
import { matchTopic, planTopic, sameWord, topicWords } from './plan-topic.js';

/** The ids of each technique group a description names. */
function groupIds(text: string): string[][] {
  return matchTopic(text).techniques.map((group) => group.map((technique) => technique.id));
}

function topicFor(description: string, targetLevel: TargetLevel, overrides: Partial<PlanRequest> = {}) {
  const candidates = planCandidates(request({ targetLevel, ...overrides }));
  return planTopic(description, candidates.allowed, themesOf(candidates));
}

describe('topicWords and sameWord', () => {
  it('ignores case, accents, punctuation and articles', () => {
    expect(topicWords('Gardą ZAMKNIĘTĄ: łokieć!')).toEqual(['garda', 'zamknieta', 'lokiec']);
    expect(topicWords("The D'Arce – from a turtle")).toEqual(['d', 'arce', 'from', 'turtle']);
    expect(topicWords('  ')).toEqual([]);
  });

  it('matches inflected forms of longer words only', () => {
    expect(sameWord('garda', 'gardy')).toBe(true);
    expect(sameWord('zamknieta', 'zamknietej')).toBe(true);
    expect(sameWord('armbar', 'armbars')).toBe(true);
    expect(sameWord('escape', 'escapes')).toBe(true);
    expect(sameWord('arm', 'armbar')).toBe(false);
    expect(sameWord('back', 'backstep')).toBe(false);
    expect(sameWord('pass', 'past')).toBe(false);
  });
});

describe('matchTopic', () => {
  it('finds the position and the technique of "Closed guard: armbar chain"', () => {
    const match = matchTopic('Closed guard: armbar chain');
    expect(match.positions).toEqual(['closed-guard']);
    expect(match.techniques).toHaveLength(1);
    expect(groupIds('Closed guard: armbar chain')[0]).toContain('armbar-from-closed-guard');
    expect(matchTopic('CLOSED-GUARD ... ARMBARS').positions).toEqual(['closed-guard']);
  });

  it('reads Polish names, inflected as a description uses them', () => {
    const polish = matchTopic('Garda zamknięta – dźwignia na łokieć');
    expect(polish.positions).toEqual(['closed-guard']);
    expect(groupIds('Garda zamknięta – dźwignia na łokieć')[0]).toContain('armbar-from-closed-guard');
    // "z gardy zamkniętej" is the genitive of "garda zamknięta".
    expect(matchTopic('Armbar z gardy zamkniętej').positions).toEqual(['closed-guard']);
    expect(matchTopic('Ucieczki spod dosiadu')).toMatchObject({ positions: ['mount'], types: ['escape'] });
    expect(matchTopic('Półgarda').positions).toEqual(['half-guard']);
    expect(groupIds('Kimura z półgardy')).toEqual([['kimura-from-half-guard']]);
  });

  it('prefers the longest phrase: a full technique name wins over the position inside it', () => {
    expect(matchTopic('Armbar from mount')).toMatchObject({
      positions: [],
      techniques: [[{ id: 'armbar-from-mount' }]],
    });
    expect(groupIds('Triangle choke from closed guard')).toEqual([['triangle-from-closed-guard']]);
  });

  it('knows the aliases in the names, and a name without its head word', () => {
    expect(groupIds('Pendulum sweep')).toEqual([['flower-sweep']]);
    expect(groupIds('Toreando')).toEqual([['toreando-pass']]);
    expect(groupIds('Kimura')[0]).toEqual(
      TECHNIQUES.filter((technique) => technique.name.en.startsWith('Kimura from')).map((technique) => technique.id),
    );
  });

  it('names nothing in a description without a known position or technique', () => {
    for (const text of ['Open mat', 'Gi fundamentals', 'No-Gi fundamentals', 'Competition prep', 'Sweep', '', null]) {
      const match = matchTopic(text);
      expect(match.positions, String(text)).toEqual([]);
      expect(match.techniques, String(text)).toEqual([]);
    }
  });
});

describe('planTopic', () => {
  it('builds a plan named after a technique around its position and side, with the technique', () => {
    for (const level of ['Kids', 'Beginner', 'Intermediate', 'Advanced', 'Expert'] as const) {
      const topic = topicFor('Closed guard: armbar chain', level);
      expect(topic?.named.map((technique) => technique.id)).toEqual(['armbar-from-closed-guard']);
      for (const theme of topic?.themes ?? []) {
        expect([theme.position, theme.perspective]).toEqual(['closed-guard', 'bottom']);
      }
      expect(topic?.themes.length).toBeGreaterThan(0);
    }
  });

  it('leaves out a named technique the level may not use, and keeps its position', () => {
    const omoplata = techniqueById('omoplata-from-closed-guard');
    expect(omoplata?.restrictions.kidsAllowed).toBe(false);
    const topic = topicFor('Omoplata', 'Kids');
    expect(topic?.named).toEqual([]);
    expect(topic?.themes.map((theme) => `${theme.position}/${theme.perspective}`)).toEqual(['closed-guard/bottom']);
  });

  it('teaches a named technique even when it was taught recently', () => {
    const recent = TECHNIQUES.filter((technique) => technique.position === 'closed-guard').map(
      (technique) => technique.id,
    );
    const topic = topicFor('Armbar from closed guard', 'Beginner', { recentTechniqueIds: recent });
    expect(topic?.named.map((technique) => technique.id)).toEqual(['armbar-from-closed-guard']);
    expect(topic?.themes.map((theme) => `${theme.position}/${theme.perspective}`)).toEqual(['closed-guard/bottom']);
  });

  it('takes the side a named kind of technique is done from, or any side of a position named alone', () => {
    const escapes = topicFor('Mount escapes', 'Beginner');
    expect(escapes?.themes.map((theme) => `${theme.position}/${theme.perspective}`)).toEqual(['mount/bottom']);
    const mount = topicFor('Mount', 'Beginner');
    expect(new Set(mount?.themes.map((theme) => theme.perspective))).toEqual(new Set(['top', 'bottom']));
  });

  it('is null when the description names nothing', () => {
    expect(topicFor('Open mat', 'Intermediate')).toBeNull();
    expect(topicFor('', 'Intermediate')).toBeNull();
  });
});
