import { forbidden, notFound } from '../errors.js';
import type { Principal } from '../lib/principal.js';
import type { SessionRecord, SessionRepository } from '../repositories/session.repository.js';

/** The session, or 404 when it does not exist. */
export async function existingSession(sessions: SessionRepository, id: number): Promise<SessionRecord> {
  const session = await sessions.findById(id);
  if (!session) throw notFound(`There is no training session ${id}.`);
  return session;
}

/** The session, if the caller owns it: 404 when it does not exist, 403 when it is someone else's. */
export async function ownedSession(
  sessions: SessionRepository,
  principal: Principal,
  id: number,
): Promise<SessionRecord> {
  const session = await existingSession(sessions, id);
  if (session.ownerUserId !== principal.userId) {
    throw forbidden('Only the instructor who created this session may change it.');
  }
  return session;
}
