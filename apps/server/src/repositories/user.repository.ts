import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';

export interface User {
  id: number;
  email: string;
  normalizedEmail: string;
  passwordHash: string | null;
  emailConfirmed: boolean;
  /** An instructor account that waits for approval (INSTRUCTOR_SIGNUP=approval). */
  instructorPending: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  emailConfirmed?: boolean;
}

/** E-mail addresses are unique regardless of case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    email: row.email,
    normalizedEmail: row.normalized_email,
    passwordHash: row.password_hash,
    emailConfirmed: row.email_confirmed === 1,
    instructorPending: row.instructor_pending === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class UserRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async create(user: NewUser): Promise<User> {
    const now = this.clock.now().toISOString();
    const row = await this.db
      .insertInto('users')
      .values({
        email: user.email.trim(),
        normalized_email: normalizeEmail(user.email),
        password_hash: user.passwordHash,
        email_confirmed: user.emailConfirmed ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(row);
  }

  async findById(id: number): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('normalized_email', '=', normalizeEmail(email))
      .executeTakeFirst();
    return row && toUser(row);
  }
}
