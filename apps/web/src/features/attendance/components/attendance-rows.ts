import { isoDay } from '@/lib/iso-day';
import { parseDecimal } from '@/lib/parse-decimal';
import { IsoDate, LIMITS } from '@openmat/contract/auth';
import { foldName } from '@openmat/contract/members';
import { SESSION_LIMITS, type AttendanceRecord } from '@openmat/contract/sessions';
import { isEmptyRow, type AttendanceRow, type TextField } from '@/features/attendance/stores/attendance-store';

/** Rows the grid shows when the session's capacity is unknown. */
export const DEFAULT_ROW_COUNT = 10;
/** Empty rows that may be edited at once: the grid keeps at most two blank rows open. */
export const MAX_EDITABLE_EMPTY_ROWS = 2;

export function blankRow(): AttendanceRow {
  return { fighterName: '', birthdate: '', weight: '', height: '', beltColor: 'None', gender: 'Male' };
}

/** The session's capacity, or 10 when it is unknown; never more than one request may carry. */
export function rowCount(capacity: number | null): number {
  if (capacity === null || !Number.isInteger(capacity) || capacity < 1) return DEFAULT_ROW_COUNT;
  return Math.min(capacity, SESSION_LIMITS.attendanceRecordsMax);
}

/**
 * The rows to show: the saved draft padded with blank rows up to `count`. A draft longer than `count`
 * (the capacity went down since) loses only empty rows from its end, never typed data.
 */
export function rowsFor(draft: AttendanceRow[] | undefined, count: number): AttendanceRow[] {
  const rows = [...(draft ?? [])];
  while (rows.length < count) rows.push(blankRow());
  while (rows.length > count) {
    const last = rows.at(-1);
    if (!last || !isEmptyRow(last)) break;
    rows.pop();
  }
  return rows;
}

/**
 * Which rows may be edited. Rows with data always may. Of the empty rows only the first two may; the
 * later empty rows are shown disabled (not hidden) and unlock one by one as earlier rows get data.
 * Showing them keeps the grid's size equal to the session's capacity, so the instructor sees how many
 * places there are, and disabled inputs drop out of the tab order, so the keyboard only visits rows
 * that can take a value.
 *
 * `pinned` is the row that holds the focus. When the user erases a row while typing in it, that row
 * may turn into the third empty one: it stays editable (and takes one of the two places) instead of
 * being disabled under the user's cursor, which would throw the focus out of the grid.
 */
export function editableRows(rows: AttendanceRow[], pinned: number | null = null): boolean[] {
  const pinnedRow = pinned === null ? undefined : rows[pinned];
  let places = MAX_EDITABLE_EMPTY_ROWS - (pinnedRow && isEmptyRow(pinnedRow) ? 1 : 0);
  return rows.map((row, index) => {
    if (!isEmptyRow(row) || index === pinned) return true;
    if (places <= 0) return false;
    places -= 1;
    return true;
  });
}

/** A reason a row with data cannot be sent: the field it concerns and its translation key. */
export interface RowIssue {
  field: TextField;
  key: string;
  values?: Record<string, number>;
}

export type RowCheck =
  { kind: 'empty' } | { kind: 'valid'; record: AttendanceRecord } | { kind: 'invalid'; issues: RowIssue[] };

/**
 * A weight or height as typed: required, a number above 0, and plausible for a person (the limits of
 * registration: 15 to 300 kg, 50 to 250 cm). The grid checks its rows on every keystroke, so an
 * implausible figure is refused as it is typed.
 */
function measureIssues(
  field: 'weight' | 'height',
  text: string,
  { min, max }: { readonly min: number; readonly max: number },
): { value: number; issues: RowIssue[] } {
  const value = parseDecimal(text);
  if (text.trim() === '') return { value, issues: [{ field, key: `attendance.errors.${field}Required` }] };
  if (!Number.isFinite(value) || value <= 0) {
    return { value, issues: [{ field, key: `attendance.errors.${field}Positive` }] };
  }
  if (value > max) return { value, issues: [{ field, key: `attendance.errors.${field}Max`, values: { max } }] };
  if (value < min) return { value, issues: [{ field, key: `attendance.errors.${field}Min`, values: { min } }] };
  return { value, issues: [] };
}

function birthdateIssues(text: string, today: string): RowIssue[] {
  const field = 'birthdate';
  if (text.trim() === '') return [{ field, key: 'attendance.errors.birthdateRequired' }];
  if (!IsoDate.safeParse(text).success) return [{ field, key: 'attendance.errors.birthdateInvalid' }];
  if (text > today) return [{ field, key: 'attendance.errors.birthdateFuture' }];
  return [];
}

/**
 * Checks every row. A row is valid when the name is non-empty, the birthdate is a calendar date (the
 * server needs one) that is not in the future, and weight and height are plausible (15 to 300 kg,
 * 50 to 250 cm; the server itself takes anything above 0 up to those maxima). A name that an earlier row already has makes the later row invalid,
 * since the server refuses a list that repeats a name.
 */
export function checkRows(rows: AttendanceRow[], today: Date = new Date()): RowCheck[] {
  const day = isoDay(today);
  const seen = new Set<string>();
  return rows.map((row): RowCheck => {
    if (isEmptyRow(row)) return { kind: 'empty' };
    const issues: RowIssue[] = [];
    const name = row.fighterName.trim();
    if (name === '') issues.push({ field: 'fighterName', key: 'attendance.errors.nameRequired' });
    else if (seen.has(foldName(name))) issues.push({ field: 'fighterName', key: 'attendance.errors.duplicateName' });
    else seen.add(foldName(name));
    issues.push(...birthdateIssues(row.birthdate, day));
    const weight = measureIssues('weight', row.weight, LIMITS.weightKg);
    const height = measureIssues('height', row.height, LIMITS.heightCm);
    issues.push(...weight.issues, ...height.issues);
    if (issues.length > 0) return { kind: 'invalid', issues };
    return {
      kind: 'valid',
      record: {
        fighterName: name,
        birthdate: row.birthdate,
        weight: weight.value,
        height: height.value,
        beltColor: row.beltColor,
        gender: row.gender,
      },
    };
  });
}

/** The records Finalize sends: the valid rows only, in order. */
export function validRecords(checks: RowCheck[]): AttendanceRecord[] {
  return checks.flatMap((check) => (check.kind === 'valid' ? [check.record] : []));
}
