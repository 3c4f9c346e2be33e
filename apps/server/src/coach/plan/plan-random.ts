/**
 * A small seeded random source for the lesson-plan composer, so that the same request and seed always give
 * the same plan, and another seed gives another plan wherever the knowledge base offers alternatives.
 */

/** A source of numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32, seeded from both 32-bit halves of `seed` so that large seeds (a session id times a generation
 * count, say) still differ. Any finite number is a valid seed; anything else counts as 0.
 */
export function seededRandom(seed: number): Random {
  const safe = Number.isFinite(seed) ? Math.trunc(seed) : 0;
  const low = safe >>> 0;
  const high = Math.floor(Math.abs(safe) / 2 ** 32) >>> 0;
  let state = (Math.imul(low ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(high + 0x632be5ab, 0xc2b2ae35)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One item, chosen with probability proportional to its weight. Items of weight 0 (or less) are never
 * chosen unless every weight is 0, and then the choice is uniform. Returns undefined for an empty list.
 */
export function weightedPick<T>(items: readonly T[], weight: (item: T) => number, random: Random): T | undefined {
  const weights = items.map((item) => Math.max(0, weight(item)));
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (items.length === 0) return undefined;
  if (!(total > 0)) return items[Math.floor(random() * items.length)];
  let target = random() * total;
  for (let index = 0; index < items.length; index++) {
    const w = weights[index] ?? 0;
    if (w <= 0) continue;
    if (target < w) return items[index];
    target -= w;
  }
  // Rounding can leave a sliver past the last item: take the last one with a weight.
  for (let index = items.length - 1; index >= 0; index--) if ((weights[index] ?? 0) > 0) return items[index];
  return undefined;
}

/**
 * The items in a weighted random order (Efraimidis–Spirakis): heavier items tend to come first, and items of
 * weight 0 come last in their original order.
 */
export function weightedOrder<T>(items: readonly T[], weight: (item: T) => number, random: Random): T[] {
  const keyed = items.map((item, index) => {
    const w = weight(item);
    // log(u) / w orders like u^(1/w) without underflow; u is kept away from 0.
    const key = w > 0 ? Math.log(Math.max(random(), Number.EPSILON)) / w : Number.NEGATIVE_INFINITY;
    return { item, index, key };
  });
  keyed.sort((a, b) => b.key - a.key || a.index - b.index);
  return keyed.map(({ item }) => item);
}
