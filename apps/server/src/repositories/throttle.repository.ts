import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Counters in a window, one row per key (an account, an address, a pair of both, registrations from
 * an address), each with the time until which it is blocked. A `known:` key uses `blocked_until` as
 * the time until which an address counts as known to an account.
 */
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

  /** The count of the key's current window (0 once the window is older than `windowStart`). */
  async failuresOf(key: string, windowStart: string): Promise<number> {
    const row = await this.db
      .selectFrom('login_throttle')
      .select(['failures', 'window_started_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row && row.window_started_at >= windowStart ? row.failures : 0;
  }

  /** Takes back one count of the key's window (an attempt counted before it was known to succeed). */
  async forgive(key: string): Promise<void> {
    await this.db
      .updateTable('login_throttle')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }

  async block(key: string, until: string): Promise<void> {
    await this.db.updateTable('login_throttle').set({ blocked_until: until }).where('key', '=', key).execute();
  }

  async windowStartedAt(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('login_throttle')
      .select('window_started_at')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.window_started_at ?? null;
  }

  /** Sets a key's time, creating the row when it is new. */
  async remember(key: string, now: string, until: string): Promise<void> {
    await this.db
      .insertInto('login_throttle')
      .values({ key, failures: 0, window_started_at: now, blocked_until: until })
      .onConflict((oc) => oc.column('key').doUpdateSet({ window_started_at: now, blocked_until: until }))
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', key).execute();
  }
}
