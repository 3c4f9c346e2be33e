import { z } from 'zod';
import { Fighter, FighterName, IsoDate, LIMITS } from './auth.js';
import { AttendanceBelt, Gender, SessionStatus, TargetLevel } from './enums.js';
import { foldName } from './members.js';
import { message } from './messages.js';
import { Id, IdParam, multiLineText } from './primitives.js';

/** Limits of a training session; the form and the server share them. */
export const SESSION_LIMITS = {
  capacity: { min: 1, max: 200 },
  /** Hours. */
  duration: { min: 1 / 60, max: 12 },
  descriptionMax: 2000,
  attendanceRecordsMax: 200,
  /**
   * Years (in UTC) a session may be held in. A class is planned or recorded within a club's life, so a
   * year outside these is a typo or hostile input; bounding it also keeps every stored date a plain
   * `YYYY-…` text that sorts as a date (a year past 9999 would be written `+010000-…`, year 0 as `-000001-…`).
   */
  trainingYears: { min: 2000, max: 2100 },
  /** The earliest walk-in birthdate; none may be in the future either. */
  earliestBirthdate: '1900-01-01',
} as const;

const { min: FIRST_YEAR, max: LAST_YEAR } = SESSION_LIMITS.trainingYears;

const TRAINING_YEARS_MESSAGE = message('trainingDate.years', { min: FIRST_YEAR, max: LAST_YEAR });

/** `trainingDate` on input: a date-time with an offset whose UTC year is within `SESSION_LIMITS.trainingYears`. */
export const TrainingDate = z.iso.datetime({ offset: true, error: message('trainingDate.format') }).refine((text) => {
  const year = new Date(text).getUTCFullYear();
  // A text that is no date-time at all has its own message above.
  return Number.isNaN(year) || (year >= FIRST_YEAR && year <= LAST_YEAR);
}, TRAINING_YEARS_MESSAGE);

/** The body of `POST` and `PUT /api/trainingsession`. `duration` is in hours and may be fractional. */
export const TrainingSessionInput = z.object({
  trainingDate: TrainingDate,
  description: multiLineText('descriptions').trim().max(SESSION_LIMITS.descriptionMax).default(''),
  capacity: z
    .number({ error: message('capacity.number') })
    .int(message('capacity.whole'))
    .min(SESSION_LIMITS.capacity.min, message('capacity.range', SESSION_LIMITS.capacity))
    .max(SESSION_LIMITS.capacity.max, message('capacity.range', SESSION_LIMITS.capacity)),
  duration: z
    .number({ error: message('duration.number') })
    .min(SESSION_LIMITS.duration.min, message('duration.min'))
    .max(SESSION_LIMITS.duration.max, message('duration.max', { count: SESSION_LIMITS.duration.max })),
  status: SessionStatus.default('Active'),
  targetLevel: TargetLevel,
});
export type TrainingSessionInput = z.input<typeof TrainingSessionInput>;

/**
 * The body of `PUT /api/trainingsession/{id}`: the same as `POST`'s, except that a status left out keeps
 * the stored one (a closed class is not reopened by an edit that does not say so).
 */
export const TrainingSessionUpdate = TrainingSessionInput.extend({ status: SessionStatus.optional() });
export type TrainingSessionUpdate = z.input<typeof TrainingSessionUpdate>;

export const TrainingSession = z.object({
  id: Id,
  /** ISO 8601 in UTC. */
  trainingDate: z.string(),
  description: z.string(),
  capacity: z.number().int(),
  duration: z.number(),
  status: SessionStatus,
  targetLevel: TargetLevel,
  instructorId: Id,
  studentIds: z.array(Id),
  /** Set on a session the weekly schedule created: its recurring class and local date. */
  recurringClassId: Id.optional(),
  occurrenceDate: z.string().optional(),
});
export type TrainingSession = z.infer<typeof TrainingSession>;

export const TrainingSessionDetails = TrainingSession.extend({
  instructor: Fighter,
  students: z.array(Fighter),
  /** The students on the roster who are walk-ins (recorded by the instructor, no account), not check-ins. */
  walkInIds: z.array(Id),
  isCurriculumGenerated: z.boolean(),
  rawFighterPairsJson: z.string().nullable(),
});
export type TrainingSessionDetails = z.infer<typeof TrainingSessionDetails>;

/**
 * Bounds of `GET /api/trainingsession` (docs/decisions/0014-bounded-session-list.md). The answer is
 * always a plain array; when more sessions match, a `Link: <…>; rel="next"` header gives the next page.
 */
export const SESSION_LIST = {
  /** Sessions per answer when a query filters or pages without a `limit`. */
  defaultLimit: 20,
  maxLimit: 100,
  /** The call with no query at all: sessions from the start of the previous UTC day on, soonest first. */
  defaultCallLimit: 100,
  defaultCallDaysBack: 1,
} as const;

export const SessionListOrder = z.enum(['asc', 'desc']);
export type SessionListOrder = z.infer<typeof SessionListOrder>;

/** The position after which the next page starts: the last session of a page, by (trainingDate, id). */
export interface SessionCursor {
  /** ISO 8601 in UTC with milliseconds, as stored. */
  trainingDate: string;
  id: number;
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([1-9]\d{0,14})$/;
const CURSOR_MESSAGE = message('sessionList.cursor');

/** The cursor as it travels. Clients treat it as opaque and pass it back as given. */
export const encodeSessionCursor = (cursor: SessionCursor): string => `${cursor.trainingDate}_${cursor.id}`;

export const SessionCursorParam = z
  .string()
  .max(64, CURSOR_MESSAGE)
  .transform((text, ctx): SessionCursor => {
    const match = CURSOR_PATTERN.exec(text);
    const trainingDate = match?.[1];
    const id = Number(match?.[2]);
    const instant = trainingDate === undefined ? Number.NaN : Date.parse(trainingDate);
    const valid =
      trainingDate !== undefined && !Number.isNaN(instant) && new Date(instant).toISOString() === trainingDate;
    // The id must be one PostgreSQL can compare with its `integer` ids.
    if (!valid || !Id.safeParse(id).success) {
      ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return z.NEVER;
    }
    return { trainingDate, id };
  });

/**
 * A bound of the list; any offset is accepted and the bound is compared in UTC, as stored text. An
 * instant whose UTC year has no four digits would be written `+010000-…` or `-000001-…` and compare
 * wrongly as text, so it is refused.
 */
const ListInstant = (name: 'from' | 'to') =>
  z.iso
    .datetime({ offset: true, error: message('sessionList.instant', { name }) })
    .transform((text) => new Date(text).toISOString())
    .refine((utc) => /^\d{4}-/.test(utc), message('sessionList.instantYears', { name }));

/**
 * The query of `GET /api/trainingsession`. With none of it, the list is the default window (see
 * `SESSION_LIST`). With any of it, exactly what is asked: `from` (inclusive) and `to` (exclusive)
 * bound `trainingDate`, `status` filters, `order` is by (trainingDate, id), ascending unless `desc`,
 * `limit` is 1 to 100 (20 when absent), and `cursor` continues after the page that gave it. Unknown
 * parameters are refused, so a misspelt filter never silently answers everything.
 */
export const SessionListQuery = z
  .strictObject({
    from: ListInstant('from').optional(),
    to: ListInstant('to').optional(),
    status: SessionStatus.optional(),
    order: SessionListOrder.optional(),
    limit: z.coerce
      .number({ error: message('sessionList.limitWhole') })
      .int(message('sessionList.limitWhole'))
      .min(1, message('sessionList.limitRange', { max: SESSION_LIST.maxLimit }))
      .max(SESSION_LIST.maxLimit, message('sessionList.limitRange', { max: SESSION_LIST.maxLimit }))
      .optional(),
    cursor: SessionCursorParam.optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from < query.to, {
    path: ['to'],
    message: message('sessionList.toAfterFrom'),
  });
export type SessionListQuery = z.output<typeof SessionListQuery>;

export const SessionIdParams = z.object({ id: IdParam });
export const RemoveStudentParams = SessionIdParams.extend({ studentId: IdParam });

/** `POST /api/trainingsession/{id}/checkin`: a student checks in only themselves. */
export const CheckInRequest = z.object({
  // Only the caller's own id checks in; another id among them is the server's 403, not a malformed body.
  studentIds: z.array(Id).min(1, message('checkIn.onlyYourself')).max(100),
  sessionId: Id,
});
export type CheckInRequest = z.infer<typeof CheckInRequest>;

const WALK_IN_BIRTHDATE_MESSAGE = message('birthdate.walkIn', { earliest: SESSION_LIMITS.earliestBirthdate });

/**
 * A walk-in's birthdate: a calendar date from `SESSION_LIMITS.earliestBirthdate` to today. Today is
 * taken a day late, so that a date that is already today where the instructor is still passes in UTC.
 */
export const WalkInBirthdate = IsoDate.refine((text) => {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return text >= SESSION_LIMITS.earliestBirthdate && text <= tomorrow;
}, WALK_IN_BIRTHDATE_MESSAGE);

/** One walk-in. None as a belt is shown as Unranked. */
export const AttendanceRecord = z.object({
  fighterName: FighterName,
  birthdate: WalkInBirthdate,
  weight: z
    .number({ error: message('weight.number') })
    .gt(0, message('weight.positive'))
    .max(LIMITS.weightKg.max, message('weight.max', { max: LIMITS.weightKg.max })),
  height: z
    .number({ error: message('height.number') })
    .gt(0, message('height.positive'))
    .max(LIMITS.heightCm.max, message('height.max', { max: LIMITS.heightCm.max })),
  beltColor: AttendanceBelt,
  gender: Gender,
});
export type AttendanceRecord = z.infer<typeof AttendanceRecord>;

export const AttendanceRequest = z.object({
  records: z
    .array(AttendanceRecord)
    .min(1, message('attendance.required'))
    .max(
      SESSION_LIMITS.attendanceRecordsMax,
      message('attendance.tooMany', { count: SESSION_LIMITS.attendanceRecordsMax }),
    ),
});
export type AttendanceRequest = z.infer<typeof AttendanceRequest>;

export const AttendanceResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  updatedSession: TrainingSessionDetails,
});
export type AttendanceResponse = z.infer<typeof AttendanceResponse>;

export const AttendanceFailure = z.object({ success: z.literal(false), message: z.string() });
export type AttendanceFailure = z.infer<typeof AttendanceFailure>;

/**
 * Walk-in names must be unique within one submission, compared as the server matches a walk-in to a
 * member (`foldName`: case, spacing and diacritics ignored). Answers the repeats.
 */
export function duplicateWalkInNames(records: { fighterName: string }[]): string[] {
  const counts = new Map<string, { name: string; count: number }>();
  for (const { fighterName } of records) {
    const name = fighterName.trim().replace(/\s+/g, ' ');
    const entry = counts.get(foldName(name)) ?? { name, count: 0 };
    entry.count += 1;
    counts.set(foldName(name), entry);
  }
  return [...counts.values()].filter((entry) => entry.count > 1).map((entry) => entry.name);
}
