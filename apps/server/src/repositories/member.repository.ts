import { SessionStatus } from '@openmat/contract/enums';
import { foldName, RANK_BELTS, RankBelt, type MemberBeltFilter, type MemberSort } from '@openmat/contract/members';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

/** One member of an instructor's rosters, with their attendance. */
export interface MemberRow {
  fighterId: number;
  fighterName: string;
  beltColor: RankBelt | null;
  stripes: number | null;
  isWalkIn: boolean;
  classesLast30Days: number;
  classesTotal: number;
  lastAttended: string | null;
}

export interface MemberFilter {
  ownerUserId: number;
  /** Classes up to this instant have been held (ISO, UTC). */
  now: string;
  /** The start of "the last 30 days". */
  recentSince: string;
  search?: string | undefined;
  belt?: MemberBeltFilter | undefined;
  /** Only the members whose last class started before this instant, or who have none yet. */
  notSeenSince?: string | undefined;
  /** Only the members who meet one of these rules (the belts the academy has rules for). */
  ready?: ReadinessRule[] | undefined;
  sort: MemberSort;
  order: 'asc' | 'desc';
}

export interface MemberClassRow {
  sessionId: number;
  trainingDate: string;
  description: string;
  status: SessionStatus;
  /** Hours. */
  duration: number;
}

export interface MemberVideoRow {
  id: number;
  description: string;
  uploadedAt: string;
  /** The analysis as the coach left it (JSON text), or null before one. */
  analysis: string | null;
}

/** `%` and `_` in a search are themselves, not wildcards. */
const likePattern = (text: string) => `%${foldName(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The member's belt: the latest promotion's, else the one given at registration. */
const beltColumn = sql<string | null>`coalesce(f.rank_belt, f.belt_color)`;

/** Belts sort by rank (kids' belts between white and blue), the unranked first. */
const beltRank = sql<number>`case ${beltColumn} ${sql.join(
  RANK_BELTS.map((belt, index) => sql`when ${belt} then ${index + 1}`),
  sql` `,
)} else 0 end`;

/** One belt's readiness rule, as the repository applies it. */
export interface ReadinessRule {
  belt: RankBelt | null;
  /** The member was promoted (or, never promoted, first came to class) on this day or before. */
  sinceOnOrBefore: string | null;
  minClasses: number | null;
}

export class MemberRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Every member of the owner's rosters that matches, with their counts. The totals come from the
   * stored `member_stats` (migration 0016) less the classes still to come; those, "the last 30 days"
   * and the last class held are a few entries of the member's own `member_classes` rows each.
   */
  private members(filter: MemberFilter) {
    const owner = filter.ownerUserId;
    /** The member's classes of the owner's in a range of dates: a few entries of member_classes_pkey. */
    const classes = (range: (date: RawBuilder<string>) => RawBuilder<boolean>) =>
      sql`from member_classes mc where mc.fighter_id = f.id and mc.owner_user_id = ${owner} and ${range(sql<string>`mc.training_date`)}`;
    /** Held classes before `day` (a day, `YYYY-MM-DD`). */
    const heldBefore = (day: unknown) =>
      sql<number>`(select count(*) ${classes((date) => sql<boolean>`${date} < ${day}`)})`;
    const upcoming = sql<number>`(select count(*) ${classes((date) => sql<boolean>`${date} > ${filter.now}`)})`;
    const total = sql<number>`(ms.classes_all - ${upcoming})`;
    const recent = sql<number>`(select count(*) ${classes(
      (date) => sql<boolean>`${date} >= ${filter.recentSince} and ${date} <= ${filter.now}`,
    )})`;
    // The last held class: the stored last one when it is not still to come, else one look back.
    const last = sql<string | null>`case when ms.last_all <= ${filter.now} then ms.last_all else
      (select max(mc.training_date) ${classes((date) => sql<boolean>`${date} <= ${filter.now}`)}) end`;
    let query = this.db
      .selectFrom('member_stats as ms')
      .innerJoin('fighters as f', 'f.id', 'ms.fighter_id')
      .where('ms.owner_user_id', '=', owner)
      // A deleted account's anonymous walk-in (no account, no owner; ADR 0030) counts on its rosters
      // but is nobody to list: it has no name, no belt and no page.
      .where((eb) => eb.or([eb('f.user_id', 'is not', null), eb('f.owner_user_id', 'is not', null)]))
      .select([
        'f.id as fighter_id',
        'f.fighter_name',
        beltColumn.as('belt'),
        'f.rank_stripes',
        'f.user_id',
        total.as('total'),
        recent.as('recent'),
        last.as('last_attended'),
      ]);
    const search = filter.search;
    if (search !== undefined && search !== '') {
      query = query.where(sql<boolean>`f.name_key like ${likePattern(search)} escape '\\'`);
    }
    const belt = filter.belt;
    if (belt === 'None') query = query.where(beltColumn, 'is', null);
    else if (belt !== undefined) query = query.where(beltColumn, '=', belt);
    const cutoff = filter.notSeenSince;
    if (cutoff !== undefined) query = query.where(sql<boolean>`(${last} is null or ${last} < ${cutoff})`);
    const ready = filter.ready;
    if (ready !== undefined) {
      const since = sql<string>`coalesce(f.rank_since, substr(ms.first_all, 1, 10))`;
      const meets = ready.map((rule) => {
        const checks = [
          rule.belt === null ? sql<boolean>`${beltColumn} is null` : sql<boolean>`${beltColumn} = ${rule.belt}`,
        ];
        if (rule.sinceOnOrBefore !== null) checks.push(sql<boolean>`${since} <= ${rule.sinceOnOrBefore}`);
        if (rule.minClasses !== null) {
          checks.push(
            sql<boolean>`${total} - case when f.rank_since is null then 0 else ${heldBefore(sql`f.rank_since`)} end >= ${rule.minClasses}`,
          );
        }
        return sql<boolean>`(${sql.join(checks, sql` and `)})`;
      });
      query = query.where(meets.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(meets, sql` or `)})`);
    }
    return { query, total, recent, last };
  }

  /** One page of members, in the asked order (ties by id), and how many match in all. */
  async list(
    filter: MemberFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: MemberRow[]; total: number }> {
    const { query, total, recent, last } = this.members(filter);
    const key = {
      name: sql`f.name_key`,
      belt: beltRank,
      recent,
      total,
      lastAttended: sql`coalesce(${last}, '')`,
    }[filter.sort];
    const [rows, count] = await Promise.all([
      query.orderBy(key, filter.order).orderBy('f.id', filter.order).limit(page.limit).offset(page.offset).execute(),
      // Without a filter on the counts, how many match needs only the stored rows and the names.
      filter.notSeenSince === undefined && filter.ready === undefined
        ? query
            .clearSelect()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        : this.db
            .selectFrom(query.clearSelect().select('f.id').as('m'))
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        fighterId: row.fighter_id,
        fighterName: row.fighter_name,
        beltColor: row.belt === null ? null : RankBelt.parse(row.belt),
        stripes: row.rank_stripes,
        isWalkIn: row.user_id === null,
        classesLast30Days: Number(row.recent),
        classesTotal: Number(row.total),
        lastAttended: row.last_attended,
      })),
      total: Number(count.n),
    };
  }

  /** Held classes of the owner's (or, with null, anyone's) the fighter was on from `sinceDay` on. */
  async classesSince(
    fighterId: number,
    ownerUserId: number | null,
    sinceDay: string | null,
    now: string,
  ): Promise<number> {
    let query = this.db
      .selectFrom('session_attendees as sa')
      .innerJoin('training_sessions as ts', 'ts.id', 'sa.session_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sa.fighter_id', '=', fighterId)
      .where('ts.training_date', '<=', now);
    if (ownerUserId !== null) query = query.where('ts.owner_user_id', '=', ownerUserId);
    if (sinceDay !== null) query = query.where('ts.training_date', '>=', sinceDay);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The day of the fighter's first class of the owner's (or anyone's), `YYYY-MM-DD`. */
  async firstClassDay(fighterId: number, ownerUserId: number | null): Promise<string | null> {
    let query = this.db
      .selectFrom('session_attendees as sa')
      .innerJoin('training_sessions as ts', 'ts.id', 'sa.session_id')
      .select((eb) => eb.fn.min('ts.training_date').as('first'))
      .where('sa.fighter_id', '=', fighterId);
    if (ownerUserId !== null) query = query.where('ts.owner_user_id', '=', ownerUserId);
    const row = await query.executeTakeFirst();
    return row?.first ? String(row.first).slice(0, 10) : null;
  }

  /**
   * The held classes (started by `now`) a fighter was on the roster of, newest first: those of one
   * instructor's sessions, or all of them when `ownerUserId` is null (the fighter looking at their own
   * page). Classes still to come are left out, as `classesSince` leaves them out of the counts.
   */
  async classes(fighterId: number, ownerUserId: number | null, now: string, limit: number): Promise<MemberClassRow[]> {
    let query = this.db
      .selectFrom('session_attendees as sa')
      .innerJoin('training_sessions as ts', 'ts.id', 'sa.session_id')
      .select(['ts.id', 'ts.training_date', 'ts.description', 'ts.status', 'ts.duration'])
      .where('sa.fighter_id', '=', fighterId)
      .where('ts.training_date', '<=', now);
    if (ownerUserId !== null) query = query.where('ts.owner_user_id', '=', ownerUserId);
    const rows = await query.orderBy('ts.training_date', 'desc').orderBy('ts.id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      sessionId: row.id,
      trainingDate: row.training_date,
      description: row.description,
      status: SessionStatus.parse(row.status),
      duration: Number(row.duration),
    }));
  }

  /** Videos of the fighter that the viewer uploaded or was shared, newest first. */
  async videos(fighterId: number, viewerUserId: number): Promise<MemberVideoRow[]> {
    const rows = await this.db
      .selectFrom('videos')
      .select(['id', 'description', 'uploaded_at', 'ai_analysis_result'])
      .where('fighter_id', '=', fighterId)
      .where((eb) =>
        eb.or([
          eb('uploader_user_id', '=', viewerUserId),
          eb.exists(
            eb
              .selectFrom('video_shares')
              .select('video_shares.video_id')
              .whereRef('video_shares.video_id', '=', 'videos.id')
              .where('video_shares.recipient_user_id', '=', viewerUserId),
          ),
        ]),
      )
      .orderBy('uploaded_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      description: row.description,
      uploadedAt: row.uploaded_at,
      analysis: row.ai_analysis_result,
    }));
  }

  /**
   * Moves every class, pairing and video of the walk-in to the account's fighter and removes the
   * walk-in, in one transaction. A class both were on keeps one place (the walk-in's is given back).
   */
  async merge(walkInId: number, intoFighterId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const both = await trx
        .selectFrom('session_attendees')
        .select('session_id')
        .where('fighter_id', '=', walkInId)
        .where('session_id', 'in', (eb) =>
          eb.selectFrom('session_attendees').select('session_id').where('fighter_id', '=', intoFighterId),
        )
        .execute();
      const shared = both.map((row) => row.session_id);
      if (shared.length > 0) {
        await trx
          .deleteFrom('session_attendees')
          .where('fighter_id', '=', walkInId)
          .where('session_id', 'in', shared)
          .execute();
        await trx
          .updateTable('training_sessions')
          .set({ attendee_count: sql<number>`attendee_count - 1` })
          .where('id', 'in', shared)
          .execute();
      }
      await trx
        .updateTable('session_attendees')
        .set({ fighter_id: intoFighterId })
        .where('fighter_id', '=', walkInId)
        .execute();
      await trx
        .updateTable('pairing_partners')
        .set({ fighter_a: intoFighterId })
        .where('fighter_a', '=', walkInId)
        .execute();
      await trx
        .updateTable('pairing_partners')
        .set({ fighter_b: intoFighterId })
        .where('fighter_b', '=', walkInId)
        .execute();
      await trx.updateTable('videos').set({ fighter_id: intoFighterId }).where('fighter_id', '=', walkInId).execute();
      await trx
        .updateTable('promotions')
        .set({ fighter_id: intoFighterId })
        .where('fighter_id', '=', walkInId)
        .execute();
      await trx
        .updateTable('weigh_ins')
        .set({ fighter_id: intoFighterId })
        .where('fighter_id', '=', walkInId)
        .execute();
      await trx.deleteFrom('fighters').where('id', '=', walkInId).execute();
    });
  }
}
