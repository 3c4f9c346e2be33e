import type { TrainingSessionInput } from '@openmat/contract/sessions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { FollowingRefused, localDate, updateFollowing, wallClock } from './update-following';

const CLASS = {
  id: 3,
  name: 'Gi Fundamentals',
  weekdays: [1, 6],
  startTime: '18:30',
  durationMinutes: 90,
  targetLevel: 'Intermediate',
  capacity: 20,
  description: 'Escapes',
  instructorId: 1,
  startsOn: '2025-03-01',
  endsOn: null,
  timeZone: 'Europe/Warsaw',
};

afterEach(() => vi.restoreAllMocks());

describe('this and the following ones', () => {
  it("sends the start time on the academy's wall clock, whatever the browser's zone", async () => {
    const { callsTo } = stubFetch({
      'GET /api/schedule/classes': () => json(200, [CLASS]),
      'PUT /api/schedule/classes/3': () => json(200, { recurringClass: CLASS, keptSessionIds: [] }),
    });
    // 17:00 UTC is 18:00 in Warsaw in March (CET, UTC+1), and 19:00 in July (CEST, UTC+2).
    await updateFollowing(
      { id: 7, recurringClassId: 3, occurrenceDate: '2025-03-15' },
      {
        trainingDate: '2025-03-15T17:00:00.000Z',
        duration: 1.5,
        targetLevel: 'Intermediate',
        capacity: 20,
        description: 'Gi Fundamentals\n\nEscapes',
      },
    );
    // The session the change is made from follows it, even if it was changed on its own before.
    expect(callsTo('PUT /api/schedule/classes/3')[0]?.body).toMatchObject({
      startTime: '18:00',
      from: '2025-03-15',
      sessionId: 7,
    });
    expect(wallClock(new Date('2025-07-15T17:00:00.000Z'), 'Europe/Warsaw')).toBe('19:00');
    expect(wallClock(new Date('2025-07-15T23:59:00.000Z'), 'America/New_York')).toBe('19:59');
  });

  it("refuses a new day, read on the academy's calendar, and sends nothing", async () => {
    const { callsTo } = stubFetch({
      'GET /api/schedule/classes': () => json(200, [CLASS]),
      'PUT /api/schedule/classes/3': () => json(200, { recurringClass: CLASS, keptSessionIds: [] }),
    });
    const input: Omit<TrainingSessionInput, 'trainingDate'> = {
      duration: 1.5,
      targetLevel: 'Intermediate',
      capacity: 20,
      description: 'Escapes',
    };
    const origin = { id: 7, recurringClassId: 3, occurrenceDate: '2025-03-15' };
    // 23:30 UTC on 15 March is already 16 March in Warsaw.
    const refused = updateFollowing(origin, { ...input, trainingDate: '2025-03-15T23:30:00.000Z' });
    await expect(refused).rejects.toBeInstanceOf(FollowingRefused);
    await expect(refused).rejects.toMatchObject({ reason: 'otherDay' });
    await expect(
      updateFollowing({ ...origin, recurringClassId: 99 }, { ...input, trainingDate: '2025-03-15T17:00:00.000Z' }),
    ).rejects.toMatchObject({ reason: 'classEnded' });
    expect(callsTo('PUT /api/schedule/classes/3')).toHaveLength(0);
    expect(localDate(new Date('2025-03-15T22:59:00.000Z'), 'Europe/Warsaw')).toBe('2025-03-15');
  });
});
