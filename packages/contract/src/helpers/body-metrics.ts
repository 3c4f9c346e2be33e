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

export const CM_PER_INCH = 2.54;
export const INCHES_PER_FOOT = 12;

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const FEET_MARK = String.raw`(?:'|ft\.?|feet|foot|stop[ay]?|stóp)`;
const INCH_MARK = String.raw`(?:"|''|in\.?|inch(?:es)?|cal[ei]?)`;
/** Feet, then optionally inches: 5'10", 5 ft 10 in, 5' 10, 5 10, 5ft, 5.5, 5,5 (decimal feet). */
const FEET_AND_INCHES = new RegExp(String.raw`^${NUMBER}\s*${FEET_MARK}?\s*(?:${NUMBER}\s*${INCH_MARK}?)?$`);
/** Inches alone, marked as such: 70", 70 in. */
const INCHES_ONLY = new RegExp(String.raw`^${NUMBER}\s*${INCH_MARK}$`);

/**
 * A height typed the imperial way, in centimetres to 1 decimal: feet and inches (5'10" is 177.8 cm,
 * as are 5 ft 10 in, 5' 10 and 5 10), decimal feet with a point or a comma (5.5, 5,5), or inches alone
 * when marked (70"). Typographic primes (′ ″) count as ' and ". Null for blank or unreadable text, and
 * for 12 inches or more after a number of feet.
 */
export function imperialHeightToCm(text: string): number | null {
  const normalised = text
    .trim()
    .toLowerCase()
    .replace(/[′’‘`]/g, "'")
    .replace(/[″“”]/g, '"')
    .replace(/,/g, '.');
  if (normalised === '') return null;
  const inchesOnly = INCHES_ONLY.exec(normalised);
  if (inchesOnly) return roundTo(Number(inchesOnly[1]) * CM_PER_INCH, 1);
  const match = FEET_AND_INCHES.exec(normalised);
  if (!match) return null;
  const feet = Number(match[1]);
  const inches = match[2] === undefined ? 0 : Number(match[2]);
  if (!Number.isFinite(feet) || !Number.isFinite(inches) || inches >= INCHES_PER_FOOT) return null;
  return roundTo((feet * INCHES_PER_FOOT + inches) * CM_PER_INCH, 1);
}

/** A weight typed in pounds ("180", "180.5", "180,5", "180 lb"), in kilograms to 1 decimal; null if unreadable. */
export function poundsTextToKg(text: string): number | null {
  const match = /^(\d+(?:[.,]\d+)?)\s*(?:lbs?\.?|pounds?|funt(?:y|ów)?)?$/.exec(text.trim().toLowerCase());
  if (!match?.[1]) return null;
  return poundsToKg(Number(match[1].replace(',', '.')));
}
