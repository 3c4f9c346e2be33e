/** Deterministic random numbers, for the plan composer's choices and for the tests' random classes. */

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
