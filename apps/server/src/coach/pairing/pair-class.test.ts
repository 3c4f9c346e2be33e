import { describe, expect, it } from 'vitest';
import { bruteForceMinCost } from './brute-force.js';
import { ageOn, buildPairingModel, FORBIDDEN } from './cost.js';
import {
  canonicalRoster,
  pairClass,
  sitOutTurns,
  withTurns,
  type PairingCandidate,
  type PairingHistory,
} from './pair-class.js';
import { seededRandom } from '../../lib/seeded-random.js';
import { randomClass, randomHistory } from './random-class.js';

const today = new Date('2026-03-01T12:00:00Z');
const en = { language: 'en', today } as const;
const pl = { language: 'pl', today } as const;
const noHistory: PairingHistory = { recentPairs: [], currentSessionPairs: [] };

function student(id: number, name: string, fields: Partial<PairingCandidate> = {}): PairingCandidate {
  return {
    id,
    name,
    weightKg: 80,
    heightCm: 180,
    belt: 'Blue',
    experience: 1,
    birthdate: '1990-05-05',
    gender: 'Male',
    ...fields,
  };
}

const blankStudent = student(0, '');
const pairKey = (a: number, b: number): string => `${String(Math.min(a, b))}-${String(Math.max(a, b))}`;
const pairKeys = (result: ReturnType<typeof pairClass>): string[] =>
  result.pairs.map((p) => pairKey(p.fighter1.id, p.fighter2.id)).sort();

/** Every student is in exactly one pair or left out. */
function expectPartition(candidates: readonly PairingCandidate[], result: ReturnType<typeof pairClass>): void {
  const ids = [
    ...result.pairs.flatMap((p) => [p.fighter1.id, p.fighter2.id]),
    ...result.unpaired.map((u) => u.fighter.id),
  ].sort((x, y) => x - y);
  expect(ids).toEqual([...new Set(candidates.map((c) => c.id))].sort((x, y) => x - y));
}

describe('pairClass: optimality', () => {
  it('finds the same optimal total cost as brute force on 400 random classes of up to 10 students', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const size = 2 + (seed % 9);
      const candidates = randomClass(size, seed, {
        kidShare: seed % 4 === 0 ? 0.4 : 0,
        missingWeightShare: 0.1,
        missingDetailsShare: 0.1,
      });
      const history = randomHistory(candidates, seed + 1000, seed % 3, seed % 5 === 0 ? 1 : 0);
      const result = pairClass(candidates, history, en);
      expectPartition(candidates, result);
      const roster = canonicalRoster(candidates);
      const { units, profiles } = buildPairingModel(roster, history, today);
      // In a later round only those whose turn it is may sit out: the matching is the cheapest of those
      // that leave out such students, the cheapest over the costs with the turns' bonus.
      const turn = sitOutTurns(
        roster,
        profiles.map((profile) => profile.isKid),
        history,
      );
      const turned = turn ? withTurns(units, size, turn) : { units, bonus: 0 };
      const best = bruteForceMinCost(size, turned.units);
      const covered = result.pairs.flatMap((p) => [p.fighter1.id, p.fighter2.id]);
      const bonus = turn ? covered.filter((id) => turn[roster.findIndex((c) => c.id === id)]).length * turned.bonus : 0;
      expect({ seed, pairs: result.pairs.length, cost: Math.round(result.totalCost * 100) + bonus }).toEqual({
        seed,
        pairs: best.pairs,
        cost: best.total,
      });
    }
  });

  it('leaves out, in an odd class, a student whose absence gives the cheapest matching of the rest', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const size = 3 + 2 * (seed % 4);
      const candidates = randomClass(size, seed);
      const result = pairClass(candidates, noHistory, en);
      expect(result.unpaired).toHaveLength(1);
      const { units } = buildPairingModel(canonicalRoster(candidates), noHistory, today);
      // Try each student out, as the definition says, and price the best matching of the others.
      const without = candidates.map((_, out) => {
        const rest = candidates.map((_, i) => i).filter((i) => i !== out);
        const sub = new Float64Array(rest.length * rest.length).fill(FORBIDDEN);
        rest.forEach((i, x) =>
          rest.forEach((j, y) => (sub[x * rest.length + y] = i === j ? FORBIDDEN : (units[i * size + j] ?? 0))),
        );
        return bruteForceMinCost(rest.length, sub).total;
      });
      const leftOut = candidates.findIndex((c) => c.id === result.unpaired[0]?.fighter.id);
      expect({ seed, cost: without[leftOut] }).toEqual({ seed, cost: Math.min(...without) });
      expect(Math.round(result.totalCost * 100)).toBe(Math.min(...without));
    }
  });
});

describe('pairClass: rounds of one session', () => {
  it('lets every student of an odd class sit out once before anyone sits out again', () => {
    // Five of mixed belts and weights, as an exploratory pass met them: Diego, Zofia, Zofia, Bruno, Marta,
    // Marta, Carlos, Diego, Diego sat out rounds 1 to 9.
    const candidates = [
      student(1, 'Bruno', { weightKg: 92, belt: 'Purple', experience: 2 }),
      student(2, 'Zofia', { weightKg: 58, belt: 'White', experience: 0, gender: 'Female' }),
      student(3, 'Carlos', { weightKg: 80, belt: 'Blue' }),
      student(4, 'Marta', { weightKg: 63, belt: 'Blue', gender: 'Female' }),
      student(5, 'Diego', { weightKg: 104, belt: 'Brown', experience: 2 }),
    ];
    const history: PairingHistory = { recentPairs: [], currentSessionPairs: [] };
    const sitOuts: string[] = [];
    for (let round = 1; round <= 10; round++) {
      const result = pairClass(candidates, history, en);
      expectPartition(candidates, result);
      sitOuts.push(result.unpaired[0]?.fighter.name ?? '');
      history.currentSessionPairs.push(...result.pairs.map((p) => ({ a: p.fighter1.id, b: p.fighter2.id })));
      // Once all have sat out as often (rounds 1 and 6), the usual reason; in between, it is a turn.
      if (round % 5 !== 1)
        expect(result.unpaired[0]?.reason).toBe('it is their turn, as nobody in this class has sat out fewer rounds');
    }
    // Each of the five once in rounds 1-5, and again once each in rounds 6-10.
    expect(new Set(sitOuts.slice(0, 5)).size).toBe(5);
    expect(new Set(sitOuts.slice(5)).size).toBe(5);
    const polish = pairClass(
      candidates,
      { recentPairs: [], currentSessionPairs: history.currentSessionPairs.slice(0, 2) },
      pl,
    );
    expect(polish.unpaired[0]?.reason).toBe(
      'przyszła kolej na pauzę, bo nikt na tych zajęciach nie pauzował mniej rund',
    );
  });
});

describe('pairClass: odd count', () => {
  const kuba = student(1, 'Kuba', { weightKg: 50, heightCm: 170 });
  const others = [79, 80, 82, 84].map((weightKg, i) =>
    student(i + 2, ['Ola', 'Piotr', 'Rafał', 'Szymon'][i] ?? '', { weightKg }),
  );

  it('leaves the obvious outlier out and names the kg gap to the closest partner', () => {
    const result = pairClass([...others, kuba], noHistory, en);
    expect(result.unpaired.map((u) => u.fighter.name)).toEqual(['Kuba']);
    expect(result.unpaired[0]?.reason).toMatch(/^the closest possible partner, Ola, is 29 kg heavier/);
    expect(result.rationale).toContain('Kuba sits out: the closest possible partner, Ola, is 29 kg heavier');
    const polish = pairClass([...others, kuba], noHistory, pl);
    expect(polish.unpaired[0]?.reason).toContain('Ola: waży o 29 kg więcej');
  });

  it('names a belt gap when that is what sets the student apart', () => {
    const black = student(9, 'Marta', { belt: 'Black', experience: 2 });
    const whites = [1, 2, 3, 4].map((id) => student(id, `W${String(id)}`, { belt: 'White', experience: 0 }));
    const result = pairClass([black, ...whites], noHistory, en);
    expect(result.unpaired[0]?.fighter.name).toBe('Marta');
    expect(result.unpaired[0]?.reason).toContain('is four belts lower (White against Black)');
  });

  it('breaks a tie deterministically when every choice costs the same', () => {
    const same = [5, 3, 1].map((id) => student(id, `P${String(id)}`));
    const first = pairClass(same, noHistory, en);
    expect(first.unpaired.map((u) => u.fighter.id)).toEqual([1]);
    expect(pairClass([...same].reverse(), noHistory, en)).toEqual(first);
  });
});

describe('pairClass: rotation', () => {
  const four = [1, 2, 3, 4].map((id) => student(id, `P${String(id)}`));

  it('avoids last session’s partners when an equally good alternative exists', () => {
    const history: PairingHistory = {
      recentPairs: [
        { a: 1, b: 2, sessionsAgo: 1 },
        { a: 3, b: 4, sessionsAgo: 1 },
      ],
      currentSessionPairs: [],
    };
    const keys = pairKeys(pairClass(four, history, en));
    expect(keys).not.toContain('1-2');
    expect(keys).not.toContain('3-4');
  });

  it('prefers the partner from longer ago, as the penalty decays', () => {
    const history: PairingHistory = {
      recentPairs: [
        { a: 1, b: 2, sessionsAgo: 1 },
        { a: 1, b: 4, sessionsAgo: 2 },
        { a: 1, b: 3, sessionsAgo: 3 },
      ],
      currentSessionPairs: [],
    };
    expect(pairKeys(pairClass(four, history, en))).toEqual(['1-3', '2-4']);
  });

  it('does not trade safety for rotation: a big weight gap costs more than a repeat', () => {
    const light = [student(1, 'A', { weightKg: 60 }), student(2, 'B', { weightKg: 61 })];
    const heavy = [student(3, 'C', { weightKg: 100 }), student(4, 'D', { weightKg: 101 })];
    const history: PairingHistory = { recentPairs: [{ a: 1, b: 2, sessionsAgo: 1 }], currentSessionPairs: [] };
    const result = pairClass([...light, ...heavy], history, en);
    expect(pairKeys(result)).toEqual(['1-2', '3-4']);
    expect(result.pairs[0]?.notes).toContain('Also partners last session');
    expect(result.rationale).toContain('1 pair repeats a recent partnership: A and B (last session).');
  });
});

describe('pairClass: kids and adults', () => {
  const isKid = (c: PairingCandidate): boolean => (ageOn(c.birthdate, today) ?? 99) < 16;

  it('never pairs a kid with an adult, over many random classes', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const candidates = randomClass(4 + (seed % 30), seed, { kidShare: 0.4 });
      const result = pairClass(candidates, noHistory, en);
      expectPartition(candidates, result);
      for (const { fighter1, fighter2 } of result.pairs) expect(isKid(fighter1)).toBe(isKid(fighter2));
      const kids = candidates.filter(isKid).length;
      // As few as possible sit out: one per odd group.
      expect(result.unpaired).toHaveLength((kids % 2) + ((candidates.length - kids) % 2));
    }
  });

  it('leaves the only kid out with the reason, and pairs the adults', () => {
    const kid = student(7, 'Zosia', { birthdate: '2015-04-01', weightKg: 35 });
    const adults = [1, 2].map((id) => student(id, `A${String(id)}`));
    const result = pairClass([kid, ...adults], noHistory, en);
    expect(pairKeys(result)).toEqual(['1-2']);
    expect(result.unpaired).toEqual([
      { fighter: kid, reason: 'the only kid (under 16) in this class, and kids never spar with adults' },
    ]);
    expect(pairClass([kid, ...adults], noHistory, pl).unpaired[0]?.reason).toContain('jedyne dziecko');
  });

  it('leaves one kid and one adult out when both groups are odd, never mixing them', () => {
    const kids = [1, 2, 3].map((id) => student(id, `K${String(id)}`, { birthdate: '2014-01-01', weightKg: 40 + id }));
    const adults = [4, 5, 6].map((id) => student(id, `A${String(id)}`, { weightKg: 70 + id }));
    const result = pairClass([...kids, ...adults], noHistory, en);
    expect(result.pairs).toHaveLength(2);
    expect(result.unpaired.map((u) => isKid(u.fighter)).sort()).toEqual([false, true]);
    expect(result.rationale).toContain('Kids under 16 (3) and adults (3) were matched separately.');
  });
});

describe('pairClass: next round', () => {
  it('gives new partners each round, avoiding the pairs already used in this session', () => {
    // Four rounds of 8 always exist: after three, every student still has 4 new partners (Dirac).
    const candidates = randomClass(8, 42);
    const used: Array<{ a: number; b: number }> = [];
    const seen = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const result = pairClass(candidates, { recentPairs: [], currentSessionPairs: [...used] }, en);
      expect(result.pairs).toHaveLength(4);
      for (const { fighter1, fighter2 } of result.pairs) {
        const key = pairKey(fighter1.id, fighter2.id);
        expect({ round, key, repeated: seen.has(key) }).toEqual({ round, key, repeated: false });
        seen.add(key);
        used.push({ a: fighter1.id, b: fighter2.id });
      }
      if (round > 0) expect(result.rationale).toContain('Every pair is new for this session');
    }
  });

  it('repeats a pair only when nothing else is possible, and says so', () => {
    const two = [student(1, 'A'), student(2, 'B')];
    const result = pairClass(two, { recentPairs: [], currentSessionPairs: [{ a: 2, b: 1 }] }, en);
    expect(pairKeys(result)).toEqual(['1-2']);
    expect(result.pairs[0]?.notes).toContain('Already partners earlier in this session');
    expect(result.rationale).toContain('1 pair had to repeat a partnership from this session: A and B');
  });
});

describe('pairClass: rationale and notes', () => {
  const roster = [
    student(1, 'Ana', { weightKg: 70.5, belt: 'White', experience: 0 }),
    student(2, 'Bruno', { weightKg: 74 }),
    student(3, 'Carla', { weightKg: 90 }),
    student(4, 'Diego', { weightKg: 91 }),
    student(5, 'Ewa', { weightKg: 60, gender: 'Female' }),
    student(6, 'Filip', { weightKg: 60.5 }),
  ];

  it('writes the real numbers, in English and in Polish, with the names as given', () => {
    const english = pairClass(roster, noHistory, en);
    const polish = pairClass(roster, noHistory, pl);
    expect(pairKeys(english)).toEqual(['1-2', '3-4', '5-6']);
    // Gaps 3.5, 1 and 0.5 kg: the largest is Ana and Bruno's, the average 5/3 kg.
    expect(english.rationale).toContain('Paired 6 of 6 students into 3 pairs.');
    expect(english.rationale).toContain('The largest weight gap is 3.5 kg (Ana and Bruno); the average is 1.7 kg');
    expect(english.rationale).toContain('Belts: 2 pairs on the same belt, 1 pair one belt apart.');
    expect(english.rationale).toContain('1 pair mixes experience levels.');
    expect(polish.rationale).toContain('Połączono w pary 6 z 6 osób: 3 pary.');
    expect(polish.rationale).toContain('Największa różnica wagi to 3,5 kg (Ana i Bruno); średnio 1,7 kg');
    expect(polish.rationale).not.toEqual(english.rationale);
    expect(english.pairs[0]?.notes).toEqual([
      'Weight gap 3.5 kg (5%), same IBJJF weight class',
      'Belt gap 1: White and Blue',
      'Experience levels 0 and 1',
    ]);
    expect(polish.pairs[0]?.notes[0]).toBe('Różnica wagi 3,5 kg (5%), ta sama kategoria wagowa IBJJF');
  });

  it('changes with the class: different numbers give a different rationale', () => {
    const heavier = roster.map((c) => (c.id === 2 ? { ...c, weightKg: 79.25 } : c));
    const result = pairClass(heavier, noHistory, en);
    expect(result.rationale).toContain('The largest weight gap is 8.8 kg (Ana and Bruno)');
    expect(result.rationale).not.toEqual(pairClass(roster, noHistory, en).rationale);
  });

  it('says which weights were assumed, in the notes and the rationale', () => {
    const missing = roster.map((c) => (c.id === 6 ? { ...c, weightKg: null } : c));
    const result = pairClass(missing, noHistory, en);
    const notes = result.pairs.flatMap((p) => p.notes);
    expect(notes.some((n) => n.startsWith('No weight on file for Filip; assumed'))).toBe(true);
    expect(result.rationale).toContain('1 student had no weight on file');
  });
});

describe('pairClass: robustness and determinism', () => {
  it('handles an empty class and a class of one', () => {
    expect(pairClass([], noHistory, en)).toEqual({
      pairs: [],
      unpaired: [],
      rationale: 'No students are on the roster, so there is nobody to pair.',
      totalCost: 0,
    });
    const alone = student(1, 'Solo');
    const one = pairClass([alone], noHistory, pl);
    expect(one.unpaired).toEqual([{ fighter: alone, reason: 'jedyna osoba na zajęciach' }]);
    expect(one.pairs).toEqual([]);
    expect(pairClass([alone], noHistory, en).rationale).toBe(
      'Only one student is on the roster, so nobody could be paired. Solo sits out: the only student in this class.',
    );
  });

  it('does not crash on missing fields, odd values, duplicates and unknown history', () => {
    const blank: PairingCandidate = {
      id: 3,
      name: 'Nobody',
      weightKg: null,
      heightCm: null,
      belt: null,
      experience: null,
      birthdate: null,
      gender: null,
    };
    const odd = student(4, 'Odd', { weightKg: Number.NaN, heightCm: -1, birthdate: 'yesterday' });
    const history: PairingHistory = {
      recentPairs: [
        { a: 3, b: 99, sessionsAgo: 1 },
        { a: 3, b: 3, sessionsAgo: 0 },
      ],
      currentSessionPairs: [{ a: 98, b: 99 }],
    };
    const result = pairClass([blank, odd, blank, student(5, 'Real')], history, en);
    expectPartition([blank, odd, student(5, 'Real')], result);
    expect(result.pairs).toHaveLength(1);
    expect(result.unpaired).toHaveLength(1);
    expect(Number.isFinite(result.totalCost)).toBe(true);
  });

  it('gives the same answer every time and for any order of the roster', () => {
    const candidates = randomClass(31, 7, { kidShare: 0.2, missingWeightShare: 0.1 });
    const history = randomHistory(candidates, 8, 3, 1);
    const first = pairClass(candidates, history, en);
    expect(pairClass(candidates, history, en)).toEqual(first);
    const random = seededRandom(3);
    for (let round = 0; round < 5; round++) {
      const shuffled = [...candidates];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j] ?? blankStudent, shuffled[i] ?? blankStudent];
      }
      expect(pairClass(shuffled, history, en)).toEqual(first);
    }
  });
});
