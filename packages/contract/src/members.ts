import { z } from 'zod';
import { Fighter } from './auth.js';
import { Belt } from './enums.js';
import { Id, IdParam, singleLineText } from './primitives.js';
import { SessionStatus } from './enums.js';

/**
 * The members screen (`GET /api/members`, issue 21): everyone who has been on the roster of one of the
 * instructor's sessions, accounts and walk-ins alike, with their attendance.
 */
export const MEMBER_LIST = {
  /** Members per page when the query leaves `limit` out. */
  defaultLimit: 50,
  maxLimit: 200,
  /** "Classes in the last 30 days". */
  recentDays: 30,
  /** "Not seen for 14 days". */
  notSeenDays: 14,
  searchMax: 100,
  /** The newest classes a member's page lists. */
  historyMax: 500,
} as const;

export const MemberSort = z.enum(['name', 'belt', 'recent', 'total', 'lastAttended']);
export type MemberSort = z.infer<typeof MemberSort>;

/** A belt to filter by: a belt, or None for the unranked. */
export const MemberBeltFilter = z.enum(['None', ...Belt.options]);
export type MemberBeltFilter = z.infer<typeof MemberBeltFilter>;

/** The query of `GET /api/members` and `GET /api/members/export.csv` (which ignores `limit` and `page`). */
export const MemberListQuery = z.strictObject({
  search: singleLineText('names').trim().max(MEMBER_LIST.searchMax).optional(),
  belt: MemberBeltFilter.optional(),
  /** `true`: only the members whose last class was 14 days ago or more (or who never came to one yet). */
  notSeen: z.enum(['true', 'false']).optional(),
  sort: MemberSort.optional(),
  order: z.enum(['asc', 'desc']).optional(),
  limit: z.coerce.number().int().min(1).max(MEMBER_LIST.maxLimit).optional(),
  /** The page, from 1. */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type MemberListQuery = z.output<typeof MemberListQuery>;

/** One row of the members screen. */
export const MemberSummary = z.object({
  fighterId: Id,
  fighterName: z.string(),
  beltColor: Belt.nullable(),
  /** A walk-in: recorded by the instructor, no account. */
  isWalkIn: z.boolean(),
  /** Classes held in the last 30 days that the member was on the roster of. */
  classesLast30Days: z.number().int().min(0),
  classesTotal: z.number().int().min(0),
  /** The start of the last class attended (ISO 8601, UTC), or null before the first one. */
  lastAttended: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof MemberSummary>;

export const MemberListPage = z.object({
  members: z.array(MemberSummary),
  /** Members that match the query, over every page. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type MemberListPage = z.infer<typeof MemberListPage>;

export const MemberParams = z.object({ fighterId: IdParam });

/** One class on a member's page. */
export const MemberAttendance = z.object({
  sessionId: Id,
  trainingDate: z.string(),
  description: z.string(),
  status: SessionStatus,
});
export type MemberAttendance = z.infer<typeof MemberAttendance>;

/** A video of the member that the viewer may watch (they uploaded it, or it was shared with them). */
export const MemberVideo = z.object({
  id: Id,
  description: z.string(),
  uploadTimestamp: z.string(),
});
export type MemberVideo = z.infer<typeof MemberVideo>;

/**
 * A member's page (`GET /api/members/{fighterId}`): the fighter as ADR 0009 lets the viewer see them,
 * the classes attended (newest first; an instructor sees those of their own sessions), and the videos.
 */
export const MemberDetails = z.object({
  fighter: Fighter,
  isWalkIn: z.boolean(),
  classesLast30Days: z.number().int().min(0),
  classesTotal: z.number().int().min(0),
  lastAttended: z.string().nullable(),
  attendance: z.array(MemberAttendance),
  videos: z.array(MemberVideo),
});
export type MemberDetails = z.infer<typeof MemberDetails>;

/** `POST /api/members/{fighterId}/merge`: the walk-in `fighterId` becomes the account's fighter. */
export const MergeMemberRequest = z.strictObject({ intoFighterId: Id });
export type MergeMemberRequest = z.infer<typeof MergeMemberRequest>;

/** `POST /api/trainingsession/{id}/members`: an existing member who forgot to check in joins the roster. */
export const AddMemberRequest = z.strictObject({ fighterId: Id });
export type AddMemberRequest = z.infer<typeof AddMemberRequest>;

/** The CSV columns, in the screen's order; the header row uses the screen's names, in the caller's language. */
export const MEMBER_CSV_COLUMNS = ['name', 'belt', 'recent', 'total', 'lastAttended'] as const;
