import { z } from 'zod';
import { Fighter, FighterName, IsoDate, LIMITS } from './auth.js';
import { AttendanceBelt, Gender, SessionStatus, TargetLevel } from './enums.js';

/** Limits of a training session; the form and the server share them. */
export const SESSION_LIMITS = {
  capacity: { min: 1, max: 200 },
  /** Hours. */
  duration: { min: 1 / 60, max: 12 },
  descriptionMax: 2000,
  attendanceRecordsMax: 200,
} as const;

const Id = z.number().int().positive();

/** The body of `POST` and `PUT /api/trainingsession`. `duration` is in hours and may be fractional. */
export const TrainingSessionInput = z.object({
  trainingDate: z.iso.datetime({ offset: true, error: 'trainingDate must be a date-time with an offset.' }),
  description: z.string().trim().max(SESSION_LIMITS.descriptionMax).default(''),
  capacity: z
    .number({ error: 'Capacity must be a number.' })
    .int('Capacity is a whole number of people.')
    .min(
      SESSION_LIMITS.capacity.min,
      `Capacity must be between ${SESSION_LIMITS.capacity.min} and ${SESSION_LIMITS.capacity.max}.`,
    )
    .max(
      SESSION_LIMITS.capacity.max,
      `Capacity must be between ${SESSION_LIMITS.capacity.min} and ${SESSION_LIMITS.capacity.max}.`,
    ),
  duration: z
    .number({ error: 'Duration must be a number of hours.' })
    .min(SESSION_LIMITS.duration.min, 'Duration must be at least one minute.')
    .max(SESSION_LIMITS.duration.max, `Duration must be at most ${SESSION_LIMITS.duration.max} hours.`),
  status: SessionStatus.default('Active'),
  targetLevel: TargetLevel,
});
export type TrainingSessionInput = z.input<typeof TrainingSessionInput>;

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
});
export type TrainingSession = z.infer<typeof TrainingSession>;

export const TrainingSessionDetails = TrainingSession.extend({
  instructor: Fighter,
  students: z.array(Fighter),
  isCurriculumGenerated: z.boolean(),
  rawFighterPairsJson: z.string().nullable(),
});
export type TrainingSessionDetails = z.infer<typeof TrainingSessionDetails>;

export const SessionIdParams = z.object({ id: z.coerce.number().int().positive() });
export const RemoveStudentParams = SessionIdParams.extend({ studentId: z.coerce.number().int().positive() });

/** `POST /api/trainingsession/{id}/checkin`: a student checks in only themselves. */
export const CheckInRequest = z.object({
  studentIds: z.array(Id).length(1, 'Check in one student: yourself.'),
  sessionId: Id,
});
export type CheckInRequest = z.infer<typeof CheckInRequest>;

/** One walk-in. None as a belt is shown as Unranked. */
export const AttendanceRecord = z.object({
  fighterName: FighterName,
  birthdate: IsoDate,
  weight: z
    .number({ error: 'Weight must be a number.' })
    .gt(0, 'Weight must be above 0.')
    .max(LIMITS.weightKg.max, `Weight must be at most ${LIMITS.weightKg.max} kg.`),
  height: z
    .number({ error: 'Height must be a number.' })
    .gt(0, 'Height must be above 0.')
    .max(LIMITS.heightCm.max, `Height must be at most ${LIMITS.heightCm.max} cm.`),
  beltColor: AttendanceBelt,
  gender: Gender,
});
export type AttendanceRecord = z.infer<typeof AttendanceRecord>;

export const AttendanceRequest = z.object({
  records: z
    .array(AttendanceRecord)
    .min(1, 'Please enter at least one valid record')
    .max(SESSION_LIMITS.attendanceRecordsMax, `At most ${SESSION_LIMITS.attendanceRecordsMax} records at once.`),
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

/** Walk-in names must be unique within one submission (case and spacing ignored). Answers the repeats. */
export function duplicateWalkInNames(records: { fighterName: string }[]): string[] {
  const counts = new Map<string, { name: string; count: number }>();
  for (const { fighterName } of records) {
    const name = fighterName.trim().replace(/\s+/g, ' ');
    const entry = counts.get(name.toLowerCase()) ?? { name, count: 0 };
    entry.count += 1;
    counts.set(name.toLowerCase(), entry);
  }
  return [...counts.values()].filter((entry) => entry.count > 1).map((entry) => entry.name);
}
