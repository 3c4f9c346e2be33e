import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { migrationContext, type MigrationContext } from './migrations/context.js';
import { createUsers } from './migrations/0001-users.js';
import { createAccounts } from './migrations/0002-accounts.js';
import { createTrainingSessions } from './migrations/0003-training-sessions.js';
import { createCoaching } from './migrations/0004-coaching.js';
import { createSessionListIndexes } from './migrations/0005-session-list-indexes.js';
import { createVideos } from './migrations/0006-videos.js';
import { createJobs } from './migrations/0007-jobs.js';
import { createAnalyses } from './migrations/0008-analyses.js';
import { createVideoLimits } from './migrations/0009-video-limits.js';
import { createVideoMutes } from './migrations/0010-video-mutes.js';
import { createJobOutbox } from './migrations/0011-job-outbox.js';
import { createVideoUploadIds } from './migrations/0012-video-upload-ids.js';
import { createMemberIndexes } from './migrations/0013-members.js';
import { createPositionAdaptation } from './migrations/0014-position-adaptation.js';
import { createPromotions } from './migrations/0015-promotions.js';
import { createMemberStats } from './migrations/0016-member-stats.js';
import { createAccountLifecycle } from './migrations/0017-accounts.js';
import { createSchedule } from './migrations/0019-schedule.js';
import { createInstallation } from './migrations/0020-installation.js';
import { createJobAgain } from './migrations/0021-job-again.js';
import { createDetachedSessions } from './migrations/0022-detached-sessions.js';
import { createNameKeys } from './migrations/0023-name-keys.js';

/** Every migration, in order. Names sort in the order they run; never rename or reorder one. */
const MIGRATIONS: Record<string, (context: MigrationContext) => Migration> = {
  '0001-users': createUsers,
  '0002-accounts': createAccounts,
  '0003-training-sessions': createTrainingSessions,
  '0004-coaching': createCoaching,
  '0005-session-list-indexes': createSessionListIndexes,
  '0006-videos': createVideos,
  '0007-jobs': createJobs,
  '0008-analyses': createAnalyses,
  '0009-video-limits': createVideoLimits,
  '0010-video-mutes': createVideoMutes,
  '0011-job-outbox': createJobOutbox,
  '0012-video-upload-ids': createVideoUploadIds,
  '0013-members': createMemberIndexes,
  '0014-position-adaptation': createPositionAdaptation,
  '0015-promotions': createPromotions,
  '0016-member-stats': createMemberStats,
  '0017-accounts': createAccountLifecycle,
  '0019-schedule': createSchedule,
  '0020-installation': createInstallation,
  '0021-job-again': createJobAgain,
  '0022-detached-sessions': createDetachedSessions,
  '0023-name-keys': createNameKeys,
};

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly context: MigrationContext) {}

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(Object.entries(MIGRATIONS).map(([name, create]) => [name, create(this.context)])),
    );
  }
}

/** Brings the schema to the latest migration. Each migration runs in a transaction and at most once. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new StaticMigrationProvider(migrationContext(handle.dialect)),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Brings the schema up (or down) to the named migration: for tests of a migration over older data. */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new StaticMigrationProvider(migrationContext(handle.dialect)),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Database migration to ${name} failed`, { cause: error });
}

/** The migrations of this code that the database has not run yet (none when the schema is current). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new StaticMigrationProvider(migrationContext(handle.dialect)),
  });
  const migrations = await migrator.getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
