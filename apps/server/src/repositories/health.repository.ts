import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { pingDatabase, type DatabaseHandle } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import type { BlobStorage } from './blob-storage.repository.js';

/** How this instance's dependencies answer, for the health probes; each method throws what went wrong. */
export class HealthRepository {
  private redis: Redis | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly database: DatabaseHandle | null = null,
    private readonly storage: BlobStorage | null = null,
    private readonly redisUrl: string | null = null,
  ) {}

  pingDatabase(): Promise<void> {
    return pingDatabase(this.db);
  }

  /** The migrations this code has that the database has not run. */
  async pendingMigrations(): Promise<string[]> {
    return this.database ? pendingMigrations(this.database) : [];
  }

  /** Whether this instance uses Redis (jobs, upload locks, real-time). */
  get hasRedis(): boolean {
    return this.redisUrl !== null;
  }

  /** Throws unless Redis answers PING. */
  async pingRedis(): Promise<void> {
    if (!this.redisUrl) return;
    this.redis ??= new Redis(this.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      retryStrategy: () => 1000,
    });
    // Its own errors are answered by the probe; without a listener ioredis would print them.
    this.redis.on('error', () => undefined);
    if (this.redis.status === 'wait' || this.redis.status === 'end') await this.redis.connect();
    await this.redis.ping();
  }

  async checkStorage(): Promise<void> {
    await this.storage?.check();
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
    this.redis = null;
  }
}
