import type { SessionStatus } from '@openmat/contract/enums';
import {
  duplicateWalkInNames,
  encodeSessionCursor,
  SESSION_LIST,
  type AttendanceRecord,
  type AttendanceResponse,
  type SessionListOrder,
  type SessionListQuery,
  type TrainingSession,
  type TrainingSessionDetails,
} from '@openmat/contract/sessions';
import { hasSessionEnded } from '@openmat/contract/helpers/session-time';
import type { Language } from '@openmat/contract/languages';
import { storedPairsPage } from '../coach/pairing/pairing-record.js';
import { badRequest, forbidden, messageError, notFound } from '../errors.js';
import { msg, translator, type Message } from '../i18n/catalog.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Principal } from '../lib/principal.js';
import type { FighterRepository } from '../repositories/fighter.repository.js';
import type {
  SessionFields,
  SessionListFilter,
  SessionRecord,
  SessionRepository,
  SessionSummary,
} from '../repositories/session.repository.js';
import { fighterDto, pairsForViewer, rosterView } from './fighter-privacy.js';
import { existingSession, ownedSession } from './session-access.js';

function toSessionDto(session: SessionSummary): TrainingSession {
  return {
    id: session.id,
    trainingDate: session.trainingDate,
    description: session.description,
    capacity: session.capacity,
    duration: session.duration,
    status: session.status,
    targetLevel: session.targetLevel,
    instructorId: session.instructorFighterId,
    studentIds: session.studentIds,
    ...(session.occurrence
      ? { recurringClassId: session.occurrence.recurringClassId, occurrenceDate: session.occurrence.occurrenceDate }
      : {}),
  };
}

/** What the weekly schedule gives a session of a class; changing one of them on its own detaches it. */
const SCHEDULED_FIELDS = ['trainingDate', 'description', 'capacity', 'duration', 'targetLevel'] as const;

/** Stored in UTC; the client shows local time. */
const toUtc = (dateTime: string) => new Date(dateTime).toISOString();

const attendanceFailure = (message: Message) => messageError(400, message, { success: false });

/** The query that gives the page after this one; every bound is explicit, so paging is stable. */
export interface NextSessionPage {
  from?: string | undefined;
  to?: string | undefined;
  status?: SessionStatus | undefined;
  order: SessionListOrder;
  limit: number;
  cursor: string;
}

export interface SessionListPage {
  sessions: TrainingSession[];
  /** Null on the last page. */
  next: NextSessionPage | null;
}

const DAY_MS = 86_400_000;

/**
 * What a query asks for. The call with no query at all is the default window: every session from the
 * start of the previous UTC day on (so "today" anywhere on Earth is inside it), soonest first, capped.
 */
function listFilter(query: SessionListQuery, now: Date): SessionListFilter {
  if (Object.values(query).every((value) => value === undefined)) {
    const startOfToday = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    return {
      from: new Date(startOfToday - SESSION_LIST.defaultCallDaysBack * DAY_MS).toISOString(),
      order: 'asc',
      limit: SESSION_LIST.defaultCallLimit,
    };
  }
  return {
    from: query.from,
    to: query.to,
    status: query.status,
    order: query.order ?? 'asc',
    after: query.cursor,
    limit: query.limit ?? SESSION_LIST.defaultLimit,
  };
}

export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly fighters: FighterRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  /** One bounded page of sessions (docs/decisions/0014-bounded-session-list.md). */
  async list(query: SessionListQuery): Promise<SessionListPage> {
    const filter = listFilter(query, this.clock.now());
    // One more than asked says whether a next page exists without counting the rest.
    const rows = await this.sessions.list({ ...filter, limit: filter.limit + 1 });
    const page = rows.slice(0, filter.limit);
    const last = page.at(-1);
    const next =
      rows.length > filter.limit && last
        ? {
            from: filter.from,
            to: filter.to,
            status: filter.status,
            order: filter.order,
            limit: filter.limit,
            cursor: encodeSessionCursor({ trainingDate: last.trainingDate, id: last.id }),
          }
        : null;
    return { sessions: page.map(toSessionDto), next };
  }

  /** The session with its roster, as fighter-privacy.ts lets this caller see it. */
  async details(principal: Principal, id: number, language: Language): Promise<TrainingSessionDetails> {
    return this.withRoster(principal, await existingSession(this.sessions, id), language);
  }

  /** The session with its roster; the pairing's words, when it has one, are written in `language`. */
  private async withRoster(
    viewer: Principal,
    session: SessionRecord,
    language: Language,
  ): Promise<TrainingSessionDetails> {
    const [instructor, roster] = await Promise.all([
      this.fighters.findById(session.instructorFighterId),
      this.sessions.roster(session.id),
    ]);
    if (!instructor) throw notFound(msg('session.instructorGone', { id: session.id }));
    const view = rosterView(viewer, session);
    return {
      ...toSessionDto({ ...session, studentIds: roster.map((fighter) => fighter.id) }),
      instructor: fighterDto(instructor, view(instructor)),
      students: roster.map((fighter) => fighterDto(fighter, view(fighter))),
      walkInIds: roster.filter((fighter) => fighter.userId === null).map((fighter) => fighter.id),
      isCurriculumGenerated: session.isCurriculumGenerated,
      rawFighterPairsJson: pairsForViewer(
        storedPairsPage(session.rawFighterPairsJson, language),
        viewer.userId === session.ownerUserId,
      ),
    };
  }

  private owned(principal: Principal, id: number): Promise<SessionRecord> {
    return ownedSession(this.sessions, principal, id);
  }

  async create(principal: Principal, input: SessionFields): Promise<TrainingSession> {
    if (principal.fighterId === null) throw forbidden(msg('session.profileFirst'));
    const session = await this.sessions.create(
      { ...input, trainingDate: toUtc(input.trainingDate) },
      principal.userId,
      principal.fighterId,
    );
    return toSessionDto({ ...session, studentIds: [] });
  }

  async update(
    principal: Principal,
    id: number,
    input: Omit<SessionFields, 'status'> & { status?: SessionFields['status'] },
    language: Language,
  ): Promise<TrainingSessionDetails> {
    const session = await this.owned(principal, id);
    // A status left out keeps the session's own: an edit of a closed class's notes does not reopen it.
    const fields = { ...input, status: input.status ?? session.status, trainingDate: toUtc(input.trainingDate) };
    // "This session only" on a session of the weekly schedule (ADR 0031): an edit that changes its date,
    // time or details detaches it, and a later change of the class's following sessions leaves it as it is.
    const detach = session.occurrence !== null && SCHEDULED_FIELDS.some((field) => fields[field] !== session[field]);
    if (!(await this.sessions.update(id, fields, detach))) {
      const current = await this.sessions.findById(id);
      // Deleted while this edit was on its way: not found, not a capacity problem.
      if (!current) throw notFound(msg('session.notFound', { id }));
      const refusal = msg('session.capacityBelowRoster', { count: current.attendeeCount });
      throw badRequest(refusal, { capacity: [refusal] });
    }
    return this.details(principal, id, language);
  }

  /** Closing completes the session; nobody can check in after. */
  async close(principal: Principal, id: number): Promise<void> {
    await this.owned(principal, id);
    await this.sessions.setStatus(id, 'Completed');
  }

  /** Reopening makes a closed (or cancelled) session Active again, so that a forgotten walk-in can be added. */
  async reopen(principal: Principal, id: number): Promise<void> {
    await this.owned(principal, id);
    await this.sessions.setStatus(id, 'Active');
  }

  async delete(principal: Principal, id: number): Promise<void> {
    await this.owned(principal, id);
    await this.sessions.delete(id, principal.userId);
  }

  /**
   * A student checks in only themselves; twice is harmless; a full or closed session, or a class that
   * has ended, answers 409.
   */
  async checkIn(
    principal: Principal,
    id: number,
    request: { studentIds: number[]; sessionId: number },
    language: Language,
  ): Promise<TrainingSessionDetails> {
    if (request.sessionId !== id) {
      throw badRequest(msg('session.sessionIdMismatch'), { sessionId: [msg('session.sessionIdMismatch')] });
    }
    if (principal.fighterId === null || request.studentIds.some((studentId) => studentId !== principal.fighterId)) {
      throw forbidden(msg('session.checkInOnlyYourself'));
    }
    const session = await existingSession(this.sessions, id);
    if (hasSessionEnded(session, this.clock.now().getTime())) throw messageError(409, msg('session.ended'));
    const outcome = await this.sessions.checkIn(id, principal.fighterId);
    if (outcome === 'missing') throw notFound(msg('session.notFound', { id }));
    if (outcome === 'full') throw messageError(409, msg('session.full'));
    if (outcome === 'closed') throw messageError(409, msg('session.closedForCheckIn'));
    // A check-in changes the roster, which withRoster reads afresh, and none of the session's own fields.
    return this.withRoster(principal, session, language);
  }

  /**
   * A student cancels their own check-in before the class starts, and the place goes back to the
   * capacity. Once the class has started (or the session is no longer Active) it is refused with 409;
   * a student who is not checked in gets 404.
   */
  async cancelCheckIn(principal: Principal, id: number, language: Language): Promise<TrainingSessionDetails> {
    if (principal.fighterId === null) throw forbidden(msg('session.checkInOnlyYourself'));
    const session = await existingSession(this.sessions, id);
    if (session.status !== 'Active') throw messageError(409, msg('session.closedForCheckIn'));
    if (Date.parse(session.trainingDate) <= this.clock.now().getTime()) {
      throw messageError(409, msg('session.cancelStarted'));
    }
    if (!(await this.sessions.removeAttendee(id, principal.fighterId))) throw notFound(msg('session.notCheckedIn'));
    return this.withRoster(principal, session, language);
  }

  /** Records walk-ins; the answer's message is written in `language`. */
  async recordAttendance(
    principal: Principal,
    id: number,
    records: AttendanceRecord[],
    language: Language,
  ): Promise<AttendanceResponse> {
    const session = await this.owned(principal, id);
    const repeated = duplicateWalkInNames(records);
    if (repeated.length > 0) {
      const names = repeated.map((name) => `'${name}'`).join(', ');
      throw attendanceFailure(msg('attendance.duplicateNames', { names }));
    }
    const result = await this.sessions.addWalkIns(id, principal.userId, records);
    if (result.outcome === 'missing') throw notFound(msg('session.notFound', { id }));
    if (result.outcome === 'closed') throw attendanceFailure(msg('attendance.closed'));
    if (result.outcome === 'full') {
      // Only the walk-ins not on the roster yet take a place; those already on it are counted out.
      throw attendanceFailure(msg('attendance.notEnoughPlaces', { free: result.free, count: result.needed }));
    }
    return {
      success: true,
      message: translator(language)('attendance.recorded', { count: records.length, added: result.added }),
      // Walk-ins change the roster, which withRoster reads afresh, and none of the session's own fields.
      updatedSession: await this.withRoster(principal, session, language),
    };
  }

  /**
   * Puts an existing member of the instructor's rosters on this session (they forgot to check in),
   * instead of typing them again as a new walk-in. Capacity and status hold as for a check-in.
   */
  async addMember(
    principal: Principal,
    id: number,
    fighterId: number,
    language: Language,
  ): Promise<TrainingSessionDetails> {
    const session = await this.owned(principal, id);
    const fighter = await this.fighters.findById(fighterId);
    if (!fighter || !(await this.fighters.isCoachedBy(fighter, principal.userId))) {
      throw notFound(msg('member.notFound', { id: fighterId }));
    }
    const outcome = await this.sessions.checkIn(id, fighterId);
    if (outcome === 'missing') throw notFound(msg('session.notFound', { id }));
    if (outcome === 'full') throw messageError(409, msg('session.full'));
    if (outcome === 'closed') throw messageError(409, msg('attendance.closed'));
    return this.withRoster(principal, session, language);
  }

  async removeStudent(principal: Principal, id: number, fighterId: number): Promise<void> {
    await this.owned(principal, id);
    if (!(await this.sessions.removeAttendee(id, fighterId))) {
      throw notFound(msg('session.notOnRoster', { fighterId, id }));
    }
  }
}
