import { z } from 'zod';
import { IsoDate } from './auth.js';
import { TargetLevel } from './enums.js';
import { message } from './messages.js';
import { Id, IdParam, multiLineText, singleLineText } from './primitives.js';
import { SESSION_LIMITS } from './sessions.js';

/** Limits of a recurring class; the form and the server share them. */
export const SCHEDULE_LIMITS = {
  nameMax: 80,
  durationMinutes: { min: 5, max: 12 * 60 },
  holidayNameMax: 80,
} as const;

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const Weekday = z.number().int().min(1).max(7);
export type Weekday = z.infer<typeof Weekday>;

/** A wall-clock time in the academy's zone, "HH:MM". */
export const StartTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, message('schedule.startTime'));

const durationRange = { min: SCHEDULE_LIMITS.durationMinutes.min, max: SCHEDULE_LIMITS.durationMinutes.max };

/** The body of `POST /api/schedule/classes`: "Gi Fundamentals, Mon and Wed 18:00, 60 min, Beginner, 24". */
export const RecurringClassInput = z.object({
  name: singleLineText('names').trim().min(1, message('schedule.nameRequired')).max(SCHEDULE_LIMITS.nameMax),
  weekdays: z
    .array(Weekday, { error: message('schedule.weekdays') })
    .min(1, message('schedule.weekdays'))
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  startTime: StartTime,
  durationMinutes: z
    .number({ error: message('schedule.durationMinutes', durationRange) })
    .int(message('schedule.durationMinutes', durationRange))
    .min(durationRange.min, message('schedule.durationMinutes', durationRange))
    .max(durationRange.max, message('schedule.durationMinutes', durationRange)),
  targetLevel: TargetLevel,
  capacity: z
    .number({ error: message('capacity.number') })
    .int(message('capacity.whole'))
    .min(SESSION_LIMITS.capacity.min, message('capacity.range', SESSION_LIMITS.capacity))
    .max(SESSION_LIMITS.capacity.max, message('capacity.range', SESSION_LIMITS.capacity)),
  description: multiLineText('descriptions').trim().max(SESSION_LIMITS.descriptionMax).default(''),
  /** The first local date the class runs on (default: today in the academy's zone). */
  startsOn: IsoDate.optional(),
});
export type RecurringClassInput = z.input<typeof RecurringClassInput>;
export type RecurringClassFields = z.output<typeof RecurringClassInput>;

/**
 * The body of `PUT /api/schedule/classes/{id}`: the class's new fields for "this session and the
 * following ones", from the occurrence `from` (a local date; default: today). "This session only" is
 * `PUT /api/trainingsession/{id}` on the one session; a session changed so keeps its changes when the
 * class changes later, except `sessionId`, the session the change is made from, which follows it.
 */
export const RecurringClassUpdate = RecurringClassInput.omit({ startsOn: true }).extend({
  from: IsoDate.optional(),
  sessionId: Id.optional(),
});
export type RecurringClassUpdate = z.input<typeof RecurringClassUpdate>;

export const RecurringClass = z.object({
  id: Id,
  name: z.string(),
  weekdays: z.array(Weekday),
  startTime: z.string(),
  durationMinutes: z.number().int(),
  targetLevel: TargetLevel,
  capacity: z.number().int(),
  description: z.string(),
  instructorId: Id,
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** The academy's time zone the start time is in. */
  timeZone: z.string(),
});
export type RecurringClass = z.infer<typeof RecurringClass>;

/** What an edit of "this and the following ones" did: sessions with check-ins are kept as they were. */
export const RecurringClassChange = z.object({
  recurringClass: RecurringClass,
  /** Sessions that could not follow the change because members had checked in; they stay as they were. */
  keptSessionIds: z.array(Id),
});
export type RecurringClassChange = z.infer<typeof RecurringClassChange>;

export const RecurringClassParams = z.object({ id: IdParam });

export const HolidayInput = z.object({
  date: IsoDate,
  name: singleLineText('names').trim().max(SCHEDULE_LIMITS.holidayNameMax).default(''),
});
export type HolidayInput = z.input<typeof HolidayInput>;

export const Holiday = z.object({ id: Id, date: z.string(), name: z.string() });
export type Holiday = z.infer<typeof Holiday>;

/** A holiday added: the sessions of that date without check-ins were removed, those with check-ins kept. */
export const HolidayChange = z.object({
  holiday: Holiday,
  removedSessionIds: z.array(Id),
  keptSessionIds: z.array(Id),
});
export type HolidayChange = z.infer<typeof HolidayChange>;

export const HolidayParams = z.object({ id: IdParam });
