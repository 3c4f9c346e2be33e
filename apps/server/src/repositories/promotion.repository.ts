import { RankBelt } from '@openmat/contract/members';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { lockRow } from './row-lock.js';

export interface PromotionRow {
  id: number;
  belt: RankBelt;
  stripes: number;
  promotedOn: string;
  note: string | null;
  recordedBy: string | null;
}

export interface WeighInRow {
  id: number;
  weighedOn: string;
  weightKg: number;
}

export interface NewPromotion {
  belt: RankBelt;
  stripes: number;
  promotedOn: string;
  note: string | null;
}

/**
 * Promotions and weigh-ins (issue 21). Each is kept; the fighter row carries the latest of each by
 * day (then by the order they were recorded), rewritten in the same transaction as the new one.
 */
export class PromotionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private async refreshRank(trx: Transaction<Database>, fighterId: number): Promise<void> {
    const latest = await trx
      .selectFrom('promotions')
      .select(['belt', 'stripes', 'promoted_on'])
      .where('fighter_id', '=', fighterId)
      .orderBy('promoted_on', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await trx
      .updateTable('fighters')
      .set({
        rank_belt: latest?.belt ?? null,
        rank_stripes: latest?.stripes ?? null,
        rank_since: latest?.promoted_on ?? null,
      })
      .where('id', '=', fighterId)
      .execute();
  }

  private async refreshWeight(trx: Transaction<Database>, fighterId: number): Promise<void> {
    const latest = await trx
      .selectFrom('weigh_ins')
      .select(['weight_kg', 'weighed_on'])
      .where('fighter_id', '=', fighterId)
      .orderBy('weighed_on', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await trx
      .updateTable('fighters')
      .set({ weighed_kg: latest?.weight_kg ?? null, weighed_on: latest?.weighed_on ?? null })
      .where('id', '=', fighterId)
      .execute();
  }

  async addPromotion(fighterId: number, promotion: NewPromotion, recordedByUserId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // One at a time per fighter: two promotions recorded at once each read the latest without the
      // other's, and the one written last would win, whichever is the latest (PostgreSQL).
      await lockRow(trx, 'fighters', fighterId);
      const row = await trx
        .insertInto('promotions')
        .values({
          fighter_id: fighterId,
          belt: promotion.belt,
          stripes: promotion.stripes,
          promoted_on: promotion.promotedOn,
          note: promotion.note,
          recorded_by_user_id: recordedByUserId,
          created_at: this.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.refreshRank(trx, fighterId);
      return row.id;
    });
  }

  async addWeighIn(
    fighterId: number,
    weighIn: { weighedOn: string; weightKg: number },
    recordedByUserId: number,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'fighters', fighterId);
      const row = await trx
        .insertInto('weigh_ins')
        .values({
          fighter_id: fighterId,
          weighed_on: weighIn.weighedOn,
          weight_kg: weighIn.weightKg,
          recorded_by_user_id: recordedByUserId,
          created_at: this.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.refreshWeight(trx, fighterId);
      return row.id;
    });
  }

  /** Belt history, newest first. */
  async promotions(fighterId: number): Promise<PromotionRow[]> {
    const rows = await this.db
      .selectFrom('promotions as p')
      .leftJoin('fighters as by', 'by.user_id', 'p.recorded_by_user_id')
      .select(['p.id', 'p.belt', 'p.stripes', 'p.promoted_on', 'p.note', 'by.fighter_name as recorded_by'])
      .where('p.fighter_id', '=', fighterId)
      .orderBy('p.promoted_on', 'desc')
      .orderBy('p.id', 'desc')
      .limit(200)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      belt: RankBelt.parse(row.belt),
      stripes: row.stripes,
      promotedOn: row.promoted_on,
      note: row.note,
      recordedBy: row.recorded_by,
    }));
  }

  /** Weigh-ins, newest first. */
  async weighIns(fighterId: number): Promise<WeighInRow[]> {
    const rows = await this.db
      .selectFrom('weigh_ins')
      .select(['id', 'weighed_on', 'weight_kg'])
      .where('fighter_id', '=', fighterId)
      .orderBy('weighed_on', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return rows.map((row) => ({ id: row.id, weighedOn: row.weighed_on, weightKg: Number(row.weight_kg) }));
  }

  /** Rewrites the fighter's latest belt and weight from their history (after a merge moved some to them). */
  async refresh(fighterId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'fighters', fighterId);
      await this.refreshRank(trx, fighterId);
      await this.refreshWeight(trx, fighterId);
    });
  }
}
