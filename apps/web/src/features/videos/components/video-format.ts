/** Dates, sizes, speeds and durations of the video screens, in the UI language. */

/** A moment as a date and a time, e.g. "15 Mar 2025, 18:30". An unreadable value stays as it is. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date alone, e.g. "15 Mar 2025". */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** The unit a number of bytes reads best in (powers of 1000) and the number in it. */
function scaleBytes(bytes: number): { value: number; unit: (typeof BYTE_UNITS)[number] } {
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1000 && index < BYTE_UNITS.length - 1) {
    value /= 1000;
    index++;
  }
  return { value, unit: BYTE_UNITS[index] ?? 'byte' };
}

/** A size, e.g. "12.3 MB". */
export function formatBytes(bytes: number, language: string): string {
  const { value, unit } = scaleBytes(bytes);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    // "26 byte" reads oddly in English: bytes take the narrow form ("26B").
    unitDisplay: unit === 'byte' ? 'narrow' : 'short',
    maximumFractionDigits: unit === 'byte' || value >= 100 ? 0 : 1,
  }).format(value);
}

/** A speed, e.g. "2.4 MB/s". */
export function formatSpeed(bytesPerSecond: number, language: string): string {
  const { value, unit } = scaleBytes(bytesPerSecond);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: `${unit}-per-second`,
    unitDisplay: unit === 'byte' ? 'narrow' : 'short',
    maximumFractionDigits: unit === 'byte' || value >= 100 ? 0 : 1,
  }).format(value);
}

function unitFormat(language: string, unit: 'second' | 'minute' | 'hour') {
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 });
}

/** A time still to go, rounded up: "45 sec", "3 min", "1 hr 5 min". */
export function formatTimeLeft(seconds: number, language: string): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return unitFormat(language, 'second').format(whole);
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return unitFormat(language, 'minute').format(minutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = unitFormat(language, 'hour').format(hours);
  return rest === 0 ? hourText : `${hourText} ${unitFormat(language, 'minute').format(rest)}`;
}

/** A video's length as a player shows it: "0:42", "12:05", "1:02:03". */
export function formatClock(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A whole percentage, 0 to 100, of a part of a total (0 when the total is unknown). */
export function percentOf(part: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((part / total) * 100)));
}

/**
 * How far a running analysis has come, in whole percent: never 100 before it has finished (the frames are
 * all read before the findings are written, and a rounded 99.6 % would say done).
 */
export function runningPercent(progress: number): number {
  return Math.min(99, Math.max(0, Math.round(progress * 100)));
}
