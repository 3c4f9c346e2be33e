import { describe, expect, it } from 'vitest';
import { decidePairs, describePairing } from './pair-class.js';
import { forgetInPairing, pairingRecordJson, storedPairsPage } from './pairing-record.js';
import { randomClass, randomHistory } from './random-class.js';

const today = new Date('2026-03-01T12:00:00Z');

describe('a stored pairing', () => {
  it('reads back as the same decision, written in whichever language the reader asks for', () => {
    for (let seed = 1; seed <= 40; seed++) {
      // Odd classes with kids and missing figures: every kind of reason someone sits out.
      const candidates = randomClass(3 + (seed % 8), seed, { kidShare: 0.3, missingWeightShare: 0.2 });
      const decision = decidePairs(candidates, randomHistory(candidates, seed + 7, 2, 1), today);
      const saved = pairingRecordJson(seed, decision);
      for (const language of ['en', 'pl'] as const) {
        const page = JSON.parse(storedPairsPage(saved, language) ?? 'null') as unknown;
        const written = describePairing(decision, language);
        expect(page).toMatchObject({ round: seed, pairing_rationale: written.rationale });
        expect(page).toMatchObject({ pairs: written.pairs.map((p) => ({ notes: p.notes })) });
      }
    }
  });

  it('answers a page saved in words before decisions were kept as it was saved, and nothing for garbage', () => {
    const legacy = JSON.stringify({ pairs: [], unpaired_student: null, pairing_rationale: 'Paired 0 of 0.' });
    expect(storedPairsPage(legacy, 'pl')).toBe(legacy);
    expect(storedPairsPage('{"kind":"pairing","version":1}', 'en')).toBeNull();
    expect(storedPairsPage('not json', 'en')).toBeNull();
    expect(storedPairsPage(null, 'en')).toBeNull();
  });

  it('forgets one fighter: their name and figures leave every kind of kept pairing, every reading still works', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const candidates = randomClass(3 + (seed % 8), seed, { kidShare: 0.3, missingWeightShare: 0.2 });
      const decision = decidePairs(candidates, randomHistory(candidates, seed + 7, 2, 1), today);
      const gone = candidates[seed % candidates.length]!;
      const forgotten = forgetInPairing(pairingRecordJson(seed, decision), gone.id, '—');
      const stored = JSON.parse(forgotten) as unknown;
      const profiles = JSON.stringify(stored).match(new RegExp(`"candidate":\\{"id":${String(gone.id)},[^}]*\\}`, 'g'));
      expect(profiles?.length ?? 0).toBeGreaterThan(0);
      for (const profile of profiles ?? []) {
        const { id, name, ...figures } = (JSON.parse(`{${profile}}`) as { candidate: Record<string, unknown> })
          .candidate;
        expect({ id, name }).toEqual({ id: gone.id, name: '—' });
        expect(Object.keys(figures).sort()).toEqual([
          'belt',
          'birthdate',
          'experience',
          'gender',
          'heightCm',
          'weightKg',
        ]);
        expect(Object.values(figures).filter((figure) => figure !== null)).toEqual([]);
      }
      for (const language of ['en', 'pl'] as const) {
        const page = storedPairsPage(forgotten, language);
        expect(page).not.toBeNull();
        expect(page).not.toContain(gone.name);
      }
    }
    const legacy = JSON.stringify({
      pairs: [{ fighter1_id: 4, fighter1_name: 'Ann', fighter2_id: 5, fighter2_name: 'Bo' }],
      unpaired_student: { studentId: 4, studentName: 'Ann', reason: 'odd' },
      pairing_rationale: 'Paired 2 of 3.',
    });
    expect(JSON.parse(forgetInPairing(legacy, 4, '—'))).toEqual({
      pairs: [{ fighter1_id: 4, fighter1_name: '—', fighter2_id: 5, fighter2_name: 'Bo' }],
      unpaired_student: { studentId: 4, studentName: '—', reason: 'odd' },
      pairing_rationale: 'Paired 2 of 3.',
    });
    expect(forgetInPairing('not json', 4, '—')).toBe('not json');
  });
});
