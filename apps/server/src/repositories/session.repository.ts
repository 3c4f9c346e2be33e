import { foldName } from '@openmat/contract/members';
import { SessionStatus, TargetLevel } from '@openmat/contract/enums';
import type { AttendanceRecord } from '@openmat/contract/sessions';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, TrainingSessionsTable } from '../db/schema.js';
import { toFighterRecord, toFighterRow, type FighterRecord } from './fighter.repository.js';
import type { Clock } from '../lib/clock.js';
import { lockRow } from './row-lock.js';
import { skipOccurrence } from './schedule-skips.js';

export interface SessionFields {
  trainingDate: string;
  description: string;
  capacity: number;
  duration: number;
  status: SessionStatus;
  targetLevel: TargetLevel;
}

/** The recurring class and local date of a session the weekly schedule created. */
export interface Occurrence {
  recurringClassId: number;
  occurrenceDate: string;
}

export interface SessionRecord extends SessionFields {
  id: number;
  occurrence: Occurrence | null;
  ownerUserId: number;
  instructorFighterId: number;
  attendeeCount: number;
  isCurriculumGenerated: boolean;
  rawFighterPairsJson: string | null;
}

/** What the session list shows of a session: its fields and its roster's fighter ids. */
export interface SessionSummary
  extends SessionFields, Partial<Pick<SessionRecord, 'occurrence'>>, Pick<SessionRecord, 'id' | 'instructorFighterId'> {
  studentIds: number[];
}

/** One page of the session list; every bound is already checked and in UTC. */
export interface SessionListFilter {
  /** Inclusive lower bound of training_date. */
  from?: string | undefined;
  /** Exclusive upper bound of training_date. */
  to?: string | undefined;
  status?: SessionStatus | undefined;
  order: 'asc' | 'desc';
  /** Continue after this (training_date, id), in `order`. */
  after?: { trainingDate: string; id: number } | undefined;
  limit: number;
}

export type CheckInOutcome = 'added' | 'already' | 'full' | 'closed' | 'missing';
export type WalkInOutcome =
  | { outcome: 'added'; added: number }
  /** `needed`: the walk-ins not on the roster yet, who each needed a place. */
  | { outcome: 'full'; free: number; needed: number }
  | { outcome: 'closed' }
  | { outcome: 'missing' };

/** The columns of `SessionFields`. */
const FIELD_COLUMNS = ['training_date', 'description', 'capacity', 'duration', 'status', 'target_level'] as const;

function toSessionFields(row: Pick<Selectable<TrainingSessionsTable>, (typeof FIELD_COLUMNS)[number]>): SessionFields {
  return {
    trainingDate: row.training_date,
    description: row.description,
    capacity: row.capacity,
    duration: row.duration,
    status: SessionStatus.parse(row.status),
    targetLevel: TargetLevel.parse(row.target_level),
  };
}

function toSession(row: Selectable<TrainingSessionsTable>): SessionRecord {
  return {
    id: row.id,
    ownerUserId: row.owner_user_id,
    instructorFighterId: row.instructor_fighter_id,
    ...toSessionFields(row),
    attendeeCount: row.attendee_count,
    isCurriculumGenerated: row.is_curriculum_generated === 1,
    rawFighterPairsJson: row.raw_fighter_pairs_json,
    occurrence: occurrenceOf(row),
  };
}

function occurrenceOf(
  row: Pick<Selectable<TrainingSessionsTable>, 'recurring_class_id' | 'occurrence_date'>,
): Occurrence | null {
  return row.recurring_class_id !== null && row.occurrence_date !== null
    ? { recurringClassId: row.recurring_class_id, occurrenceDate: row.occurrence_date }
    : null;
}

const normalizeName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** Thrown inside a transaction to roll it back; the caller answers its outcome instead. */
class CheckInRollback extends Error {
  constructor(readonly outcome: CheckInOutcome) {
    super('check-in rolled back');
  }
}

class WalkInRollback extends Error {
  constructor(readonly outcome: WalkInOutcome) {
    super('walk-ins rolled back');
  }
}

export class SessionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /**
   * One page of sessions in (training_date, id) order, each with its roster's fighter ids: two
   * queries, each bounded by `limit`, whatever the history. The page is a range scan of
   * training_sessions_date_id_idx, or of training_sessions_status_date_id_idx with a status.
   */
  async list(filter: SessionListFilter): Promise<SessionSummary[]> {
    const { order } = filter;
    let query = this.db
      .selectFrom('training_sessions')
      .select(['id', 'instructor_fighter_id', 'recurring_class_id', 'occurrence_date', ...FIELD_COLUMNS]);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.from !== undefined) query = query.where('training_date', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('training_date', '<', filter.to);
    const after = filter.after;
    if (after !== undefined) {
      query = query.where((eb) =>
        eb(eb.refTuple('training_date', 'id'), order === 'asc' ? '>' : '<', eb.tuple(after.trainingDate, after.id)),
      );
    }
    const rows = await query.orderBy('training_date', order).orderBy('id', order).limit(filter.limit).execute();
    if (rows.length === 0) return [];
    // The rosters of this page only, from the covering index session_attendees_session_order_idx.
    const pageIds = rows.map((row) => row.id);
    const attendees = await this.db
      .selectFrom('session_attendees')
      .select(['session_id', 'fighter_id'])
      .where('session_id', 'in', pageIds)
      .orderBy('session_id')
      .orderBy('created_at')
      .orderBy('fighter_id')
      .execute();
    const roster = new Map<number, number[]>();
    for (const { session_id, fighter_id } of attendees) {
      const ids = roster.get(session_id) ?? [];
      ids.push(fighter_id);
      roster.set(session_id, ids);
    }
    return rows.map((row) => ({
      id: row.id,
      instructorFighterId: row.instructor_fighter_id,
      ...toSessionFields(row),
      occurrence: occurrenceOf(row),
      studentIds: roster.get(row.id) ?? [],
    }));
  }

  async findById(id: number): Promise<SessionRecord | undefined> {
    const row = await this.db.selectFrom('training_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toSession(row);
  }

  /** Whether the fighter is on the session's roster. */
  async isOnRoster(sessionId: number, fighterId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('session_attendees')
      .select('fighter_id')
      .where('session_id', '=', sessionId)
      .where('fighter_id', '=', fighterId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The roster in check-in order. */
  async roster(sessionId: number): Promise<FighterRecord[]> {
    const rows = await this.db
      .selectFrom('session_attendees')
      .innerJoin('fighters', 'fighters.id', 'session_attendees.fighter_id')
      .selectAll('fighters')
      .where('session_attendees.session_id', '=', sessionId)
      .orderBy('session_attendees.created_at')
      .orderBy('fighters.id')
      .execute();
    return rows.map(toFighterRecord);
  }

  async create(fields: SessionFields, ownerUserId: number, instructorFighterId: number): Promise<SessionRecord> {
    const now = this.clock.now().toISOString();
    const row = await this.db
      .insertInto('training_sessions')
      .values({
        owner_user_id: ownerUserId,
        instructor_fighter_id: instructorFighterId,
        training_date: fields.trainingDate,
        description: fields.description,
        capacity: fields.capacity,
        duration: fields.duration,
        status: fields.status,
        target_level: fields.targetLevel,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSession(row);
  }

  /**
   * Updates the fields, unless the new capacity is below the roster already there (checked in the
   * same statement, so a check-in cannot slip in between). Answers false when refused. `detach` marks a
   * session of the weekly schedule as changed on its own: its class's later changes leave it as it is.
   */
  async update(id: number, fields: SessionFields, detach = false): Promise<boolean> {
    const result = await this.db
      .updateTable('training_sessions')
      .set({
        training_date: fields.trainingDate,
        description: fields.description,
        capacity: fields.capacity,
        duration: fields.duration,
        status: fields.status,
        target_level: fields.targetLevel,
        ...(detach ? { detached: 1 } : {}),
        updated_at: this.clock.now().toISOString(),
      })
      .where('id', '=', id)
      .where('attendee_count', '<=', fields.capacity)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setStatus(id: number, status: SessionStatus): Promise<void> {
    await this.db
      .updateTable('training_sessions')
      .set({ status, updated_at: this.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Deletes the session with its roster (cascade), and the walk-ins of its roster who then have nothing
   * left of their own: no other class, no promotion, no weigh-in, no video of them. Walk-ins of other
   * classes, and one taken off a roster earlier, are not this deletion's to remove.
   */
  async delete(id: number, ownerUserId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const walkIns = (
        await trx
          .selectFrom('session_attendees')
          .innerJoin('fighters', 'fighters.id', 'session_attendees.fighter_id')
          .select('fighters.id')
          .where('session_attendees.session_id', '=', id)
          .where('fighters.user_id', 'is', null)
          .where('fighters.owner_user_id', '=', ownerUserId)
          .execute()
      ).map((row) => row.id);
      const deleted = await trx
        .deleteFrom('training_sessions')
        .where('id', '=', id)
        .returning(['recurring_class_id', 'occurrence_date'])
        .executeTakeFirst();
      // An occurrence of the weekly schedule deleted one by one stays deleted: the job skips its date.
      if (deleted?.recurring_class_id != null && deleted.occurrence_date !== null) {
        await skipOccurrence(
          trx,
          { recurringClassId: deleted.recurring_class_id, occurrenceDate: deleted.occurrence_date },
          this.clock.now(),
        );
      }
      if (walkIns.length === 0) return;
      await trx
        .deleteFrom('fighters')
        .where('id', 'in', walkIns)
        .where('user_id', 'is', null)
        .where((eb) =>
          eb.and(
            (['session_attendees', 'promotions', 'weigh_ins', 'videos'] as const).map((table) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom(table)
                    .select(`${table}.fighter_id`)
                    .whereRef(`${table}.fighter_id`, '=', 'fighters.id'),
                ),
              ),
            ),
          ),
        )
        .execute();
    });
  }

  /** Takes `count` places if the session is Active and has room; the row lock serializes takers. */
  private async takePlaces(trx: Transaction<Database>, sessionId: number, count: number): Promise<boolean> {
    const result = await trx
      .updateTable('training_sessions')
      .set({ attendee_count: sql<number>`attendee_count + ${count}` })
      .where('id', '=', sessionId)
      .where('status', '=', 'Active')
      .where(sql<boolean>`attendee_count + ${count} <= capacity`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async whyNoPlace(trx: Transaction<Database>, sessionId: number): Promise<'full' | 'closed' | 'missing'> {
    const row = await trx
      .selectFrom('training_sessions')
      .select('status')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return 'missing';
    return row.status === 'Active' ? 'full' : 'closed';
  }

  /**
   * Checks a fighter in. Idempotent: a second check-in adds no row. Capacity holds under concurrency:
   * the place is taken by a conditional update before the roster row is written, in one transaction.
   */
  async checkIn(sessionId: number, fighterId: number): Promise<CheckInOutcome> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const present = await trx
          .selectFrom('session_attendees')
          .select('fighter_id')
          .where('session_id', '=', sessionId)
          .where('fighter_id', '=', fighterId)
          .executeTakeFirst();
        if (present) return 'already';
        if (!(await this.takePlaces(trx, sessionId, 1))) return this.whyNoPlace(trx, sessionId);
        const inserted = await trx
          .insertInto('session_attendees')
          .values({ session_id: sessionId, fighter_id: fighterId, created_at: this.clock.now().toISOString() })
          .onConflict((oc) => oc.columns(['session_id', 'fighter_id']).doNothing())
          .executeTakeFirst();
        // The same fighter checked in concurrently: give the place back.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw new CheckInRollback('already');
        return 'added';
      });
    } catch (error) {
      if (error instanceof CheckInRollback) return error.outcome;
      throw error;
    }
  }

  /**
   * Records walk-ins: each becomes (or is found again as) a fighter with no account, owned by the
   * instructor, matched only among that instructor's own walk-ins by name and birthdate. A registered
   * fighter is never matched or changed. They take places like everyone else.
   */
  async addWalkIns(sessionId: number, ownerUserId: number, records: AttendanceRecord[]): Promise<WalkInOutcome> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const now = this.clock.now().toISOString();
        // One instructor's walk-ins are recorded one transaction at a time: the owner's row is locked
        // first (a no-op write), so that two sessions taking the same new walk-in at once find one
        // member, not create two. SQLite writes one at a time already.
        await lockRow(trx, 'users', ownerUserId);
        const fighterIds: number[] = [];
        for (const record of records) {
          const name = normalizeName(record.fighterName);
          const figures = {
            height: record.height,
            weight: record.weight,
            gender: record.gender,
            belt_color: record.beltColor === 'None' ? null : record.beltColor,
            updated_at: now,
          };
          const existing = await trx
            .selectFrom('fighters')
            .select('id')
            .where('user_id', 'is', null)
            .where('owner_user_id', '=', ownerUserId)
            .where('name_key', '=', foldName(name))
            .where('birthdate', '=', record.birthdate)
            .executeTakeFirst();
          if (existing) {
            await trx.updateTable('fighters').set(figures).where('id', '=', existing.id).execute();
            fighterIds.push(existing.id);
            continue;
          }
          const created = await trx
            .insertInto('fighters')
            .values(
              toFighterRow(
                {
                  userId: null,
                  ownerUserId,
                  fighterName: name,
                  fighterRole: 'Student',
                  height: record.height,
                  weight: record.weight,
                  bmi: null,
                  gender: record.gender,
                  birthdate: record.birthdate,
                  maxWorkoutDuration: null,
                  beltColor: record.beltColor === 'None' ? null : record.beltColor,
                  experience: null,
                },
                now,
              ),
            )
            .returning('id')
            .executeTakeFirstOrThrow();
          fighterIds.push(created.id);
        }
        const onRoster = new Set(
          fighterIds.length === 0
            ? []
            : (
                await trx
                  .selectFrom('session_attendees')
                  .select('fighter_id')
                  .where('session_id', '=', sessionId)
                  .where('fighter_id', 'in', fighterIds)
                  .execute()
              ).map((row) => row.fighter_id),
        );
        const newcomers = fighterIds.filter((id) => !onRoster.has(id));
        if (newcomers.length > 0 && !(await this.takePlaces(trx, sessionId, newcomers.length))) {
          const why = await this.whyNoPlace(trx, sessionId);
          if (why !== 'full') throw new WalkInRollback({ outcome: why });
          const session = await trx
            .selectFrom('training_sessions')
            .select(['capacity', 'attendee_count'])
            .where('id', '=', sessionId)
            .executeTakeFirstOrThrow();
          throw new WalkInRollback({
            outcome: 'full',
            free: session.capacity - session.attendee_count,
            needed: newcomers.length,
          });
        }
        if (newcomers.length > 0) {
          await trx
            .insertInto('session_attendees')
            .values(newcomers.map((fighterId) => ({ session_id: sessionId, fighter_id: fighterId, created_at: now })))
            .execute();
        }
        return { outcome: 'added' as const, added: newcomers.length };
      });
    } catch (error) {
      if (error instanceof WalkInRollback) return error.outcome;
      throw error;
    }
  }

  /** Takes a fighter off the roster and gives the place back. Answers false when they were not on it. */
  async removeAttendee(sessionId: number, fighterId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('session_attendees')
        .where('session_id', '=', sessionId)
        .where('fighter_id', '=', fighterId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return false;
      await trx
        .updateTable('training_sessions')
        .set({ attendee_count: sql<number>`attendee_count - 1` })
        .where('id', '=', sessionId)
        .execute();
      return true;
    });
  }
}
