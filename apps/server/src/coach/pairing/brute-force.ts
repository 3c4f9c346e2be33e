import type { WeightedEdge } from './blossom.js';
import { FORBIDDEN } from './cost.js';

/**
 * Reference answers by enumerating every matching. Exponential: for tests on graphs of about a dozen
 * vertices, where it checks the blossom algorithm and the pairing built on it.
 */

export interface BruteForceAnswer {
  readonly pairs: number;
  readonly total: number;
}

/** Visits every matching of the graph once, with its number of pairs and the sum of its edge values. */
function everyMatching(
  size: number,
  value: (i: number, j: number) => number | null,
  visit: (pairs: number, total: number) => void,
): void {
  const used = new Uint8Array(size);
  const walk = (from: number, pairs: number, total: number): void => {
    let v = from;
    while (v < size && used[v]) v++;
    if (v >= size) {
      visit(pairs, total);
      return;
    }
    used[v] = 1;
    walk(v + 1, pairs, total);
    for (let u = v + 1; u < size; u++) {
      const edge = used[u] ? null : value(v, u);
      if (edge === null) continue;
      used[u] = 1;
      walk(v + 1, pairs + 1, total + edge);
      used[u] = 0;
    }
    used[v] = 0;
  };
  walk(0, 0, 0);
}

/** The heaviest matching, or the heaviest among those with the most pairs. */
export function bruteForceMaxWeight(
  size: number,
  edges: readonly WeightedEdge[],
  maxCardinality: boolean,
): BruteForceAnswer {
  const weight = new Map<number, number>();
  for (const { a, b, weight: w } of edges) weight.set(Math.min(a, b) * size + Math.max(a, b), w);
  let best: BruteForceAnswer = { pairs: 0, total: 0 };
  everyMatching(
    size,
    (i, j) => weight.get(i * size + j) ?? null,
    (pairs, total) => {
      const better = maxCardinality
        ? pairs > best.pairs || (pairs === best.pairs && total > best.total)
        : total > best.total;
      if (better) best = { pairs, total };
    },
  );
  return best;
}

/** The cheapest matching among those with the most pairs, over a size×size cost matrix. */
export function bruteForceMinCost(size: number, units: Float64Array): BruteForceAnswer {
  let best: BruteForceAnswer | null = null;
  everyMatching(
    size,
    (i, j) => {
      const value = units[i * size + j] ?? FORBIDDEN;
      return value === FORBIDDEN ? null : value;
    },
    (pairs, total) => {
      if (!best || pairs > best.pairs || (pairs === best.pairs && total < best.total)) best = { pairs, total };
    },
  );
  return best ?? { pairs: 0, total: 0 };
}
