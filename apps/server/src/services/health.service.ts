import { serviceUnavailable } from '../errors.js';
import type { HealthRepository } from '../repositories/health.repository.js';

export class HealthService {
  constructor(private readonly health: HealthRepository) {}

  /** Healthy when the database answers. */
  async check(): Promise<{ status: 'ok' }> {
    try {
      await this.health.pingDatabase();
    } catch {
      throw serviceUnavailable('The database is not answering.');
    }
    return { status: 'ok' };
  }
}
