import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Records that a date of a weekly class stays without its session (deleted on its own, or removed for a
 * holiday from the day it was moved to), inside the transaction that removed it: the schedule's job never
 * creates that date again. Recording it twice is harmless.
 */
export async function skipOccurrence(
  trx: Transaction<Database>,
  occurrence: { recurringClassId: number; occurrenceDate: string },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('schedule_skips')
    .values({
      recurring_class_id: occurrence.recurringClassId,
      occurrence_date: occurrence.occurrenceDate,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['recurring_class_id', 'occurrence_date']).doNothing())
    .execute();
}
