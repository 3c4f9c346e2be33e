import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { isForeignKeyViolation } from './db-errors.js';

export interface SavedPairing {
  round: number;
  pairsJson: string;
  /** Fighter ids of each pair. */
  pairs: Array<[number, number]>;
}

export interface SavedCurriculum {
  curriculumJson: string;
  techniqueIds: string[];
  source: string;
  generation: number;
}

/** A saved round: its number in the session and its row id, which tells a replaced round 1 from the old one. */
export interface LatestRound {
  round: number;
  id: number;
}

async function latestRoundIn(db: Kysely<Database>, sessionId: number): Promise<LatestRound | null> {
  const row = await db
    .selectFrom('pairing_rounds')
    .select(['id', 'round'])
    .where('session_id', '=', sessionId)
    .orderBy('round', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { round: row.round, id: row.id } : null;
}

/** How many of the instructor's earlier sessions count as "recent" for rotation and for topics. */
export const RECENT_SESSIONS = 5;

export class CoachRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The owner's sessions held before this one, most recent first. */
  private async earlierSessionIds(ownerUserId: number, sessionId: number, trainingDate: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('training_sessions')
      .select('id')
      .where('owner_user_id', '=', ownerUserId)
      .where('id', '!=', sessionId)
      .where('training_date', '<', trainingDate)
      .orderBy('training_date', 'desc')
      .limit(RECENT_SESSIONS)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Partners from the owner's recent sessions; `sessionsAgo` is 1 for the previous session. */
  async recentPairs(ownerUserId: number, sessionId: number, trainingDate: string) {
    const earlier = await this.earlierSessionIds(ownerUserId, sessionId, trainingDate);
    if (earlier.length === 0) return [];
    const rows = await this.db
      .selectFrom('pairing_partners')
      .select(['session_id', 'fighter_a', 'fighter_b'])
      .where('session_id', 'in', earlier)
      .execute();
    return rows.map((row) => ({
      a: row.fighter_a,
      b: row.fighter_b,
      sessionsAgo: earlier.indexOf(row.session_id) + 1,
    }));
  }

  /** Every pair already used in this session's rounds. */
  async sessionPairs(sessionId: number) {
    const rows = await this.db
      .selectFrom('pairing_partners')
      .select(['fighter_a', 'fighter_b'])
      .where('session_id', '=', sessionId)
      .execute();
    return rows.map((row) => ({ a: row.fighter_a, b: row.fighter_b }));
  }

  /** The session's latest pairing round, or null when it has none. */
  async latestRound(sessionId: number): Promise<LatestRound | null> {
    return latestRoundIn(this.db, sessionId);
  }

  /**
   * Saves a pairing round and shows it on the session, all or nothing. The session's row is written
   * first, so that concurrent saves for one session take turns (a row lock on PostgreSQL, the write
   * lock on SQLite). With `after: 'replace'` the round replaces every earlier one. Otherwise it is saved
   * only while `after` is still the session's latest round (the one its pairs were computed against;
   * null for none); if not, nothing is saved and the answer is 'stale', so that the caller computes
   * again against the new latest round. 'missing' when the session is gone.
   */
  async savePairing(
    sessionId: number,
    pairing: SavedPairing & { after: LatestRound | null | 'replace' },
  ): Promise<'saved' | 'stale' | 'missing'> {
    const now = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .updateTable('training_sessions')
        .set({ updated_at: now })
        .where('id', '=', sessionId)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) === 0) return 'missing';
      if (pairing.after === 'replace') {
        await trx.deleteFrom('pairing_rounds').where('session_id', '=', sessionId).execute();
      } else if ((await latestRoundIn(trx, sessionId))?.id !== pairing.after?.id) {
        return 'stale';
      }
      const round = await trx
        .insertInto('pairing_rounds')
        .values({ session_id: sessionId, round: pairing.round, pairs_json: pairing.pairsJson, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (pairing.pairs.length > 0) {
        await trx
          .insertInto('pairing_partners')
          .values(
            pairing.pairs.map(([a, b]) => ({ round_id: round.id, session_id: sessionId, fighter_a: a, fighter_b: b })),
          )
          .execute();
      }
      await trx
        .updateTable('training_sessions')
        .set({ raw_fighter_pairs_json: pairing.pairsJson })
        .where('id', '=', sessionId)
        .execute();
      return 'saved';
    });
  }

  /** Technique ids of the plans of the owner's recent sessions, to leave out of a new plan. */
  async recentTechniqueIds(ownerUserId: number, sessionId: number, trainingDate: string): Promise<string[]> {
    const earlier = await this.earlierSessionIds(ownerUserId, sessionId, trainingDate);
    if (earlier.length === 0) return [];
    const rows = await this.db
      .selectFrom('session_curricula')
      .select('technique_ids')
      .where('session_id', 'in', earlier)
      .execute();
    return rows.flatMap((row) => parseIds(row.technique_ids));
  }

  async getCurriculum(sessionId: number): Promise<SavedCurriculum | undefined> {
    const row = await this.db
      .selectFrom('session_curricula')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return (
      row && {
        curriculumJson: row.curriculum_json,
        techniqueIds: parseIds(row.technique_ids),
        source: row.source,
        generation: row.generation,
      }
    );
  }

  /**
   * Saves (or replaces) the session's plan and marks the session as having one; null, with nothing
   * saved, when the session is gone (deleted after the caller checked it). The session's row is written
   * first, so that a delete waits for this plan or comes before it.
   */
  async saveCurriculum(sessionId: number, plan: Omit<SavedCurriculum, 'generation'>): Promise<number | null> {
    const now = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('training_sessions')
        .set({ is_curriculum_generated: 1, updated_at: now })
        .where('id', '=', sessionId)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return null;
      const previous = await trx
        .selectFrom('session_curricula')
        .select('generation')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      const generation = (previous?.generation ?? 0) + 1;
      const values = {
        curriculum_json: plan.curriculumJson,
        technique_ids: JSON.stringify(plan.techniqueIds),
        source: plan.source,
        generation,
        created_at: now,
      };
      await trx
        .insertInto('session_curricula')
        .values({ session_id: sessionId, ...values })
        .onConflict((oc) => oc.column('session_id').doUpdateSet(values))
        .execute();
      return generation;
    });
  }

  /** Records a rating of the session's plan; false when the session is gone (deleted meanwhile). */
  async addFeedback(sessionId: number, userId: number, helpful: boolean, generation: number): Promise<boolean> {
    try {
      await this.db
        .insertInto('curriculum_feedback')
        .values({
          session_id: sessionId,
          user_id: userId,
          helpful: helpful ? 1 : 0,
          generation,
          created_at: this.clock.now().toISOString(),
        })
        .execute();
      return true;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  async feedbackFor(sessionId: number) {
    return this.db
      .selectFrom('curriculum_feedback')
      .select(['user_id', 'helpful', 'generation'])
      .where('session_id', '=', sessionId)
      .execute();
  }

  async cached(key: string, now: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('search_cache')
      .select('value_json')
      .where('key', '=', key)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.value_json;
  }

  async cache(key: string, valueJson: string, expiresAt: string): Promise<void> {
    await this.db
      .insertInto('search_cache')
      .values({ key, value_json: valueJson, expires_at: expiresAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: valueJson, expires_at: expiresAt }))
      .execute();
  }
}

function parseIds(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
