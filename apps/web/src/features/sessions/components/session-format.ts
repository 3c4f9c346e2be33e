/** Dates and times of sessions, in the browser's time zone and the UI language. */

function validDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The date part only, such as 'Mar 15, 2025' or '15 mar 2025'. */
export function formatSessionDate(iso: string, language: string): string {
  const date = validDate(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date) : '';
}

/** The start time only, such as '6:30 PM' or '18:30'. */
export function formatSessionTime(iso: string, language: string): string {
  const date = validDate(iso);
  return date ? new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date) : '';
}

/** Date and start time together, for a summary line. */
export function formatSessionDateTime(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * The numbers of the session list in the UI language: counts, and hours to two decimals. Built once
 * per list (the table's columns, the cards), not once per cell or card.
 */
export function sessionNumberFormats(language: string): { count: Intl.NumberFormat; hours: Intl.NumberFormat } {
  return {
    count: new Intl.NumberFormat(language),
    hours: new Intl.NumberFormat(language, { maximumFractionDigits: 2 }),
  };
}

/** Minutes since local midnight, to sort sessions by the time of day they start. */
export function minutesOfDay(iso: string): number {
  const date = validDate(iso);
  return date ? date.getHours() * 60 + date.getMinutes() : -1;
}

/** Milliseconds since the epoch, to sort by the moment a session starts. */
export function sessionTimestamp(iso: string): number {
  return validDate(iso)?.getTime() ?? 0;
}

/**
 * A description as a title and the rest: a session made from a weekly class stores
 * '<class name>\n\n<description>', so the first line is the title and what follows is the detail.
 * A one-line description is a title alone.
 */
export function splitDescription(description: string): { title: string; rest: string } {
  const trimmed = description.trim();
  const lineBreak = trimmed.search(/\r?\n/);
  if (lineBreak === -1) return { title: trimmed, rest: '' };
  return { title: trimmed.slice(0, lineBreak).trim(), rest: trimmed.slice(lineBreak).trim() };
}
