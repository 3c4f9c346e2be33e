import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Locks one row until the transaction ends, on both engines, with a write that changes nothing:
 * PostgreSQL keeps the row locked to the commit, so a second transaction that locks it waits and then
 * reads what the first one wrote. SQLite runs one writing transaction at a time already.
 */
export async function lockRow(trx: Transaction<Database>, table: 'users' | 'fighters', id: number): Promise<void> {
  await sql`update ${sql.table(table)} set id = id where id = ${id}`.execute(trx);
}
