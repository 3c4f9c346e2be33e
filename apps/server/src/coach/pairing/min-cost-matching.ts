import { maxWeightMatchingWithDuals, type WeightedEdge } from './blossom.js';
import { FORBIDDEN } from './cost.js';

/** How many of each student's cheapest partners the first, sparse blossom run gets to see. */
export const SPARSE_NEIGHBOURS = 16;

/**
 * Minimum-cost matching of maximum cardinality over the whole graph.
 *
 * `units` is a row-major size×size matrix of whole-number pair costs, FORBIDDEN where no pair may form.
 * The answer pairs as many vertices as the allowed edges permit and, among those matchings, has the
 * least total cost. For an odd class that is exactly "leave out the student whose absence makes the
 * best matching": every choice of the left-out student is one of the matchings compared, so no
 * separate run per candidate is needed (one O(n^3) run instead of n of them).
 *
 * Ties are broken by `leaveOutOrder` (most preferred to sit out first): each vertex gets a rank, and a
 * pair costs `scale·units + rank(i) + rank(j)`. Summed over a matching, the ranks of the matched
 * vertices are the total of all ranks minus those left out, so the cheapest matching leaves out the
 * highest ranks. `scale` exceeds any possible difference in rank sums, so ranks only decide between
 * matchings of equal real cost. The costs then become blossom weights as `ceiling − cost`, all positive;
 * with maximum cardinality every candidate matching has the same number of edges, so maximising the
 * weight minimises the cost.
 *
 * Speed (pricing): the blossom algorithm first sees only each vertex's `neighbours` cheapest edges.
 * Its optimum comes with vertex duals; if every edge it did not see has non-negative reduced cost
 * against those duals and the sparse matching has the full graph's cardinality, LP duality proves it
 * optimal for the full graph. Otherwise the violating edges are added and it runs again. This needs
 * the full graph's maximum cardinality, which is known when the allowed graph is a union of cliques
 * (kids and adults); for any other shape the full graph is used from the start.
 */
export function minCostMatching(
  size: number,
  units: Float64Array,
  leaveOutOrder: readonly number[],
  neighbours: number = SPARSE_NEIGHBOURS,
): number[] {
  if (size < 2) return new Array<number>(size).fill(-1);
  const allowed = (i: number, j: number): boolean => i !== j && (units[i * size + j] ?? FORBIDDEN) !== FORBIDDEN;

  const rank = new Float64Array(size);
  leaveOutOrder.forEach((vertex, position) => {
    rank[vertex] = size - 1 - position;
  });
  let maxUnits = 0;
  for (const value of units) if (value > maxUnits) maxUnits = value;
  const rankSpread = (size * (size - 1)) / 2 + 1;
  // Keep every weight and every sum of weights an exact integer in a double.
  const exact = (rankSpread * maxUnits + 2 * size) * size < Number.MAX_SAFE_INTEGER;
  const scale = exact ? rankSpread : 1;
  // The blossom weight of every allowed pair, ceiling − (scale·units + ranks); 0 where forbidden.
  const weights = new Float64Array(size * size);
  let ceiling = 0;
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      if (!allowed(i, j)) continue;
      const cost = scale * (units[i * size + j] ?? 0) + (exact ? (rank[i] ?? 0) + (rank[j] ?? 0) : 0);
      weights[i * size + j] = cost;
      ceiling = Math.max(ceiling, cost);
    }
  }
  ceiling += 1;
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      if (!allowed(i, j)) continue;
      const weight = ceiling - (weights[i * size + j] ?? 0);
      weights[i * size + j] = weight;
      weights[j * size + i] = weight;
    }
  }
  const weight = (i: number, j: number): number => weights[i * size + j] ?? 0;

  const expectedPairs = maxCardinalityOfCliques(size, allowed);
  const inGraph = new Uint8Array(size * size);
  const edges: WeightedEdge[] = [];
  const add = (i: number, j: number): void => {
    const a = Math.min(i, j);
    const b = Math.max(i, j);
    if (inGraph[a * size + b]) return;
    inGraph[a * size + b] = 1;
    edges.push({ a, b, weight: weight(a, b) });
  };

  if (expectedPairs === null || neighbours >= size - 1) {
    for (let i = 0; i < size; i++) for (let j = i + 1; j < size; j++) if (allowed(i, j)) add(i, j);
    return maxWeightMatchingWithDuals(size, edges, true).mate;
  }
  for (let i = 0; i < size; i++) for (const j of heaviest(i, size, neighbours, weights, allowed)) add(i, j);

  for (;;) {
    const { mate, duals, blossomParent } = maxWeightMatchingWithDuals(size, edges, true);
    const pairs = mate.reduce((count, j, i) => (j > i ? count + 1 : count), 0);
    const sharedZ = sharedBlossomDuals(size, duals, blossomParent);
    let added = 0;
    for (let i = 0; i < size; i++) {
      const dualI = duals[i] ?? 0;
      for (let j = i + 1; j < size; j++) {
        if (inGraph[i * size + j] || !allowed(i, j)) continue;
        // Every unseen edge must be no better than the duals allow, or the optimum may use it.
        const tooCheap = dualI + (duals[j] ?? 0) + 2 * sharedZ(i, j) < 2 * weight(i, j);
        // A matching that is too small can be grown only through unseen edges at an unmatched vertex.
        const mayGrow = pairs < expectedPairs && (mate[i] === -1 || mate[j] === -1);
        if (tooCheap || mayGrow) {
          add(i, j);
          added++;
        }
      }
    }
    if (added === 0) {
      if (pairs !== expectedPairs) throw new Error('pairing: the matching is smaller than the class allows');
      return mate;
    }
  }
}

/** The `count` allowed partners of i with the largest weight (lowest index first on ties). */
function heaviest(
  i: number,
  size: number,
  count: number,
  weights: Float64Array,
  allowed: (i: number, j: number) => boolean,
): number[] {
  // A short list kept sorted by insertion: O(size·count), cheaper than sorting every row.
  const best: number[] = [];
  const bestWeight: number[] = [];
  for (let j = 0; j < size; j++) {
    if (!allowed(i, j)) continue;
    const w = weights[i * size + j] ?? 0;
    if (best.length === count && w <= (bestWeight[count - 1] ?? Infinity)) continue;
    let at = best.length === count ? count - 1 : best.length;
    while (at > 0 && (bestWeight[at - 1] ?? 0) < w) {
      best[at] = best[at - 1] ?? 0;
      bestWeight[at] = bestWeight[at - 1] ?? 0;
      at--;
    }
    best[at] = j;
    bestWeight[at] = w;
  }
  return best;
}

/** Σ z(b) over the blossoms that hold both i and j, from the blossom tree of the optimum. */
function sharedBlossomDuals(
  size: number,
  duals: Float64Array,
  blossomParent: Int32Array,
): (i: number, j: number) => number {
  // For each vertex, its blossoms from the outermost inwards.
  const chains = Array.from({ length: size }, (_, v) => {
    const chain: number[] = [];
    for (let b = blossomParent[v] ?? -1; b !== -1; b = blossomParent[b] ?? -1) chain.push(b);
    return chain.reverse();
  });
  return (i, j) => {
    const a = chains[i] ?? [];
    const b = chains[j] ?? [];
    let sum = 0;
    for (let k = 0; k < a.length && a[k] === b[k]; k++) sum += duals[a[k] ?? 0] ?? 0;
    return sum;
  };
}

/**
 * When every connected part of the allowed graph is a clique, the maximum number of pairs is the sum
 * of half of each part, rounded down. Otherwise null (the caller then uses the whole graph).
 */
function maxCardinalityOfCliques(size: number, allowed: (i: number, j: number) => boolean): number | null {
  const part = new Int32Array(size).fill(-1);
  let pairs = 0;
  for (let i = 0; i < size; i++) {
    if (part[i] !== -1) continue;
    const members = [i];
    part[i] = i;
    for (let j = i + 1; j < size; j++) {
      if (part[j] === -1 && allowed(i, j)) {
        part[j] = i;
        members.push(j);
      }
    }
    for (const x of members) {
      for (const y of members) if (x !== y && !allowed(x, y)) return null;
      for (let j = 0; j < size; j++) if (part[j] !== i && allowed(x, j)) return null;
    }
    pairs += members.length >> 1;
  }
  return pairs;
}
