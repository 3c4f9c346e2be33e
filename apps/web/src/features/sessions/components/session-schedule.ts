import { freePlaces } from '@openmat/contract/helpers/session-time';
import type { TrainingSession } from '@openmat/contract/sessions';

/** When a session ends is one rule shared with the server, which closes check-in then. */
export { hasSessionEnded, sessionEndsAt } from '@openmat/contract/helpers/session-time';

/** The places still free: capacity minus the students already in, never below zero. */
export function placesLeft(session: Pick<TrainingSession, 'capacity' | 'studentIds'>): number {
  return freePlaces(session.capacity, session.studentIds.length);
}
