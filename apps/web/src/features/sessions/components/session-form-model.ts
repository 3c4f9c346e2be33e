import type { FieldMessage } from '@/components/forms/use-validated-form';
import { hoursToMinutes, minutesToHours } from '@openmat/contract/helpers/duration';
import { TargetLevel, type SessionStatus } from '@openmat/contract/enums';
import { SESSION_LIMITS, type TrainingSessionDetails, type TrainingSessionInput } from '@openmat/contract/sessions';

/** The target levels in the order the select lists them. */
export const TARGET_LEVELS = TargetLevel.options;

/** The level a new session starts with. */
export const DEFAULT_TARGET_LEVEL: TargetLevel = 'Beginner';

/** Minutes a session may last, as the form shows them (the server stores hours). */
export const DURATION_MINUTES = {
  min: hoursToMinutes(SESSION_LIMITS.duration.min),
  max: hoursToMinutes(SESSION_LIMITS.duration.max),
} as const;

/** What the inputs hold: text, as typed, so that an empty field stays empty. */
export interface SessionFormValues {
  /** `YYYY-MM-DDTHH:mm` in local time, the value of a datetime-local input. */
  trainingDate: string;
  capacity: string;
  /** Minutes. */
  duration: string;
  targetLevel: TargetLevel;
  description: string;
}

export type SessionFormField = 'trainingDate' | 'capacity' | 'duration';

export type SessionFormErrors = Partial<Record<SessionFormField, FieldMessage>>;

/** The checked fields, in the order they appear on the form. */
export const VALIDATED_FIELDS: readonly SessionFormField[] = ['trainingDate', 'capacity', 'duration'];

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Parses a datetime-local value as local time; null when it is not a full date and time. */
export function parseLocalInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const parts = match.slice(1, 7).map((part) => (part === undefined ? 0 : Number(part)));
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = parts;
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // Reject dates the calendar does not have (31 April rolls over into May).
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** An ISO 8601 date-time with the local offset, such as `2025-03-15T18:30:00-03:00`. */
export function toOffsetIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** A number typed into a field; null when the field is empty or holds no number. */
function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function emptySessionValues(): SessionFormValues {
  return { trainingDate: '', capacity: '', duration: '', targetLevel: DEFAULT_TARGET_LEVEL, description: '' };
}

/** The form's values for an existing session: local date and time, duration in minutes. */
export function sessionValues(session: TrainingSessionDetails): SessionFormValues {
  return {
    trainingDate: toLocalInputValue(session.trainingDate),
    capacity: String(session.capacity),
    duration: String(hoursToMinutes(session.duration)),
    targetLevel: session.targetLevel,
    description: session.description,
  };
}

/** Spec section 5: training date, capacity and duration are required, within the shared limits. */
export function validateSessionForm(values: SessionFormValues): SessionFormErrors {
  const errors: SessionFormErrors = {};
  if (values.trainingDate.trim() === '' || parseLocalInputValue(values.trainingDate) === null) {
    errors.trainingDate = { key: 'sessions.form.errors.trainingDateRequired' };
  }

  const capacity = parseNumber(values.capacity);
  if (values.capacity.trim() === '') {
    errors.capacity = { key: 'sessions.form.errors.capacityRequired' };
  } else if (
    capacity === null ||
    !Number.isInteger(capacity) ||
    capacity < SESSION_LIMITS.capacity.min ||
    capacity > SESSION_LIMITS.capacity.max
  ) {
    errors.capacity = { key: 'sessions.form.errors.capacityRange', values: { ...SESSION_LIMITS.capacity } };
  }

  const duration = parseNumber(values.duration);
  if (values.duration.trim() === '') {
    errors.duration = { key: 'sessions.form.errors.durationRequired' };
  } else if (duration === null || duration < DURATION_MINUTES.min || duration > DURATION_MINUTES.max) {
    errors.duration = { key: 'sessions.form.errors.durationRange', values: { ...DURATION_MINUTES } };
  }
  return errors;
}

/**
 * The body of the create or update call, or null when the values do not pass `validateSessionForm`.
 * The date goes with the local offset, the duration in hours.
 */
export function sessionInput(values: SessionFormValues, status: SessionStatus): TrainingSessionInput | null {
  const date = parseLocalInputValue(values.trainingDate);
  const capacity = parseNumber(values.capacity);
  const minutes = parseNumber(values.duration);
  if (date === null || capacity === null || minutes === null) return null;
  return {
    trainingDate: toOffsetIso(date),
    description: values.description.trim(),
    capacity,
    duration: minutesToHours(minutes),
    status,
    targetLevel: values.targetLevel,
  };
}
