import { foldName } from '@openmat/contract/members';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';

export interface StoredResetToken {
  id: number;
  userId: number;
  expiresAt: string;
  usedAt: string | null;
}

export interface PendingInstructorRow {
  userId: number;
  email: string;
  fighterName: string | null;
  registeredAt: string;
}

/** The name a deleted member's attendance keeps on the rosters: no name at all. */
export const ANONYMOUS_NAME = '—';

/** Rewrites a kept pairing without one fighter's name and figures (`forgetInPairing` of the coach's pairing). */
export type ForgetInPairing = (saved: string, fighterId: number, name: string) => string;

/**
 * The account's life after registration (docs/decisions/0030-account-lifecycle.md): its password,
 * one-time reset tokens (stored as hashes), instructor approval, and deleting the account.
 */
export class AccountLifecycleRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: this.now() })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * When the user's sign-in `familyId` (a refresh-token family) began: the time of its first token, as an
   * ISO string; null when the user has no such sign-in.
   */
  async signInStartedAt(userId: number, familyId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select((eb) => eb.fn.min('created_at').as('started'))
      .where('user_id', '=', userId)
      .where('family_id', '=', familyId)
      .executeTakeFirst();
    return row?.started ?? null;
  }

  /**
   * Revokes every sign-in of the user but `keepFamilyId` (refresh token families and sign-in cookies),
   * and answers the ids of the sign-ins that ended.
   */
  async revokeSignIns(userId: number, keepFamilyId: string | null): Promise<string[]> {
    const at = this.now();
    let families = this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .distinct()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepFamilyId) families = families.where('family_id', '!=', keepFamilyId);
    const ended = (await families.execute()).map((row) => row.family_id);
    let update = this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepFamilyId) update = update.where('family_id', '!=', keepFamilyId);
    await update.execute();
    await this.db
      .updateTable('sign_in_cookies')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    return ended;
  }

  async insertResetToken(token: {
    userId: number;
    tokenHash: string;
    issuedByUserId: number | null;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('password_reset_tokens')
      .values({
        user_id: token.userId,
        token_hash: token.tokenHash,
        issued_by_user_id: token.issuedByUserId,
        expires_at: token.expiresAt,
        created_at: this.now(),
      })
      .execute();
  }

  async findResetToken(tokenHash: string): Promise<StoredResetToken | undefined> {
    const row = await this.db
      .selectFrom('password_reset_tokens')
      .select(['id', 'user_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { id: row.id, userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at };
  }

  /**
   * Spends a reset token and sets the password in one transaction. The conditional update makes the
   * token good for one use even when two requests present it at once. False when it was spent already.
   */
  async spendResetToken(id: number, userId: number, passwordHash: string): Promise<boolean> {
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: at })
        .where('id', '=', userId)
        .execute();
      // Every other link of the account stops working too.
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      return true;
    });
  }

  async setInstructorPending(userId: number, pending: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ instructor_pending: pending ? 1 : 0, updated_at: this.now() })
      .where('id', '=', userId)
      .where('instructor_pending', '=', pending ? 0 : 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async pendingInstructors(): Promise<PendingInstructorRow[]> {
    const rows = await this.db
      .selectFrom('users')
      .leftJoin('fighters', 'fighters.user_id', 'users.id')
      .select(['users.id', 'users.email', 'users.created_at', 'fighters.fighter_name'])
      .where('users.instructor_pending', '=', 1)
      .orderBy('users.created_at')
      .orderBy('users.id')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      userId: row.id,
      email: row.email,
      fighterName: row.fighter_name,
      registeredAt: row.created_at,
    }));
  }

  async ownedSessionCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('training_sessions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async uploadedVideoIds(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('videos').select('id').where('uploader_user_id', '=', userId).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Removes the account in one transaction. It leaves the rosters of classes that have not started
   * yet, and each gives its place back as a cancelled check-in does. Its fighter stays only as an
   * anonymous walk-in on the rosters of classes already held (no name, no figures, no account), so that
   * those keep their count; a fighter who attended nothing goes. Videos of them that others uploaded no
   * longer name them. The account's tokens, cookies, reset links, external logins, shares and feedback go
   * with it (cascades).
   */
  async deleteAccount(userId: number, forgetInPairing: ForgetInPairing): Promise<void> {
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      const fighter = await trx.selectFrom('fighters').select('id').where('user_id', '=', userId).executeTakeFirst();
      if (fighter) {
        // The pairings kept with their classes name them and hold their figures: those go too.
        const classes = trx.selectFrom('session_attendees').select('session_id').where('fighter_id', '=', fighter.id);
        const forget = (saved: string) => forgetInPairing(saved, fighter.id, ANONYMOUS_NAME);
        const shown = await trx
          .selectFrom('training_sessions')
          .select(['id', 'raw_fighter_pairs_json'])
          .where('id', 'in', classes)
          .where('raw_fighter_pairs_json', 'is not', null)
          .execute();
        for (const row of shown) {
          await trx
            .updateTable('training_sessions')
            .set({ raw_fighter_pairs_json: forget(row.raw_fighter_pairs_json ?? '') })
            .where('id', '=', row.id)
            .execute();
        }
        const rounds = await trx
          .selectFrom('pairing_rounds')
          .select(['id', 'pairs_json'])
          .where('session_id', 'in', classes)
          .execute();
        for (const row of rounds) {
          await trx
            .updateTable('pairing_rounds')
            .set({ pairs_json: forget(row.pairs_json) })
            .where('id', '=', row.id)
            .execute();
        }
        await trx.updateTable('videos').set({ fighter_id: null }).where('fighter_id', '=', fighter.id).execute();
        // Belts and weigh-ins are the member's data: they go, even where the attendance stays anonymous.
        await trx.deleteFrom('promotions').where('fighter_id', '=', fighter.id).execute();
        await trx.deleteFrom('weigh_ins').where('fighter_id', '=', fighter.id).execute();
        // Classes still to come lose them, and get the place back (the triggers of session_attendees keep
        // the members' counts in step). Only the rows this statement deleted give a place back.
        const left = await trx
          .deleteFrom('session_attendees')
          .where('fighter_id', '=', fighter.id)
          .where('session_id', 'in', (eb) =>
            eb.selectFrom('training_sessions').select('id').where('training_date', '>', at),
          )
          .returning('session_id')
          .execute();
        const freed = left.map((row) => row.session_id);
        if (freed.length > 0) {
          await trx
            .updateTable('training_sessions')
            .set({ attendee_count: sql<number>`attendee_count - 1` })
            .where('id', 'in', freed)
            .execute();
        }
        const attended = await trx
          .selectFrom('session_attendees')
          .select('fighter_id')
          .where('fighter_id', '=', fighter.id)
          .limit(1)
          .executeTakeFirst();
        if (attended) {
          await trx
            .updateTable('fighters')
            .set({
              user_id: null,
              owner_user_id: null,
              fighter_name: ANONYMOUS_NAME,
              name_key: foldName(ANONYMOUS_NAME),
              height: null,
              weight: null,
              bmi: null,
              gender: null,
              birthdate: null,
              max_workout_duration: null,
              experience: null,
              rank_belt: null,
              rank_stripes: null,
              rank_since: null,
              weighed_on: null,
              weighed_kg: null,
              updated_at: at,
            })
            .where('id', '=', fighter.id)
            .execute();
        } else {
          await trx.deleteFrom('fighters').where('id', '=', fighter.id).execute();
        }
      }
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }
}
