/**
 * `HH:MM:SS` timestamps of techniques in an analysis. Anything but exactly three numeric parts is
 * invalid and parses to null.
 */
const PART = /^\d+$/;

export function parseTimestamp(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length !== 3 || !parts.every((part) => PART.test(part))) return null;
  const [hours = 0, minutes = 0, seconds = 0] = parts.map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

export function isValidTimestamp(text: string): boolean {
  return parseTimestamp(text) !== null;
}

/** Whole seconds (fractions are dropped, negatives clamp to 0) as `HH:MM:SS`. */
export function formatTimestamp(totalSeconds: number): string {
  const whole = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
}
