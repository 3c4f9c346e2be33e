import { sql, type Kysely } from 'kysely';
import { foldName } from '@openmat/contract/members';

/**
 * Each fighter's name as it is searched, sorted and matched (src/lib/name-key.ts), filled in for the
 * fighters there are, with an index for an instructor's walk-ins found by name.
 */
export function createNameKeys() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('fighters')
        .addColumn('name_key', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      const rows = await sql<{ id: number; fighter_name: string }>`select id, fighter_name from fighters`.execute(db);
      for (const row of rows.rows) {
        await sql`update fighters set name_key = ${foldName(row.fighter_name)} where id = ${row.id}`.execute(db);
      }
      await db.schema
        .createIndex('fighters_owner_name_key_idx')
        .on('fighters')
        .columns(['owner_user_id', 'name_key'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('fighters_owner_name_key_idx').execute();
      await db.schema.alterTable('fighters').dropColumn('name_key').execute();
    },
  };
}
