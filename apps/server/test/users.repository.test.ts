import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { UserRepository } from '../src/repositories/user.repository.js';
import { databaseTargets, type FreshDatabase } from './support/databases.js';

/** The repository's clock: a fixed time, far from the wall clock's. */
const NOW = '2031-05-06T07:08:09.000Z';

describe.each(databaseTargets)('users table on $dialect', (target) => {
  let fresh: FreshDatabase;
  let database: DatabaseHandle;
  let users: UserRepository;

  beforeAll(async () => {
    fresh = await target.create();
    database = await fresh.open();
    users = new UserRepository(database.db, { now: () => new Date(NOW) });
  });
  afterAll(async () => {
    await database.destroy();
    await fresh.drop();
  });

  it('starts empty in a fresh database', async () => {
    expect(await users.findByEmail('anyone@example.com')).toBeUndefined();
  });

  it('stores a user and finds it by id and by e-mail regardless of case', async () => {
    const created = await users.create({ email: ' Coach@Example.com ', passwordHash: 'hash' });
    expect(created).toMatchObject({
      email: 'Coach@Example.com',
      normalizedEmail: 'coach@example.com',
      emailConfirmed: false,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(created.id).toBeGreaterThan(0);
    expect(await users.findById(created.id)).toEqual(created);
    expect(await users.findByEmail('COACH@example.COM')).toEqual(created);
  });

  it('refuses a second user with the same e-mail in another case', async () => {
    await expect(users.create({ email: 'COACH@example.com', passwordHash: null })).rejects.toThrow();
  });

  it('numbers users itself', async () => {
    const a = await users.create({ email: 'a@example.com', passwordHash: null, emailConfirmed: true });
    const b = await users.create({ email: 'b@example.com', passwordHash: null });
    expect(b.id).toBeGreaterThan(a.id);
    expect(a.emailConfirmed).toBe(true);
  });

  it('migrates once: running the migrations again changes nothing', async () => {
    expect(await migrateToLatest(database)).toEqual([]);
    expect(await users.findByEmail('a@example.com')).toBeDefined();
  });
});
