import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { toFighterRecord, toFighterRow, type FighterRecord, type NewFighter } from './fighter.repository.js';
import { normalizeEmail, toUser, type User } from './user.repository.js';
import type { Clock } from '../lib/clock.js';
import { isUniqueViolation } from './db-errors.js';

export class DuplicateEmailError extends Error {
  constructor() {
    super('An account with this e-mail already exists.');
    this.name = 'DuplicateEmailError';
  }
}

export interface NewAccount {
  email: string;
  passwordHash: string | null;
  emailConfirmed: boolean;
  /**
   * An instructor account that waits for approval (INSTRUCTOR_SIGNUP=approval). `unless-first-instructor`:
   * it waits unless no approved instructor exists yet, decided as it is stored, so two first instructors
   * signing up at once on a new installation do not both skip the approval (ADR 0030).
   */
  instructorPending?: boolean | 'unless-first-instructor';
}

/** Creates accounts together with their fighter profile and external login, all or nothing. */
export class AccountRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /**
   * Inserts the user, then (when given) the fighter and the external login, in one transaction.
   * Throws DuplicateEmailError when the e-mail is taken, also when two registrations race.
   */
  async create(
    account: NewAccount,
    fighter: Omit<NewFighter, 'userId' | 'ownerUserId'> | null,
    externalLogin?: { issuer: string; subject: string },
  ): Promise<{ user: User; fighter: FighterRecord | null }> {
    const now = this.clock.now().toISOString();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const pending =
          account.instructorPending === 'unless-first-instructor'
            ? await this.anotherInstructorApproved(trx)
            : account.instructorPending === true;
        const userRow = await trx
          .insertInto('users')
          .values({
            email: account.email.trim(),
            normalized_email: normalizeEmail(account.email),
            password_hash: account.passwordHash,
            email_confirmed: account.emailConfirmed ? 1 : 0,
            instructor_pending: pending ? 1 : 0,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const fighterRow = fighter
          ? await trx
              .insertInto('fighters')
              .values(toFighterRow({ ...fighter, userId: userRow.id, ownerUserId: null }, now))
              .returningAll()
              .executeTakeFirstOrThrow()
          : undefined;
        if (externalLogin) {
          await trx
            .insertInto('external_logins')
            .values({ ...externalLogin, user_id: userRow.id, created_at: now })
            .execute();
        }
        return { user: toUser(userRow), fighter: fighterRow ? toFighterRecord(fighterRow) : null };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateEmailError();
      throw error;
    }
  }

  /**
   * Whether an approved instructor exists, read so that two transactions asking at once cannot both
   * answer no: when none exists, PostgreSQL locks the users table against other writers until this
   * transaction ends (a second asker waits, then sees the first one's instructor). SQLite runs one writing
   * transaction at a time already. Only a new installation's first instructors ever take the lock.
   */
  private async anotherInstructorApproved(trx: Transaction<Database>): Promise<boolean> {
    const approved = () =>
      trx
        .selectFrom('fighters')
        .innerJoin('users', 'users.id', 'fighters.user_id')
        .select('users.id')
        .where('fighters.fighter_role', '=', 'Instructor')
        .where('users.instructor_pending', '=', 0)
        .limit(1)
        .executeTakeFirst();
    if ((await approved()) !== undefined) return true;
    if (this.dialect !== 'postgres') return false;
    await sql`lock table users in share row exclusive mode`.execute(trx);
    return (await approved()) !== undefined;
  }

  async findUserIdByExternalLogin(issuer: string, subject: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('external_logins')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  async linkExternalLogin(userId: number, issuer: string, subject: string): Promise<void> {
    await this.db
      .insertInto('external_logins')
      .values({ issuer, subject, user_id: userId, created_at: this.clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute();
  }
}
