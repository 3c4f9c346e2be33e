import { z } from 'zod';
import { Fighter } from './auth.js';
import { IsoDate } from './auth.js';
import { BELTS, SessionStatus } from './enums.js';
import { message } from './messages.js';
import { Id, IdParam, multiLineText, singleLineText } from './primitives.js';

/** The IBJJF kids' belts (under 16), lowest first: grey, yellow, orange and green, each with a white and a black variant. */
export const KIDS_BELTS = [
  'GreyWhite',
  'Grey',
  'GreyBlack',
  'YellowWhite',
  'Yellow',
  'YellowBlack',
  'OrangeWhite',
  'Orange',
  'OrangeBlack',
  'GreenWhite',
  'Green',
  'GreenBlack',
] as const;

/** Every belt a promotion can give, lowest first: white, the kids' belts, then the adult belts. */
export const RANK_BELTS = ['White', ...KIDS_BELTS, ...BELTS.slice(1)] as const;
export const RankBelt = z.enum(RANK_BELTS, { error: message('promotion.belt') });
export type RankBelt = z.infer<typeof RankBelt>;
const KIDS_BELT_SET: ReadonlySet<string> = new Set(KIDS_BELTS);
export const isKidsBelt = (belt: RankBelt): boolean => KIDS_BELT_SET.has(belt);

export const PROMOTION_LIMITS = {
  stripes: { min: 0, max: 4 },
  noteMax: 1000,
  /** Kids' belts are for members under this age on the day of the promotion. */
  kidsUnderAge: 16,
  /** A plausible weight at a weigh-in, in kilograms. */
  weightKg: { min: 15, max: 300 },
} as const;

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
export const MemberBeltFilter = z.enum(['None', ...RANK_BELTS]);
export type MemberBeltFilter = z.infer<typeof MemberBeltFilter>;

/** The query of `GET /api/members` and `GET /api/members/export.csv` (which ignores `limit` and `page`). */
export const MemberListQuery = z.strictObject({
  search: singleLineText('names').trim().max(MEMBER_LIST.searchMax).optional(),
  belt: MemberBeltFilter.optional(),
  /** `true`: only the members whose last class was 14 days ago or more (or who never came to one yet). */
  notSeen: z.enum(['true', 'false']).optional(),
  /** `true`: only the members who meet the academy's promotion rules for their belt (ADR 0029). */
  ready: z.enum(['true', 'false']).optional(),
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
  /** The belt of the latest promotion, or the one given at registration; null for the unranked. */
  beltColor: RankBelt.nullable(),
  /** Stripes of the latest promotion (0 to 4); null before the first promotion. */
  stripes: z.number().int().min(0).max(4).nullable(),
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
  /** Hours, as a session's `duration`: an Active class whose time is over reads as ended. */
  duration: z.number(),
});
export type MemberAttendance = z.infer<typeof MemberAttendance>;

/** A video of the member that the viewer may watch (they uploaded it, or it was shared with them). */
export const MemberVideo = z.object({
  id: Id,
  description: z.string(),
  uploadTimestamp: z.string(),
});
export type MemberVideo = z.infer<typeof MemberVideo>;

/** One promotion on a member's belt history. */
export const Promotion = z.object({
  id: Id,
  belt: RankBelt,
  stripes: z.number().int().min(0).max(4),
  /** The day of the promotion, `YYYY-MM-DD`. */
  promotedOn: z.string(),
  note: z.string().nullable(),
  /** The name of the instructor who recorded it, when they still have a profile. */
  recordedBy: z.string().nullable(),
});
export type Promotion = z.infer<typeof Promotion>;

/** One weigh-in of a member. */
export const WeighIn = z.object({
  id: Id,
  weighedOn: z.string(),
  weightKg: z.number(),
});
export type WeighIn = z.infer<typeof WeighIn>;

/** An analysed roll of the member, with the coach's notes on it, for the promotion dossier. */
export const DossierRoll = z.object({
  videoId: Id,
  description: z.string(),
  uploadTimestamp: z.string(),
  /** The coach's comments on the roll, oldest first. */
  coachNotes: z.array(z.string()),
});
export type DossierRoll = z.infer<typeof DossierRoll>;

/**
 * Whether a member meets the academy's promotion rules for their belt (ADR 0029), and the figures the
 * instructor decides on: classes since the last promotion, time at belt, analysed rolls and notes.
 */
export const PromotionDossier = z.object({
  belt: RankBelt.nullable(),
  stripes: z.number().int().min(0).max(4).nullable(),
  /** The day of the last promotion, or null when none was recorded (time at belt then counts from the first class). */
  since: z.string().nullable(),
  daysAtBelt: z.number().int().min(0).nullable(),
  classesSincePromotion: z.number().int().min(0),
  /** The academy's minimums for the belt; null when it has none. */
  minDays: z.number().int().min(0).nullable(),
  minClasses: z.number().int().min(0).nullable(),
  ready: z.boolean(),
  rolls: z.array(DossierRoll),
});
export type PromotionDossier = z.infer<typeof PromotionDossier>;

/** `POST /api/members/{fighterId}/promotions`: an instructor records a promotion of a member they coach. */
export const PromotionRequest = z.strictObject({
  belt: RankBelt,
  stripes: z
    .number({ error: message('promotion.stripes', PROMOTION_LIMITS.stripes) })
    .int(message('promotion.stripes', PROMOTION_LIMITS.stripes))
    .min(PROMOTION_LIMITS.stripes.min, message('promotion.stripes', PROMOTION_LIMITS.stripes))
    .max(PROMOTION_LIMITS.stripes.max, message('promotion.stripes', PROMOTION_LIMITS.stripes)),
  promotedOn: IsoDate,
  note: multiLineText('descriptions')
    .trim()
    .max(PROMOTION_LIMITS.noteMax, message('promotion.noteTooLong', { count: PROMOTION_LIMITS.noteMax }))
    .optional(),
});
export type PromotionRequest = z.output<typeof PromotionRequest>;

/** `POST /api/members/{fighterId}/weigh-ins`: the member or their instructor records a weigh-in. */
export const WeighInRequest = z.strictObject({
  weighedOn: IsoDate,
  weightKg: z
    .number({ error: message('weighIn.range', PROMOTION_LIMITS.weightKg) })
    .min(PROMOTION_LIMITS.weightKg.min, message('weighIn.range', PROMOTION_LIMITS.weightKg))
    .max(PROMOTION_LIMITS.weightKg.max, message('weighIn.range', PROMOTION_LIMITS.weightKg)),
});
export type WeighInRequest = z.output<typeof WeighInRequest>;

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
  /** The belt of the latest promotion (or registration) and its stripes. */
  belt: RankBelt.nullable(),
  stripes: z.number().int().min(0).max(4).nullable(),
  /** Belt history, newest first. */
  promotions: z.array(Promotion),
  /** Weigh-ins, newest first. */
  weighIns: z.array(WeighIn),
  /** The promotion dossier: for the member's instructor only (null when the member looks at themselves). */
  dossier: PromotionDossier.nullable(),
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

/**
 * A person's name as a search compares it and a list sorts it: lower case, without diacritics (Ł as L, ß
 * as ss), its spaces collapsed, so that "lukasz" finds "Łukasz" and Ł sorts with L. The server keeps this
 * form of every fighter's name (`fighters.name_key`) because SQLite's lower() changes only A to Z; the
 * web app filters its own lists with it.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/đ/g, 'd')
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();
}
