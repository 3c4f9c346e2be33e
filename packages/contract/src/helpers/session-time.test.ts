import { describe, expect, it } from 'vitest';
import { hasSessionEnded, sessionEndsAt } from './session-time.js';

describe('when a session ends', () => {
  const session = { trainingDate: '2026-03-10T18:00:00Z', duration: 1.5 };

  it('ends its duration in hours after its start', () => {
    expect(new Date(sessionEndsAt(session)).toISOString()).toBe('2026-03-10T19:30:00.000Z');
  });

  it('is not over while in progress, and is over from its last moment on', () => {
    expect(hasSessionEnded(session, Date.parse('2026-03-10T19:29:59Z'))).toBe(false);
    expect(hasSessionEnded(session, Date.parse('2026-03-10T19:30:00Z'))).toBe(true);
  });

  it('counts a session whose date cannot be read as not over', () => {
    expect(hasSessionEnded({ trainingDate: 'soon', duration: 1 }, Date.now())).toBe(false);
  });
});
