import { describe, expect, it } from 'vitest';
import { maxWeightMatching, maxWeightMatchingWithDuals, type WeightedEdge } from './blossom.js';
import { bruteForceMaxWeight } from './brute-force.js';
import { seededRandom } from '../../lib/seeded-random.js';

function randomGraph(seed: number): { size: number; edges: WeightedEdge[] } {
  const random = seededRandom(seed);
  const size = 1 + Math.floor(random() * 10);
  const density = 0.2 + random() * 0.8;
  // Few distinct weights make ties and blossoms frequent; a wide range makes them rare.
  const range = random() < 0.5 ? 4 : 1000;
  const edges: WeightedEdge[] = [];
  for (let a = 0; a < size; a++) {
    for (let b = a + 1; b < size; b++) {
      if (random() < density) edges.push({ a, b, weight: 1 + Math.floor(random() * range) });
    }
  }
  return { size, edges };
}

function summarise(mate: number[], edges: readonly WeightedEdge[]): { pairs: number; total: number } {
  let pairs = 0;
  let total = 0;
  for (const { a, b, weight } of edges) {
    if (mate[a] === b) {
      pairs++;
      total += weight;
    }
  }
  return { pairs, total };
}

function expectValidMatching(mate: number[]): void {
  mate.forEach((partner, v) => {
    if (partner !== -1) expect(mate[partner]).toBe(v);
  });
}

describe('maxWeightMatching', () => {
  it('handles graphs without edges or vertices', () => {
    expect(maxWeightMatching(0, [], false)).toEqual([]);
    expect(maxWeightMatching(3, [], true)).toEqual([-1, -1, -1]);
  });

  it('rejects loops, unknown vertices and weights that are not finite', () => {
    expect(() => maxWeightMatching(2, [{ a: 0, b: 0, weight: 1 }], false)).toThrow(RangeError);
    expect(() => maxWeightMatching(2, [{ a: 0, b: 2, weight: 1 }], false)).toThrow(RangeError);
    expect(() => maxWeightMatching(2, [{ a: 0, b: 1, weight: Number.NaN }], false)).toThrow(RangeError);
  });

  it('prefers one heavy edge to two light ones, unless maximum cardinality is asked for', () => {
    const path = [
      { a: 0, b: 1, weight: 4 },
      { a: 1, b: 2, weight: 10 },
      { a: 2, b: 3, weight: 4 },
    ];
    expect(maxWeightMatching(4, path, false)).toEqual([-1, 2, 1, -1]);
    expect(maxWeightMatching(4, path, true)).toEqual([1, 0, 3, 2]);
  });

  it('augments through an odd cycle (a blossom) to reach the only perfect matching', () => {
    // A 5-cycle 0-1-2-3-4 with a pendant 5 on vertex 0: only 0-5, 1-2, 3-4 pairs everyone.
    const edges = [
      { a: 0, b: 1, weight: 9 },
      { a: 1, b: 2, weight: 5 },
      { a: 2, b: 3, weight: 9 },
      { a: 3, b: 4, weight: 5 },
      { a: 4, b: 0, weight: 9 },
      { a: 0, b: 5, weight: 1 },
    ];
    expect(maxWeightMatching(6, edges, true)).toEqual([5, 2, 1, 4, 3, 0]);
  });

  it('finds the same optimum as brute force on 600 random graphs of up to 10 vertices', () => {
    for (let seed = 1; seed <= 600; seed++) {
      const { size, edges } = randomGraph(seed);
      for (const maxCardinality of [false, true]) {
        const mate = maxWeightMatching(size, edges, maxCardinality);
        expectValidMatching(mate);
        const got = summarise(mate, edges);
        const best = bruteForceMaxWeight(size, edges, maxCardinality);
        // Without maximum cardinality, matchings of equal weight may differ in size.
        expect({ seed, maxCardinality, total: got.total }).toEqual({ seed, maxCardinality, total: best.total });
        if (maxCardinality) expect({ seed, pairs: got.pairs }).toEqual({ seed, pairs: best.pairs });
      }
    }
  });

  it('returns duals that certify the optimum: no negative reduced cost, tight matched edges', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { size, edges } = randomGraph(seed);
      const { mate, duals, blossomParent } = maxWeightMatchingWithDuals(size, edges, true);
      const blossoms = (v: number): number[] => {
        const chain: number[] = [];
        for (let b = blossomParent[v] ?? -1; b !== -1; b = blossomParent[b] ?? -1) chain.push(b);
        return chain;
      };
      for (const { a, b, weight } of edges) {
        const shared = blossoms(a).filter((x) => blossoms(b).includes(x));
        const reduced =
          (duals[a] ?? 0) + (duals[b] ?? 0) - 2 * weight + 2 * shared.reduce((sum, x) => sum + (duals[x] ?? 0), 0);
        expect(reduced).toBeGreaterThanOrEqual(0);
        if (mate[a] === b) expect(reduced).toBe(0);
      }
    }
  });
});
