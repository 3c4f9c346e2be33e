import type { Kysely } from 'kysely';
import { pingDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  pingDatabase(): Promise<void> {
    return pingDatabase(this.db);
  }
}
