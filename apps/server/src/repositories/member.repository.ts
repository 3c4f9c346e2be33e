import { Belt, SessionStatus } from '@openmat/contract/enums';
import type { MemberBeltFilter, MemberSort } from '@openmat/contract/members';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { parseBelt } from './enum-columns.js';

/** One member of an instructor's rosters, with their attendance. */
export interface MemberRow {
  fighterId: number;
  fighterName: string;
  beltColor: Belt | null;
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
  sort: MemberSort;
  order: 'asc' | 'desc';
}

export interface MemberClassRow {
  sessionId: number;
  trainingDate: string;
  description: string;
  status: SessionStatus;
}

export interface MemberVideoRow {
  id: number;
  description: string;
  uploadedAt: string;
}

/** `%` and `_` in a search are themselves, not wildcards. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Belts sort by rank, the unranked first. */
const beltRank = sql<number>`case f.belt_color ${sql.join(
  Belt.options.map((belt, index) => sql`when ${belt} then ${index + 1}`),
  sql` `,
)} else 0 end`;

export class MemberRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every member of the owner's rosters that matches, with their counts: one grouped scan of their sessions. */
  private members(filter: MemberFilter) {
    const held = sql<boolean>`ts.training_date <= ${filter.now}`;
    const total = sql<number>`sum(case when ${held} then 1 else 0 end)`;
    const recent = sql<number>`sum(case when ${held} and ts.training_date >= ${filter.recentSince} then 1 else 0 end)`;
    const last = sql<string | null>`max(case when ${held} then ts.training_date end)`;
    let query = this.db
      .selectFrom('training_sessions as ts')
      .innerJoin('session_attendees as sa', 'sa.session_id', 'ts.id')
      .innerJoin('fighters as f', 'f.id', 'sa.fighter_id')
      .where('ts.owner_user_id', '=', filter.ownerUserId)
      .select([
        'f.id as fighter_id',
        'f.fighter_name',
        'f.belt_color',
        'f.user_id',
        total.as('total'),
        recent.as('recent'),
        last.as('last_attended'),
      ])
      .groupBy(['f.id', 'f.fighter_name', 'f.belt_color', 'f.user_id']);
    const search = filter.search;
    if (search !== undefined && search !== '') {
      query = query.where(sql<boolean>`lower(f.fighter_name) like ${likePattern(search)} escape '\\'`);
    }
    const belt = filter.belt;
    if (belt === 'None') query = query.where('f.belt_color', 'is', null);
    else if (belt !== undefined) query = query.where('f.belt_color', '=', belt);
    const cutoff = filter.notSeenSince;
    if (cutoff !== undefined) query = query.having(sql<boolean>`(${last} is null or ${last} < ${cutoff})`);
    return { query, total, recent, last };
  }

  /** One page of members, in the asked order (ties by id), and how many match in all. */
  async list(
    filter: MemberFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: MemberRow[]; total: number }> {
    const { query, total, recent, last } = this.members(filter);
    const key = {
      name: sql`lower(f.fighter_name)`,
      belt: beltRank,
      recent,
      total,
      lastAttended: sql`coalesce(${last}, '')`,
    }[filter.sort];
    const [rows, count] = await Promise.all([
      query.orderBy(key, filter.order).orderBy('f.id', filter.order).limit(page.limit).offset(page.offset).execute(),
      this.db
        .selectFrom(query.as('m'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        fighterId: row.fighter_id,
        fighterName: row.fighter_name,
        beltColor: row.belt_color === null ? null : parseBelt(row.belt_color),
        isWalkIn: row.user_id === null,
        classesLast30Days: Number(row.recent),
        classesTotal: Number(row.total),
        lastAttended: row.last_attended,
      })),
      total: Number(count.n),
    };
  }

  /**
   * The classes a fighter was on the roster of, newest first: those of one instructor's sessions, or
   * all of them when `ownerUserId` is null (the fighter looking at their own page).
   */
  async classes(fighterId: number, ownerUserId: number | null, limit: number): Promise<MemberClassRow[]> {
    let query = this.db
      .selectFrom('session_attendees as sa')
      .innerJoin('training_sessions as ts', 'ts.id', 'sa.session_id')
      .select(['ts.id', 'ts.training_date', 'ts.description', 'ts.status'])
      .where('sa.fighter_id', '=', fighterId);
    if (ownerUserId !== null) query = query.where('ts.owner_user_id', '=', ownerUserId);
    const rows = await query.orderBy('ts.training_date', 'desc').orderBy('ts.id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      sessionId: row.id,
      trainingDate: row.training_date,
      description: row.description,
      status: SessionStatus.parse(row.status),
    }));
  }

  /** Videos of the fighter that the viewer uploaded or was shared, newest first. */
  async videos(fighterId: number, viewerUserId: number): Promise<MemberVideoRow[]> {
    const rows = await this.db
      .selectFrom('videos')
      .select(['id', 'description', 'uploaded_at'])
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
    return rows.map((row) => ({ id: row.id, description: row.description, uploadedAt: row.uploaded_at }));
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
      await trx.deleteFrom('fighters').where('id', '=', walkInId).execute();
    });
  }
}
