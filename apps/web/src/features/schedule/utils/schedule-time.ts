import type { RecurringClass } from '@openmat/contract/schedule';

/**
 * Times of the weekly schedule, in the same style as the session list's (`timeStyle: 'short'` in the UI
 * language): '6:00 PM' in English, '18:00' in Polish. The product spec names no clock, so the reader's
 * language decides, as it does for the session list.
 */
const shortTime = (language: string, timeZone?: string) =>
  new Intl.DateTimeFormat(language, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });

/**
 * A session's start and end in the browser's time zone, such as '6:00 – 7:00 PM' or '18:00–19:00', in
 * two pieces: the start with the dash, and the end. A narrow column breaks the line between them only,
 * never between a time and its AM or PM.
 */
export function timeRangeParts(start: Date, end: Date, language: string): { from: string; to: string } {
  const parts = shortTime(language).formatRangeToParts(start, end);
  const firstOfEnd = parts.findIndex((part) => part.source === 'endRange');
  const text = (list: typeof parts) => list.map((part) => part.value).join('');
  if (firstOfEnd === -1) return { from: text(parts), to: '' };
  return { from: text(parts.slice(0, firstOfEnd)), to: text(parts.slice(firstOfEnd)) };
}

/**
 * A wall-clock time of a recurring class ("HH:MM", in the academy's zone) in the UI language's style:
 * '18:00' reads '6:00 PM' in English. Anything else is shown as it came.
 */
export function formatWallClock(time: string, language: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return shortTime(language, 'UTC').format(new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]))));
}

/** The browser's IANA time zone, the one the sessions' times are shown in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The academy's time zone, as the recurring classes carry it, or null while no class runs. */
export function academyTimeZone(classes: readonly RecurringClass[] | undefined): string | null {
  return classes?.[0]?.timeZone ?? null;
}
