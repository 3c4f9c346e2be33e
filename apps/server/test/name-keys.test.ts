import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { databaseTargets, type FreshDatabase } from './support/databases.js';

const NOW = '2026-06-01T12:00:00.000Z';

describe.each(databaseTargets)('fighters’ name keys on $dialect', (target) => {
  let fresh: FreshDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    fresh = await target.create();
    database = await fresh.open({ migrate: false });
  });
  afterAll(async () => {
    await database.destroy();
    await fresh.drop();
  });

  it('fills the key of every fighter recorded before it existed, so that old members are found and sorted', async () => {
    await migrateTo(database, '0022-detached-sessions');
    for (const name of ['Łukasz  Żak', 'Zoë Ørsted', 'ADAM Nowak']) {
      await sql`insert into fighters (fighter_name, fighter_role, created_at, updated_at)
                values (${name}, 'Student', ${NOW}, ${NOW})`.execute(database.db);
    }
    await migrateToLatest(database);
    const rows = await database.db
      .selectFrom('fighters')
      .select(['fighter_name', 'name_key'])
      .orderBy('name_key')
      .execute();
    expect(rows).toEqual([
      { fighter_name: 'ADAM Nowak', name_key: 'adam nowak' },
      { fighter_name: 'Łukasz  Żak', name_key: 'lukasz zak' },
      { fighter_name: 'Zoë Ørsted', name_key: 'zoe orsted' },
    ]);
  });
});
