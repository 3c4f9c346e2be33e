import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Failed sign-in counters, one row per key (an account or an address). */
export class ThrottleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async blockedUntil(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('login_throttle')
      .select('blocked_until')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.blocked_until ?? null;
  }

  /**
   * Counts one failure in one atomic upsert: a window older than `windowStart` starts again at 1.
   * Returns the failures counted in the current window.
   */
  async recordFailure(key: string, now: string, windowStart: string): Promise<number> {
    const row = await this.db
      .insertInto('login_throttle')
      .values({ key, failures: 1, window_started_at: now, blocked_until: null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when login_throttle.window_started_at < ${windowStart} then 1 else login_throttle.failures + 1 end`,
          window_started_at: sql<string>`case when login_throttle.window_started_at < ${windowStart} then ${now} else login_throttle.window_started_at end`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures;
  }

  async block(key: string, until: string): Promise<void> {
    await this.db.updateTable('login_throttle').set({ blocked_until: until }).where('key', '=', key).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', key).execute();
  }
}
