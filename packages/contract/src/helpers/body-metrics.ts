import { roundTo } from './rounding.js';

export const CM_PER_FOOT = 30.48;
export const KG_PER_POUND = 0.45359237;

/**
 * Body-mass index from kilograms and centimetres: weight divided by the height in metres, squared,
 * to 2 decimals. Returns null when either figure is missing, zero, negative or not finite, so that a
 * half-filled form never shows Infinity or NaN.
 */
export function bmi(weightKg: number, heightCm: number): number | null {
  if (!Number.isFinite(weightKg) || !Number.isFinite(heightCm) || weightKg <= 0 || heightCm <= 0) {
    return null;
  }
  const metres = heightCm / 100;
  return roundTo(weightKg / (metres * metres), 2);
}

/** Feet to centimetres (x30.48), to 1 decimal. */
export function feetToCm(feet: number): number {
  return roundTo(feet * CM_PER_FOOT, 1);
}

/** Pounds to kilograms (x0.45359237), to 1 decimal. */
export function poundsToKg(pounds: number): number {
  return roundTo(pounds * KG_PER_POUND, 1);
}
