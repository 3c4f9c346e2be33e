import { describe, expect, it } from 'vitest';
import { bruteForceMinCost } from './brute-force.js';
import { buildPairingModel, FORBIDDEN } from './cost.js';
import { minCostMatching } from './min-cost-matching.js';
import { seededRandom } from '../../lib/seeded-random.js';
import { randomClass, randomHistory } from './random-class.js';

const today = new Date('2026-03-01T12:00:00Z');

function total(size: number, units: Float64Array, mate: number[]): { pairs: number; total: number } {
  let pairs = 0;
  let sum = 0;
  mate.forEach((j, i) => {
    if (j > i) {
      pairs++;
      sum += units[i * size + j] ?? 0;
    }
  });
  return { pairs, total: sum };
}

const identity = (size: number): number[] => Array.from({ length: size }, (_, i) => i);

describe('minCostMatching', () => {
  it('gives the whole-graph optimum from a sparse start (pricing), for odd and even classes with kids', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const size = 10 + ((seed * 7) % 70);
      const roster = randomClass(size, seed, { kidShare: seed % 3 === 0 ? 0.3 : 0 });
      const { units } = buildPairingModel(roster, randomHistory(roster, seed, seed % 4, seed % 2), today);
      const whole = total(size, units, minCostMatching(size, units, identity(size), size));
      for (const neighbours of [1, 3, 8]) {
        const sparse = total(size, units, minCostMatching(size, units, identity(size), neighbours));
        expect({ seed, neighbours, ...sparse }).toEqual({ seed, neighbours, ...whole });
      }
    }
  });

  it('matches brute force when the allowed pairs are not whole groups (no shortcut possible)', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const random = seededRandom(seed);
      const size = 2 + Math.floor(random() * 9);
      const units = new Float64Array(size * size).fill(FORBIDDEN);
      for (let i = 0; i < size; i++) {
        for (let j = i + 1; j < size; j++) {
          if (random() < 0.6) {
            const value = Math.floor(random() * 50);
            units[i * size + j] = value;
            units[j * size + i] = value;
          }
        }
      }
      const got = total(size, units, minCostMatching(size, units, identity(size), 2));
      expect({ seed, ...got }).toEqual({ seed, ...bruteForceMinCost(size, units) });
    }
  });

  it('leaves out the first of the leave-out order when every choice costs the same', () => {
    const units = new Float64Array(25).fill(10);
    for (let i = 0; i < 5; i++) units[i * 5 + i] = FORBIDDEN;
    expect(minCostMatching(5, units, [3, 0, 1, 2, 4])[3]).toBe(-1);
    expect(minCostMatching(5, units, [1, 0, 3, 2, 4])[1]).toBe(-1);
  });
});
