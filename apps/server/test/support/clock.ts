import type { Clock } from '../../src/lib/clock.js';

/** A clock that stands still until a test moves it. */
export function manualClock(start: string): Clock & { advance(seconds: number): void } {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance(seconds: number) {
      now += seconds * 1000;
    },
  };
}

/**
 * "Now" for the files whose sessions are dated (check-in closes when a class ends): well before every
 * fixed training date they use, so that none of them expires as the calendar moves on.
 */
export const BEFORE_THE_CLASSES = '2026-06-01T12:00:00.000Z';
