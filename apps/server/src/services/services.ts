import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { PasswordHasher } from '../lib/password-hasher.js';
import type { Secrets } from '../lib/secrets.js';
import { AccountRepository } from '../repositories/account.repository.js';
import { FighterRepository } from '../repositories/fighter.repository.js';
import { HealthRepository } from '../repositories/health.repository.js';
import { CoachRepository } from '../repositories/coach.repository.js';
import { SessionRepository } from '../repositories/session.repository.js';
import { YoutubeRepository } from '../repositories/youtube.repository.js';
import { OidcStateRepository } from '../repositories/oidc-state.repository.js';
import { ThrottleRepository } from '../repositories/throttle.repository.js';
import { TokenRepository } from '../repositories/token.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { AccountService } from './account.service.js';
import { ExternalAuthService } from './external-auth.service.js';
import { HealthService } from './health.service.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { CoachService } from './coach.service.js';
import { createLessonPlanner } from './lesson-planner.js';
import { SessionService } from './session.service.js';
import { TokenService } from './token.service.js';

/** The composition root: every service with its repositories, built once per app. */
export interface Services {
  health: HealthService;
  tokens: TokenService;
  accounts: AccountService;
  externalAuth: ExternalAuthService;
  sessions: SessionService;
  coach: CoachService;
}

export interface ServiceDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  secrets: Secrets;
  clock?: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function createServices({ config, database, secrets, clock = systemClock, log }: ServiceDependencies): Services {
  const { db } = database;
  const sessionRepository = new SessionRepository(db);
  const users = new UserRepository(db);
  const fighters = new FighterRepository(db);
  const accountRepository = new AccountRepository(db);
  const tokens = new TokenService(
    new TokenRepository(db),
    secrets.tokenSigningKey,
    { accessTokenSeconds: config.accessTokenSeconds, refreshTokenDays: config.refreshTokenDays },
    clock,
  );
  const accounts = new AccountService(
    users,
    accountRepository,
    fighters,
    new PasswordHasher(),
    tokens,
    new LoginThrottleService(new ThrottleRepository(db), clock, config.registrationsPerHour),
  );
  return {
    health: new HealthService(new HealthRepository(db)),
    tokens,
    accounts,
    sessions: new SessionService(sessionRepository, fighters, clock),
    coach: new CoachService(
      sessionRepository,
      new CoachRepository(db),
      createLessonPlanner(config, log),
      config.youtube ? new YoutubeRepository(config.youtube) : null,
      clock,
    ),
    externalAuth: new ExternalAuthService(
      config,
      accounts,
      accountRepository,
      users,
      new OidcStateRepository(db),
      tokens,
      clock,
    ),
  };
}
