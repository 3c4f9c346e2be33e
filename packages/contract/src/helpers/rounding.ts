/** Rounds half away from zero to `decimals` places, without binary floating-point surprises. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.sign(value) * (Math.round(Math.abs(value) * factor + Number.EPSILON * factor) / factor);
}
