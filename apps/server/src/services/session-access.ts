import { forbidden, notFound } from '../errors.js';
import { msg } from '../i18n/catalog.js';
import type { Principal } from '../lib/principal.js';
import type { SessionRecord, SessionRepository } from '../repositories/session.repository.js';

/** The session, or 404 when it does not exist. */
export async function existingSession(sessions: SessionRepository, id: number): Promise<SessionRecord> {
  const session = await sessions.findById(id);
  if (!session) throw notFound(msg('session.notFound', { id }));
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
    throw forbidden(msg('session.onlyOwner'));
  }
  return session;
}
