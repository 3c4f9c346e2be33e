/**
 * Weighted choices for the lesson-plan composer, drawn from a seeded source so that the same request and
 * seed always give the same plan, and another seed gives another plan wherever there are alternatives.
 */
import type { Random } from '../../lib/seeded-random.js';

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
