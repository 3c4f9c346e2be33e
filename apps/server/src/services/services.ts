import type { DatabaseHandle } from '../db/database.js';
import { HealthRepository } from '../repositories/health.repository.js';
import { HealthService } from './health.service.js';

/** The composition root: every service with its repositories, built once per app. */
export interface Services {
  health: HealthService;
}

export function createServices(database: DatabaseHandle): Services {
  return { health: new HealthService(new HealthRepository(database.db)) };
}
