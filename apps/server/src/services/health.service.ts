import type { ReadinessCheck, ReadinessResponse } from '@openmat/contract/health';
import { serviceUnavailable } from '../errors.js';
import { msg } from '../i18n/catalog.js';
import type { HealthRepository } from '../repositories/health.repository.js';

/** How long each dependency may take to answer the readiness probe. */
const CHECK_TIMEOUT_MS = 2000;

/** The dependency's answer, or its failure as a reason; a dependency that does not answer in time fails. */
async function checked(work: () => Promise<unknown>): Promise<ReadinessCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${String(CHECK_TIMEOUT_MS)} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([work(), timeout]);
    return { ok: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    return { ok: false, reason };
  } finally {
    clearTimeout(timer);
  }
}

export class HealthService {
  constructor(private readonly health: HealthRepository) {}

  /** Healthy when the database answers. */
  async check(): Promise<{ status: 'ok' }> {
    try {
      await this.health.pingDatabase();
    } catch {
      throw serviceUnavailable(msg('health.databaseDown'));
    }
    return { status: 'ok' };
  }

  /**
   * Whether this instance can serve: the database answers and has every migration, Redis answers when
   * it is configured, and the video storage can be written to. Each check says why when it fails.
   */
  async ready(): Promise<ReadinessResponse> {
    const [database, migrations, redis, storage] = await Promise.all([
      checked(() => this.health.pingDatabase()),
      checked(async () => {
        const pending = await this.health.pendingMigrations();
        if (pending.length > 0) throw new Error(`migrations not run yet: ${pending.join(', ')}`);
      }),
      this.health.hasRedis ? checked(() => this.health.pingRedis()) : Promise.resolve(null),
      checked(() => this.health.checkStorage()),
    ]);
    const checks: Record<string, ReadinessCheck> = { database, migrations, storage, ...(redis ? { redis } : {}) };
    return { status: Object.values(checks).every((c) => c.ok) ? 'ready' : 'not-ready', checks };
  }

  close(): Promise<void> {
    return this.health.close();
  }
}
