import { roundTo } from './rounding.js';

export const MINUTES_PER_HOUR = 60;

/** Session durations are stored in hours and shown in minutes. */
export function minutesToHours(minutes: number): number {
  return minutes / MINUTES_PER_HOUR;
}

/** Hours back to minutes, rounded to 2 decimals so that 10/60 h comes back as exactly 10. */
export function hoursToMinutes(hours: number): number {
  return roundTo(hours * MINUTES_PER_HOUR, 2);
}

/**
 * The first number in a duration text such as '10 minutes' or 'about 7.5 min'. Returns null when the
 * text holds no number; callers then use their own default.
 */
export function firstNumber(text: string): number | null {
  const match = /\d+(?:\.\d+)?/.exec(text);
  return match ? Number(match[0]) : null;
}

/** Minutes of a plan part's duration text, or `fallback` when it holds no usable number. */
export function durationTextToMinutes(text: string | null | undefined, fallback: number): number {
  const minutes = text == null ? null : firstNumber(text);
  return minutes === null || minutes <= 0 ? fallback : minutes;
}
