import type {
  Holiday,
  HolidayChange,
  RecurringClass,
  RecurringClassChange,
  RecurringClassFields,
} from '@openmat/contract/schedule';
import { DateTime } from 'luxon';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { msg } from '../i18n/catalog.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Principal } from '../lib/principal.js';
import type {
  NewOccurrence,
  RecurringClassFieldsRecord,
  RecurringClassRecord,
  ScheduleRepository,
} from '../repositories/schedule.repository.js';
import type { JobQueue } from './job-queue.js';

export interface ScheduleSettings {
  /** The academy's IANA zone: start times are wall-clock times there, across DST changes. */
  timeZone: string;
  /** Weeks of sessions created ahead. */
  weeksAhead: number;
}

/** Local dates (YYYY-MM-DD) compare as text; these step them in the calendar. */
const addDays = (date: string, days: number) =>
  DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() ?? date;
const isoWeekday = (date: string) => DateTime.fromISO(date, { zone: 'UTC' }).weekday;

/**
 * The weekly schedule (docs/decisions/0031-weekly-schedule.md): recurring classes, and the job that
 * creates their sessions for the coming weeks. The job is idempotent: each session has the unique
 * key (class, local date), so running it twice, or in two workers at once, creates each session once.
 */
export class ScheduleService {
  constructor(
    private readonly schedule: ScheduleRepository,
    private readonly jobs: JobQueue,
    private readonly settings: ScheduleSettings,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Today in the academy's zone. */
  today(): string {
    return DateTime.fromJSDate(this.clock.now(), { zone: this.settings.timeZone }).toISODate() ?? '';
  }

  /** The UTC instant of a wall-clock time on a local date in the academy's zone. */
  startOf(date: string, startTime: string): string {
    return DateTime.fromISO(`${date}T${startTime}`, { zone: this.settings.timeZone }).toUTC().toJSDate().toISOString();
  }

  private toDto(record: RecurringClassRecord): RecurringClass {
    return {
      id: record.id,
      name: record.name,
      weekdays: record.weekdays,
      startTime: record.startTime,
      durationMinutes: record.durationMinutes,
      targetLevel: record.targetLevel,
      capacity: record.capacity,
      description: record.description,
      instructorId: record.instructorFighterId,
      startsOn: record.startsOn,
      endsOn: record.endsOn,
      timeZone: this.settings.timeZone,
    };
  }

  async list(): Promise<RecurringClass[]> {
    return (await this.schedule.currentClasses(this.today())).map((record) => this.toDto(record));
  }

  async create(principal: Principal, input: RecurringClassFields): Promise<RecurringClass> {
    if (principal.fighterId === null) throw forbidden(msg('session.profileFirst'));
    const { startsOn, ...fields } = input;
    const created = await this.schedule.createClass(
      fields,
      startsOn ?? this.today(),
      principal.userId,
      principal.fighterId,
    );
    return this.toDto(created);
  }

  private async owned(principal: Principal, id: number): Promise<RecurringClassRecord> {
    const found = await this.schedule.findClass(id);
    if (!found) throw notFound(msg('schedule.notFound', { id }));
    if (found.ownerUserId !== principal.userId) throw forbidden(msg('schedule.onlyOwner'));
    return found;
  }

  /**
   * "This session and the following ones": the class ends the day before `from`, and a new class
   * with the new fields runs from `from`. Its sessions already created from then on follow the change
   * where the new class has that date; one it no longer has is removed if nobody checked in, and kept
   * as it was (and named in the answer) if somebody did. A session changed on its own ("This session
   * only") keeps its changes and goes to the new class as it is, unless it is `sessionId`, the session
   * the change was made from: that one follows the change.
   */
  async update(
    principal: Principal,
    id: number,
    input: Omit<RecurringClassFields, 'startsOn'> & { from?: string | undefined; sessionId?: number | undefined },
  ): Promise<RecurringClassChange> {
    const current = await this.owned(principal, id);
    const today = this.today();
    const from = [input.from ?? today, current.startsOn, today].reduce((a, b) => (a > b ? a : b));
    if (current.endsOn !== null && from > current.endsOn) throw conflict(msg('schedule.ended'));
    const { from: _from, sessionId, ...fields } = input;
    // The old class ends the day before (a class changed before its first day never runs at all) and its
    // successor starts, in one step that only one of two changes made at once can take; dates deleted one
    // by one stay deleted under the successor. Ended before its sessions are moved, so that a job creating
    // them meanwhile sees it ended or is moved too; the new class's job is asked for once its sessions were
    // moved over, so that it cannot create them twice.
    const successor = await this.schedule.supersedeClass(current, fields, from, addDays(from, -1), sessionId);
    if (!successor) throw conflict(msg('schedule.changedMeanwhile'));
    const kept: number[] = [];
    for (const occurrence of await this.schedule.occurrencesFrom(current.id, from)) {
      const named = occurrence.sessionId === sessionId;
      const outcome = this.runsOn(successor, occurrence.occurrenceDate)
        ? await this.schedule.reshapeOccurrence(
            occurrence.sessionId,
            this.occurrence(successor, occurrence.occurrenceDate),
            named,
          )
        : 'taken';
      if (outcome === 'moved') continue;
      // Changed on its own after supersedeClass handed over the others: it stays as it is, too.
      if (outcome === 'detached') {
        if (await this.schedule.handOver(occurrence.sessionId, successor.id)) continue;
      }
      if (!(await this.schedule.deleteIfEmpty(occurrence.sessionId))) kept.push(occurrence.sessionId);
    }
    await this.schedule.requestJob(successor.id);
    return { recurringClass: this.toDto(successor), keptSessionIds: kept };
  }

  /**
   * Ends the class: its sessions still to come (by when they run, a session moved on its own where it now
   * is) go without check-ins, those with check-ins stay; one that has started is held and stays.
   */
  async delete(principal: Principal, id: number): Promise<{ keptSessionIds: number[] }> {
    const current = await this.owned(principal, id);
    const today = this.today();
    // Ended first, so that a job creating its sessions meanwhile either sees it ended or is swept below.
    await this.schedule.endClass(current.id, addDays(today, -1));
    const kept: number[] = [];
    for (const sessionId of await this.schedule.comingSessions(current.id, this.clock.now().toISOString())) {
      if (!(await this.schedule.deleteIfEmpty(sessionId))) kept.push(sessionId);
    }
    await this.schedule.deleteClass(current.id);
    return { keptSessionIds: kept };
  }

  async holidays(): Promise<Holiday[]> {
    return this.schedule.holidays();
  }

  /**
   * A holiday: no class runs on that date. The sessions of the schedule that take place on it are removed
   * when nobody checked in, and kept (and named in the answer) when somebody did. That is the day a session
   * takes place: one moved there on its own ("This session only") goes, and its original date is skipped
   * for good; one moved away from it stays.
   */
  async addHoliday(principal: Principal, input: { date: string; name: string }): Promise<HolidayChange> {
    // A day gone by has no class to skip: taken silently, it looked as if it had done something.
    if (input.date < this.today()) {
      const refusal = msg('schedule.holidayPast', { date: input.date });
      throw badRequest(refusal, { date: [refusal] });
    }
    const holiday = await this.schedule.addHoliday(input.date, input.name, principal.userId);
    if (!holiday) {
      const refusal = msg('schedule.holidayExists', { date: input.date });
      throw badRequest(refusal, { date: [refusal] });
    }
    const removed: number[] = [];
    const kept: number[] = [];
    const start = this.startOf(input.date, '00:00');
    const end = this.startOf(addDays(input.date, 1), '00:00');
    for (const occurrence of await this.schedule.occurrencesBetween(start, end)) {
      const gone =
        occurrence.occurrenceDate === input.date
          ? await this.schedule.deleteIfEmpty(occurrence.sessionId)
          : await this.schedule.deleteMovedIfEmpty(occurrence.sessionId);
      (gone ? removed : kept).push(occurrence.sessionId);
    }
    return { holiday, removedSessionIds: removed, keptSessionIds: kept };
  }

  /** The date is a working day again; its sessions come back with the next run of the job. */
  async deleteHoliday(id: number): Promise<void> {
    if (!(await this.schedule.deleteHoliday(id))) throw notFound(msg('schedule.holidayNotFound', { id }));
    await this.requestGeneration();
  }

  /** The daily run: queued only when some class still runs, so an academy without a schedule has no job. */
  async requestDailyGeneration(): Promise<void> {
    if (await this.schedule.anyCurrentClass(this.today())) await this.requestGeneration();
  }

  /** Hands the generation to the background job (once per class while one waits). */
  async requestGeneration(recurringClassId?: number): Promise<void> {
    await this.jobs.enqueue('schedule.generate', recurringClassId === undefined ? {} : { recurringClassId }, {
      jobKey: recurringClassId === undefined ? 'all' : `class-${recurringClassId}`,
    });
  }

  private runsOn(
    recurringClass: RecurringClassFieldsRecord & { startsOn: string; endsOn: string | null },
    date: string,
  ) {
    return (
      date >= recurringClass.startsOn &&
      (recurringClass.endsOn === null || date <= recurringClass.endsOn) &&
      recurringClass.weekdays.includes(isoWeekday(date))
    );
  }

  private occurrence(recurringClass: RecurringClassRecord, date: string): NewOccurrence {
    return { recurringClass, occurrenceDate: date, trainingDate: this.startOf(date, recurringClass.startTime) };
  }

  /**
   * The job: creates the sessions of the coming `weeksAhead` weeks that do not exist yet, for one class
   * or for all, skipping holidays and occurrences deleted one by one. Answers how many it created.
   */
  async generate(recurringClassId?: number): Promise<number> {
    const today = this.today();
    const last = addDays(today, this.settings.weeksAhead * 7 - 1);
    const holidays = await this.schedule.holidayDates(today, last);
    let created = 0;
    for (const recurringClass of await this.schedule.currentClasses(today, recurringClassId)) {
      const first = recurringClass.startsOn > today ? recurringClass.startsOn : today;
      const end = recurringClass.endsOn !== null && recurringClass.endsOn < last ? recurringClass.endsOn : last;
      if (first > end) continue;
      const skipped = await this.schedule.skippedDates(recurringClass.id, first, end);
      const made: Array<{ sessionId: number; date: string }> = [];
      for (let date = first; date <= end; date = addDays(date, 1)) {
        if (!recurringClass.weekdays.includes(isoWeekday(date)) || holidays.has(date) || skipped.has(date)) continue;
        const sessionId = await this.schedule.createOccurrence(this.occurrence(recurringClass, date));
        if (sessionId !== null) made.push({ sessionId, date });
      }
      created += made.length - (await this.withdrawOverruled(recurringClass.id, made, today, first, end));
    }
    return created;
  }

  /**
   * The job read the holidays, skips and class before creating its sessions; a request may have changed
   * them meanwhile (a holiday added, an occurrence deleted, the class ended), and its own sweep of the
   * sessions may have run before these were written. Each side writes first and reads after, so one of
   * them sees the other: here the job reads them again and removes, while nobody has checked in, what
   * it created on a date that no longer runs. Answers how many it removed.
   */
  private async withdrawOverruled(
    classId: number,
    made: ReadonlyArray<{ sessionId: number; date: string }>,
    today: string,
    first: string,
    end: string,
  ): Promise<number> {
    if (made.length === 0) return 0;
    const [now] = await this.schedule.currentClasses(today, classId);
    const holidays = await this.schedule.holidayDates(first, end);
    const skipped = await this.schedule.skippedDates(classId, first, end);
    let removed = 0;
    for (const { sessionId, date } of made) {
      const runs = now !== undefined && this.runsOn(now, date) && !holidays.has(date) && !skipped.has(date);
      // A session a change moved to the class that follows is that class's now, and stays.
      if (!runs && (await this.schedule.deleteOccurrenceIfEmpty(sessionId, classId))) removed += 1;
    }
    return removed;
  }
}
