import type { TrainingSession } from '@openmat/contract/sessions';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { SignedIn } from './accounts.js';

/** An active beginners' class of ten on `trainingDate`, as a coach creates it. */
export const sessionBody = (trainingDate: string) => ({
  trainingDate,
  description: `Class of ${trainingDate.slice(0, 10)}`,
  capacity: 10,
  duration: 1.5,
  status: 'Active',
  targetLevel: 'Beginner',
});

/**
 * A class of `coach`'s that started half an hour ago, with `attendees` checked in. Under way: a class
 * counts for sharing once it has started, and takes check-ins until it ends.
 */
export async function classUnderWay(app: App, coach: SignedIn, attendees: SignedIn[]): Promise<TrainingSession> {
  const session = (
    await app.inject({
      method: 'POST',
      url: '/api/trainingsession',
      headers: coach.auth,
      payload: {
        trainingDate: new Date(Date.now() - 30 * 60_000).toISOString(),
        capacity: 10,
        duration: 1.5,
        targetLevel: 'Beginner',
      },
    })
  ).json<TrainingSession>();
  for (const who of attendees) {
    const checkIn = await app.inject({
      method: 'POST',
      url: `/api/trainingsession/${session.id}/checkin`,
      headers: who.auth,
      payload: { studentIds: [who.fighterId], sessionId: session.id },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
  }
  return session;
}
