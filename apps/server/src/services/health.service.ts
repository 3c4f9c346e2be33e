import { serviceUnavailable } from '../errors.js';
import { msg } from '../i18n/catalog.js';
import type { HealthRepository } from '../repositories/health.repository.js';

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
}
