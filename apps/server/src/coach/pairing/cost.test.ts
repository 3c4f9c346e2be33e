import { describe, expect, it } from 'vitest';
import { ageOn, buildPairingModel, FORBIDDEN, PAIRING_WEIGHTS } from './cost.js';
import type { PairingCandidate, PairingHistory } from './pairing-types.js';

const today = new Date('2026-03-01T12:00:00Z');
const noHistory: PairingHistory = { recentPairs: [], currentSessionPairs: [] };

function student(id: number, fields: Partial<PairingCandidate> = {}): PairingCandidate {
  return {
    id,
    name: `S${String(id)}`,
    weightKg: 80,
    heightCm: 180,
    belt: 'Blue',
    experience: 1,
    birthdate: '1990-05-05',
    gender: 'Male',
    ...fields,
  };
}

function factsOf(a: PairingCandidate, b: PairingCandidate, history: PairingHistory = noHistory) {
  const model = buildPairingModel([a, b], history, today);
  return { facts: model.facts(0, 1), units: model.units[1] };
}

describe('ageOn', () => {
  it('counts whole years up to the day before the birthday', () => {
    expect(ageOn('2010-03-01', today)).toBe(16);
    expect(ageOn('2010-03-02', today)).toBe(15);
    expect(ageOn('1990-12-31', today)).toBe(35);
  });

  it('gives null for dates it cannot use', () => {
    expect(ageOn(null, today)).toBeNull();
    expect(ageOn('01/02/1990', today)).toBeNull();
    expect(ageOn('1990-02-30', today)).toBeNull();
    expect(ageOn('2030-01-01', today)).toBeNull();
  });
});

describe('pair cost', () => {
  it('never joins a kid (under 16) with an adult', () => {
    const { facts, units } = factsOf(student(1, { birthdate: '2012-01-01' }), student(2));
    expect(facts).toBeNull();
    expect(units).toBe(FORBIDDEN);
    expect(
      factsOf(student(1, { birthdate: '2012-01-01' }), student(2, { birthdate: '2011-06-01' })).facts,
    ).not.toBeNull();
  });

  it('counts IBJJF weight classes, on the women’s table when both are women', () => {
    expect(factsOf(student(1, { weightKg: 70 }), student(2, { weightKg: 76.5 })).facts?.weightClassesApart).toBe(2);
    const women = factsOf(
      student(1, { weightKg: 50, gender: 'Female' }),
      student(2, { weightKg: 56, gender: 'Female' }),
    );
    expect(women.facts?.weightClassesApart).toBe(1);
    const mixed = factsOf(student(1, { weightKg: 50, gender: 'Female' }), student(2, { weightKg: 56 }));
    expect(mixed.facts?.weightClassesApart).toBe(0);
  });

  it('makes one large weight gap dearer than several small ones', () => {
    const big = factsOf(student(1, { weightKg: 70 }), student(2, { weightKg: 91 })).facts;
    const small = factsOf(student(1, { weightKg: 70 }), student(2, { weightKg: 77 })).facts;
    expect(big?.relativeGapPercent).toBeCloseTo(30);
    expect(small?.relativeGapPercent).toBeCloseTo(10);
    expect(big?.breakdown.weight ?? 0).toBeGreaterThan(3 * (small?.breakdown.weight ?? 0));
  });

  it('treats a missing belt as White and missing experience as 0', () => {
    const { facts } = factsOf(
      student(1, { belt: null, experience: null }),
      student(2, { belt: 'Purple', experience: 2 }),
    );
    expect(facts?.beltGap).toBe(2);
    expect(facts?.experienceGap).toBe(2);
    expect(facts?.breakdown.belt).toBe(PAIRING_WEIGHTS.beltStep * 2 + PAIRING_WEIGHTS.beltStepSquared * 4);
  });

  it('assumes the median weight of the same age group for a missing weight', () => {
    const model = buildPairingModel(
      [
        student(1, { weightKg: null }),
        student(2, { weightKg: 70 }),
        student(3, { weightKg: 90 }),
        student(4, { weightKg: 100 }),
      ],
      noHistory,
      today,
    );
    expect(model.profiles[0]?.weightKg).toBe(90);
    expect(model.profiles[0]?.weightSource).toBe('median');
  });

  it('charges little for adult age gaps and more for kids', () => {
    const adults = factsOf(student(1, { birthdate: '1960-01-01' }), student(2, { birthdate: '2000-01-01' })).facts;
    expect(adults?.breakdown.age).toBeCloseTo(
      PAIRING_WEIGHTS.adultAgePerYear * (40 - PAIRING_WEIGHTS.adultAgeFreeYears),
    );
    const kids = factsOf(student(1, { birthdate: '2016-01-01' }), student(2, { birthdate: '2012-01-01' })).facts;
    expect(kids?.breakdown.age).toBeCloseTo(PAIRING_WEIGHTS.kidAgePerYear * 4);
  });

  it('lets a past partnership fade with every session and vanish after the horizon', () => {
    const penalty = (sessionsAgo: number) =>
      factsOf(student(1), student(2), { recentPairs: [{ a: 2, b: 1, sessionsAgo }], currentSessionPairs: [] }).facts
        ?.breakdown.recent;
    expect(penalty(1)).toBe(PAIRING_WEIGHTS.recentPartner);
    expect(penalty(2)).toBe(PAIRING_WEIGHTS.recentPartner * PAIRING_WEIGHTS.recentDecay);
    expect(penalty(PAIRING_WEIGHTS.recentHorizonSessions + 1)).toBe(0);
  });

  it('makes a pair already used in this session very expensive', () => {
    const { facts } = factsOf(student(1), student(2), { recentPairs: [], currentSessionPairs: [{ a: 1, b: 2 }] });
    expect(facts?.repeatsInSession).toBe(1);
    expect(facts?.cost).toBe(PAIRING_WEIGHTS.currentSessionRepeat);
  });

  it('states the cost in whole hundredths, exactly as the matching sees it', () => {
    const { facts, units } = factsOf(student(1, { weightKg: 71.3 }), student(2, { weightKg: 77.9 }));
    expect(Number.isInteger(units)).toBe(true);
    expect(facts?.cost).toBe((units ?? 0) / 100);
  });
});
