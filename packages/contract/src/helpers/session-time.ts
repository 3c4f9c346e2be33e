const MS_PER_HOUR = 3_600_000;

/** What decides when a session is over: its start and its length in hours. */
export interface SessionTiming {
  /** ISO 8601 date-time. */
  trainingDate: string;
  /** Hours, possibly fractional. */
  duration: number;
}

/** The moment the session ends (its start plus `duration` hours), in ms since the epoch; NaN for a bad date. */
export function sessionEndsAt(session: SessionTiming): number {
  return new Date(session.trainingDate).getTime() + session.duration * MS_PER_HOUR;
}

/**
 * Whether the session is over at `now` (ms since the epoch): check-in closes then, on the server and in
 * the list alike. A session in progress has not ended; one whose date cannot be read counts as not ended.
 */
export function hasSessionEnded(session: SessionTiming, now: number): boolean {
  const end = sessionEndsAt(session);
  return !Number.isNaN(end) && end <= now;
}

/** The places still free: capacity minus those already on the roster, never below zero. */
export function freePlaces(capacity: number, onRoster: number): number {
  return Math.max(0, capacity - onRoster);
}
