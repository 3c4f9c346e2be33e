import { TargetLevel } from '@openmat/contract/enums';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, RecurringClassesTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { isUniqueViolation } from './db-errors.js';
import type { JobOutboxRepository } from './job-outbox.repository.js';
import { skipOccurrence } from './schedule-skips.js';

export interface RecurringClassFieldsRecord {
  name: string;
  /** ISO weekdays, sorted. */
  weekdays: number[];
  startTime: string;
  durationMinutes: number;
  targetLevel: TargetLevel;
  capacity: number;
  description: string;
}

export interface RecurringClassRecord extends RecurringClassFieldsRecord {
  id: number;
  ownerUserId: number;
  instructorFighterId: number;
  startsOn: string;
  endsOn: string | null;
}

/** A session the schedule created, as the schedule sees it. */
export interface OccurrenceRecord {
  sessionId: number;
  occurrenceDate: string;
  attendeeCount: number;
}

/** One session to create for a class and local date. */
export interface NewOccurrence {
  recurringClass: RecurringClassRecord;
  occurrenceDate: string;
  /** The UTC instant of its start. */
  trainingDate: string;
}

function toRecurringClass(row: Selectable<RecurringClassesTable>): RecurringClassRecord {
  return {
    id: row.id,
    ownerUserId: row.owner_user_id,
    instructorFighterId: row.instructor_fighter_id,
    name: row.name,
    weekdays: row.weekdays.split(',').map(Number),
    startTime: row.start_time,
    durationMinutes: row.duration_minutes,
    targetLevel: TargetLevel.parse(row.target_level),
    capacity: row.capacity,
    description: row.description,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
  };
}

const classColumns = (fields: RecurringClassFieldsRecord) => ({
  name: fields.name,
  weekdays: fields.weekdays.join(','),
  start_time: fields.startTime,
  duration_minutes: fields.durationMinutes,
  target_level: fields.targetLevel,
  capacity: fields.capacity,
  description: fields.description,
});

/** What a session created by the schedule says: the class's name, then its description. */
export const occurrenceDescription = (fields: Pick<RecurringClassFieldsRecord, 'name' | 'description'>) =>
  fields.description ? `${fields.name}\n\n${fields.description}` : fields.name;

/** The recurring classes, their occurrences, deleted occurrences and holidays. */
export class ScheduleRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly outbox: JobOutboxRepository,
  ) {}

  /**
   * Saves a class, with the job that creates its sessions written in the same transaction (the outbox,
   * docs/decisions/0025-job-outbox.md), so that no class waits for a lost job.
   */
  async createClass(
    fields: RecurringClassFieldsRecord,
    startsOn: string,
    ownerUserId: number,
    instructorFighterId: number,
    /** False when the caller moves sessions to the class first and asks for the job after (`requestJob`). */
    withJob = true,
  ): Promise<RecurringClassRecord> {
    const now = this.clock.now().toISOString();
    const row = await this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('recurring_classes')
        .values({
          ...classColumns(fields),
          owner_user_id: ownerUserId,
          instructor_fighter_id: instructorFighterId,
          starts_on: startsOn,
          ends_on: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (withJob) await this.addJob(trx, created.id);
      return created;
    });
    this.outbox.written();
    return toRecurringClass(row);
  }

  private addJob(trx: Transaction<Database>, recurringClassId: number): Promise<void> {
    return this.outbox.add(trx, {
      name: 'schedule.generate',
      payload: { recurringClassId },
      jobKey: `class-${recurringClassId}`,
    });
  }

  /** Writes the class's generation job through the outbox. */
  async requestJob(recurringClassId: number): Promise<void> {
    await this.db.transaction().execute((trx) => this.addJob(trx, recurringClassId));
    this.outbox.written();
  }

  async findClass(id: number): Promise<RecurringClassRecord | undefined> {
    const row = await this.db.selectFrom('recurring_classes').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecurringClass(row);
  }

  /** The classes that still run on or after `today` (a local date). */
  async currentClasses(today: string, id?: number): Promise<RecurringClassRecord[]> {
    let query = this.db
      .selectFrom('recurring_classes')
      .selectAll()
      .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]));
    if (id !== undefined) query = query.where('id', '=', id);
    const rows = await query.orderBy('start_time').orderBy('id').execute();
    return rows.map(toRecurringClass);
  }

  /** Whether any class runs on or after `today`. */
  async anyCurrentClass(today: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('recurring_classes')
      .select('id')
      .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ends a class the day before `from`; the change goes on as a new class from `from`. */
  /**
   * "This session and the following ones" as one step: the class ends on `lastDay` and its successor
   * (new fields, from `from` to the class's own end) is created, with the dates deleted one by one from
   * `from` on. Only while the class still ends where `current` says: of two changes made at once (a
   * double click, two tabs) one wins, and the other answers null, having changed nothing. The
   * successor's job is asked for later (`requestJob`), once its sessions were moved over.
   *
   * Its sessions from `from` on that were changed on their own go to the successor as they are, in the
   * same step, so that no job can create their dates again under the successor's key; only
   * `followingSessionId`, the session the change was made from, is left to follow the change.
   */
  async supersedeClass(
    current: RecurringClassRecord,
    fields: RecurringClassFieldsRecord,
    from: string,
    lastDay: string,
    followingSessionId?: number,
  ): Promise<RecurringClassRecord | null> {
    const now = this.clock.now().toISOString();
    const row = await this.db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('recurring_classes')
        .set({ ends_on: lastDay, updated_at: now })
        .where('id', '=', current.id)
        .where((eb) => (current.endsOn === null ? eb('ends_on', 'is', null) : eb('ends_on', '=', current.endsOn)))
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) === 0) return null;
      const created = await trx
        .insertInto('recurring_classes')
        .values({
          ...classColumns(fields),
          owner_user_id: current.ownerUserId,
          instructor_fighter_id: current.instructorFighterId,
          starts_on: from,
          ends_on: current.endsOn,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const skipped = await trx
        .selectFrom('schedule_skips')
        .select('occurrence_date')
        .where('recurring_class_id', '=', current.id)
        .where('occurrence_date', '>=', from)
        .execute();
      if (skipped.length > 0) {
        await trx
          .insertInto('schedule_skips')
          .values(
            skipped.map((skip) => ({
              recurring_class_id: created.id,
              occurrence_date: skip.occurrence_date,
              created_at: now,
            })),
          )
          .execute();
      }
      let detached = trx
        .updateTable('training_sessions')
        .set({ recurring_class_id: created.id })
        .where('recurring_class_id', '=', current.id)
        .where('occurrence_date', '>=', from)
        .where('detached', '=', 1);
      if (followingSessionId !== undefined) detached = detached.where('id', '!=', followingSessionId);
      await detached.execute();
      return created;
    });
    return row && toRecurringClass(row);
  }

  async endClass(id: number, lastDay: string): Promise<void> {
    await this.db
      .updateTable('recurring_classes')
      .set({ ends_on: lastDay, updated_at: this.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async deleteClass(id: number): Promise<void> {
    await this.db.deleteFrom('recurring_classes').where('id', '=', id).execute();
  }

  /** The class's sessions from the local date `from` on. */
  async occurrencesFrom(classId: number, from: string): Promise<OccurrenceRecord[]> {
    const rows = await this.db
      .selectFrom('training_sessions')
      .select(['id', 'occurrence_date', 'attendee_count'])
      .where('recurring_class_id', '=', classId)
      .where('occurrence_date', '>=', from)
      .orderBy('occurrence_date')
      .execute();
    return rows.map((row) => ({
      sessionId: row.id,
      occurrenceDate: row.occurrence_date ?? from,
      attendeeCount: row.attendee_count,
    }));
  }

  /**
   * The class's sessions that have not started at `now` (an ISO instant), by when they run: a session
   * moved on its own counts where it now is, not by the date it was created for.
   */
  async comingSessions(classId: number, now: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('training_sessions')
      .select('id')
      .where('recurring_class_id', '=', classId)
      .where('training_date', '>=', now)
      .orderBy('training_date')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Local dates of the class that were deleted one by one and stay deleted. */
  async skippedDates(classId: number, from: string, to: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('schedule_skips')
      .select('occurrence_date')
      .where('recurring_class_id', '=', classId)
      .where('occurrence_date', '>=', from)
      .where('occurrence_date', '<=', to)
      .execute();
    return new Set(rows.map((row) => row.occurrence_date));
  }

  /**
   * Creates the session of a class on a local date unless it exists: the unique key
   * (recurring_class_id, occurrence_date) makes a second insert, from this worker or another, do
   * nothing. Answers the new session's id, or null when it existed.
   */
  async createOccurrence({ recurringClass, occurrenceDate, trainingDate }: NewOccurrence): Promise<number | null> {
    const now = this.clock.now().toISOString();
    const result = await this.db
      .insertInto('training_sessions')
      .values({
        owner_user_id: recurringClass.ownerUserId,
        instructor_fighter_id: recurringClass.instructorFighterId,
        training_date: trainingDate,
        description: occurrenceDescription(recurringClass),
        capacity: recurringClass.capacity,
        duration: recurringClass.durationMinutes / 60,
        status: 'Active',
        target_level: recurringClass.targetLevel,
        recurring_class_id: recurringClass.id,
        occurrence_date: occurrenceDate,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['recurring_class_id', 'occurrence_date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return result?.id ?? null;
  }

  /**
   * Moves an existing session to a class's new fields (and to `classId`), keeping its roster; the
   * capacity never drops below the roster already there. Answers 'taken' when the class already has a
   * session on that date (created by a job that ran meanwhile), and 'detached' when the session was
   * changed on its own (and `evenIfDetached` is false); then it changes nothing. A session reshaped
   * follows its class again.
   */
  async reshapeOccurrence(
    sessionId: number,
    occurrence: NewOccurrence,
    evenIfDetached = false,
  ): Promise<'moved' | 'taken' | 'detached'> {
    const { recurringClass } = occurrence;
    const current = await this.db
      .selectFrom('training_sessions')
      .select('attendee_count')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    try {
      let update = this.db
        .updateTable('training_sessions')
        .set({
          training_date: occurrence.trainingDate,
          description: occurrenceDescription(recurringClass),
          capacity: Math.max(recurringClass.capacity, current?.attendee_count ?? 0),
          duration: recurringClass.durationMinutes / 60,
          target_level: recurringClass.targetLevel,
          recurring_class_id: recurringClass.id,
          occurrence_date: occurrence.occurrenceDate,
          detached: 0,
          updated_at: this.clock.now().toISOString(),
        })
        .where('id', '=', sessionId);
      if (!evenIfDetached) update = update.where('detached', '=', 0);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? 'moved' : 'detached';
    } catch (error) {
      // The job created the new class's session of that date first: this one cannot become it.
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  /**
   * Gives a session changed on its own to the class that follows its own, as it is. Answers false when
   * that class has a session on its date already (created by a job meanwhile) and the session stays.
   */
  async handOver(sessionId: number, classId: number): Promise<boolean> {
    try {
      await this.db
        .updateTable('training_sessions')
        .set({ recurring_class_id: classId })
        .where('id', '=', sessionId)
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Deletes the session if nobody is on its roster (checked in the statement); answers whether it did. */
  /**
   * Deletes a class's session while nobody checked in, unless a change moved it to another class (one whose
   * class was deleted meanwhile has none, and goes too).
   */
  async deleteOccurrenceIfEmpty(sessionId: number, classId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('training_sessions')
      .where('id', '=', sessionId)
      .where((eb) => eb.or([eb('recurring_class_id', '=', classId), eb('recurring_class_id', 'is', null)]))
      .where('attendee_count', '=', 0)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async deleteIfEmpty(sessionId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('training_sessions')
      .where('id', '=', sessionId)
      .where('attendee_count', '=', 0)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * Deletes, while nobody checked in, a session that was moved on its own away from the date it was
   * created for, and skips that date for good in the same transaction: the job never creates it again.
   */
  async deleteMovedIfEmpty(sessionId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('training_sessions')
        .where('id', '=', sessionId)
        .where('attendee_count', '=', 0)
        .returning(['recurring_class_id', 'occurrence_date'])
        .executeTakeFirst();
      if (!deleted) return false;
      if (deleted.recurring_class_id !== null && deleted.occurrence_date !== null) {
        await skipOccurrence(
          trx,
          { recurringClassId: deleted.recurring_class_id, occurrenceDate: deleted.occurrence_date },
          this.clock.now(),
        );
      }
      return true;
    });
  }

  async holidays(): Promise<{ id: number; date: string; name: string }[]> {
    const rows = await this.db
      .selectFrom('schedule_holidays')
      .select(['id', 'holiday_date', 'name'])
      .orderBy('holiday_date')
      .execute();
    return rows.map((row) => ({ id: row.id, date: row.holiday_date, name: row.name }));
  }

  async holidayDates(from: string, to: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('schedule_holidays')
      .select('holiday_date')
      .where('holiday_date', '>=', from)
      .where('holiday_date', '<=', to)
      .execute();
    return new Set(rows.map((row) => row.holiday_date));
  }

  /** Adds the holiday; answers undefined when the date is a holiday already. */
  async addHoliday(
    date: string,
    name: string,
    userId: number,
  ): Promise<{ id: number; date: string; name: string } | undefined> {
    const row = await this.db
      .insertInto('schedule_holidays')
      .values({ holiday_date: date, name, created_by_user_id: userId, created_at: this.clock.now().toISOString() })
      .onConflict((oc) => oc.column('holiday_date').doNothing())
      .returning(['id', 'holiday_date', 'name'])
      .executeTakeFirst();
    return row && { id: row.id, date: row.holiday_date, name: row.name };
  }

  /**
   * The sessions the schedule created that take place from `start` (inclusive) to `end` (exclusive),
   * UTC instants: those of a local day wherever they were created, one moved there on its own included.
   */
  async occurrencesBetween(start: string, end: string): Promise<OccurrenceRecord[]> {
    const rows = await this.db
      .selectFrom('training_sessions')
      .select(['id', 'occurrence_date', 'attendee_count'])
      .where('recurring_class_id', 'is not', null)
      .where('training_date', '>=', start)
      .where('training_date', '<', end)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      sessionId: row.id,
      occurrenceDate: row.occurrence_date ?? '',
      attendeeCount: row.attendee_count,
    }));
  }

  async deleteHoliday(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('schedule_holidays').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
