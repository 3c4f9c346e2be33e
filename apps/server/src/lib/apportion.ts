/**
 * Whole numbers, one per weight, that add up to `total`: each gets `min`, and what is left is shared in
 * proportion to the weights (largest remainders), none going above `cap`. Requires
 * min × count ≤ total ≤ cap × count.
 */
export function apportion(total: number, weights: readonly number[], min: number, cap: number): number[] {
  const count = weights.length;
  if (count === 0) return [];
  const room = cap - min;
  const shares: number[] = new Array<number>(count).fill(0);
  const full = new Array<boolean>(count).fill(false);
  // Water-filling: shares over the room are fixed at it and the rest is shared again.
  for (;;) {
    const free = weights.map((_, index) => index).filter((index) => !full[index]);
    const left = total - min * count - full.reduce((sum, isFull) => sum + (isFull ? room : 0), 0);
    const weightSum = free.reduce((sum, index) => sum + Math.max(weights[index] ?? 0, 1e-9), 0);
    let overflow = false;
    for (const index of free) {
      shares[index] = (left * Math.max(weights[index] ?? 0, 1e-9)) / weightSum;
      if ((shares[index] ?? 0) > room) {
        full[index] = true;
        shares[index] = room;
        overflow = true;
      }
    }
    if (!overflow) break;
  }
  const result = shares.map((share) => Math.floor(share + 1e-9));
  let missing = total - min * count - result.reduce((sum, value) => sum + value, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - (result[index] ?? 0) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    if ((result[index] ?? 0) >= room) continue;
    result[index] = (result[index] ?? 0) + 1;
    missing -= 1;
  }
  return result.map((extra) => min + extra);
}
