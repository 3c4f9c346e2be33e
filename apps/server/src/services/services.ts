import path from 'node:path';
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
import { FootageRepository } from '../repositories/footage.repository.js';
import { LlmRepository } from '../repositories/llm.repository.js';
import { SessionRepository } from '../repositories/session.repository.js';
import { YoutubeRepository } from '../repositories/youtube.repository.js';
import { OidcStateRepository } from '../repositories/oidc-state.repository.js';
import { ThrottleRepository } from '../repositories/throttle.repository.js';
import { TokenRepository } from '../repositories/token.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { AccountService } from './account.service.js';
import { AccountLifecycleService } from './account-lifecycle.service.js';
import { AccountLifecycleRepository } from '../repositories/account-lifecycle.repository.js';
import { MailRepository } from '../repositories/mail.repository.js';
import { ExternalAuthService } from './external-auth.service.js';
import { HealthService } from './health.service.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { CoachService } from './coach.service.js';
import { createLessonPlanner } from './lesson-planner.js';
import { SessionService } from './session.service.js';
import { ScheduleService } from './schedule.service.js';
import { ScheduleRepository } from '../repositories/schedule.repository.js';
import { MemberService } from './member.service.js';
import { MemberRepository } from '../repositories/member.repository.js';
import { PromotionRepository } from '../repositories/promotion.repository.js';
import { TokenService } from './token.service.js';
import { VideoService, type VideoEvents } from './video.service.js';
import { UnfinishedWorkService } from './unfinished-work.service.js';
import type { JobQueue } from './job-queue.js';
import type { JobOutboxRepository } from '../repositories/job-outbox.repository.js';
import type { Locker } from '@tus/utils';
import { LocalBlobStorage, UrlSigner } from '../repositories/blob-storage.repository.js';
import { DEFAULT_MEDIA_LIMITS, MediaRepository } from '../repositories/media.repository.js';
import { S3BlobStorage } from '../repositories/s3-blob-storage.repository.js';
import { UploadStaging } from '../repositories/upload-staging.repository.js';
import { VideoRepository } from '../repositories/video.repository.js';
import { AnalysisRepository } from '../repositories/analysis.repository.js';
import { createPoseEstimator, defaultPoseThreads } from '../repositories/pose.repository.js';
import type { PoseDetector } from '../analysis/pipeline.js';
import { positionTimeline, positionTimelineFor } from '../analysis/positions/timeline.js';
import { modelFeatureSpace } from '../analysis/positions/adaptation.js';
import { PositionAdaptationRepository } from '../repositories/position-adaptation.repository.js';
import { PositionAdaptationService } from './position-adaptation.service.js';
import { AnalysisService } from './analysis.service.js';

/** The composition root: every service with its repositories, built once per app. */
export interface Services {
  health: HealthService;
  tokens: TokenService;
  accounts: AccountService;
  /** Passwords, resets, deleting an account and approving instructors. */
  lifecycle: AccountLifecycleService;
  /** The SMTP transport of reset e-mails; null without SMTP_URL. */
  mail: MailRepository | null;
  externalAuth: ExternalAuthService;
  sessions: SessionService;
  schedule: ScheduleService;
  members: MemberService;
  coach: CoachService;
  videos: VideoService;
  analysis: AnalysisService;
  adaptation: PositionAdaptationService;
  /** Queues again the videos and analyses under way that no queue holds a job for. */
  unfinishedWork: UnfinishedWorkService;
}

export interface ServiceDependencies {
  config: AppConfig;
  /** The pose model of the analysis, instead of the shared MoveNet one (tests replay generated skeletons). */
  poseDetector?: () => Promise<PoseDetector>;
  database: DatabaseHandle;
  secrets: Secrets;
  clock?: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The job queue and the real-time publisher the video service hands its work and news to. */
  jobs: JobQueue;
  /** Where a job is written in the transaction of the row it is about; the relay hands it to `jobs`. */
  outbox: JobOutboxRepository;
  events: VideoEvents;
  /** Told of each finished analysis's wall time against the video's length. */
  metrics?: { analysed(wallSeconds: number, videoSeconds: number): void };
  /** The lock of resumable uploads, shared through Redis when several instances serve them. */
  uploadLock?: { locker?: Locker };
}

/** Frames are scaled (letterboxed) to this before the pose model sees them: enough for bodies, cheap to decode. */
const ANALYSIS_FRAME = { width: 640, height: 360 };

let poseEstimator: Promise<PoseDetector> | null = null;

/** One pose model per process, loaded on the first analysis (it takes a few seconds and some memory). */
function sharedPoseEstimator(threads: number | null): Promise<PoseDetector> {
  const loading =
    poseEstimator ??
    createPoseEstimator(threads ?? defaultPoseThreads()).catch((error: unknown) => {
      // A model that failed to load is tried again by the next analysis.
      poseEstimator = null;
      throw error;
    });
  poseEstimator = loading;
  return loading;
}

/** The address of the tus endpoint. */
export const RESUMABLE_UPLOADS_PATH = '/vid/api/video/uploads';

export function createServices({
  config,
  database,
  secrets,
  clock = systemClock,
  log,
  jobs,
  outbox,
  events,
  metrics,
  uploadLock = {},
  poseDetector,
}: ServiceDependencies): Services {
  const { db, dialect } = database;
  // Every repository that stamps or compares a time is given the services' clock: one "now" everywhere.
  const sessionRepository = new SessionRepository(db, clock);
  const users = new UserRepository(db, clock);
  const fighters = new FighterRepository(db, clock);
  const accountRepository = new AccountRepository(db, clock, dialect);
  const tokens = new TokenService(
    new TokenRepository(db, clock),
    secrets.tokenSigningKey,
    { accessTokenSeconds: config.accessTokenSeconds, refreshTokenDays: config.refreshTokenDays },
    clock,
  );
  const hasher = new PasswordHasher();
  const throttle = new LoginThrottleService(new ThrottleRepository(db), clock, config.registrationsPerHour);
  const lifecycleRepository = new AccountLifecycleRepository(db, clock);
  const mail = config.mail ? new MailRepository(config.mail.smtpUrl, config.mail.from) : null;
  // Set below, once the video service exists: deleting an account deletes its videos through it.
  let removeVideos: (userId: number) => Promise<void> = () => Promise.resolve();
  const lifecycle = new AccountLifecycleService(
    users,
    fighters,
    lifecycleRepository,
    hasher,
    throttle,
    events,
    mail,
    (userId) => removeVideos(userId),
    { publicUrl: config.publicUrl, instructorSignup: config.instructorSignup },
    clock,
    log,
  );
  const accounts = new AccountService(users, accountRepository, fighters, hasher, tokens, throttle, events, () =>
    lifecycle.newInstructorState(),
  );
  const staging = new UploadStaging(path.join(config.dataDir, 'tmp'), clock);
  const { storage, local } = videoStorage(config, staging, new UrlSigner(secrets.tokenSigningKey, clock));
  const adaptation = new PositionAdaptationService(
    new PositionAdaptationRepository(db, clock),
    jobs,
    modelFeatureSpace(),
    (aspect) => positionTimelineFor(aspect),
    { delaySeconds: config.analysisAdaptDelaySeconds },
    clock,
  );
  const videoRepository = new VideoRepository(db, clock, outbox);
  const media = new MediaRepository({ ...DEFAULT_MEDIA_LIMITS, maxSeconds: config.videoMaxSeconds });
  const videos = new VideoService(
    videoRepository,
    storage,
    media,
    staging,
    jobs,
    events,
    {
      maxBytes: config.videoMaxBytes,
      maxSeconds: config.videoMaxSeconds,
      maxDimension: config.videoMaxDimension,
      quotaBytes: config.videoQuotaBytes,
      maxUnfinishedUploads: config.videoMaxUnfinishedUploads,
      urlSeconds: config.signedUrlSeconds,
      analysisFramesPerSecond: config.analysisFramesPerSecond,
      resumable: {
        directory: path.join(config.dataDir, 'uploads'),
        path: RESUMABLE_UPLOADS_PATH,
        // With S3_BUCKET the uploads collect in the bucket, so an upload cut on one instance resumes on another.
        s3: config.s3 ? { settings: config.s3, scratchDir: staging.dir } : null,
        ...uploadLock,
        clock,
      },
    },
    local,
    clock,
    fighters,
    (userId) => accounts.principalFor(userId),
    // A deleted video's corrections stop teaching the position model at the next refit.
    () =>
      adaptation.corrected().catch((error: unknown) => {
        log.warn({ err: error }, 'a refit of the position adaptation could not be queued');
      }),
  );
  const analysisRepository = new AnalysisRepository(db, clock, outbox);
  removeVideos = async (userId) => {
    const uploader = await accounts.principalFor(userId);
    for (const id of await lifecycleRepository.uploadedVideoIds(userId)) await videos.delete(uploader, id);
  };
  return {
    lifecycle,
    mail,
    adaptation,
    health: new HealthService(new HealthRepository(db, database, storage, config.redisUrl)),
    tokens,
    accounts,
    sessions: new SessionService(sessionRepository, fighters, clock),
    schedule: new ScheduleService(
      new ScheduleRepository(db, clock, outbox),
      jobs,
      { timeZone: config.academyTimeZone, weeksAhead: config.scheduleWeeksAhead },
      clock,
    ),
    members: new MemberService(
      new MemberRepository(db),
      fighters,
      new PromotionRepository(db, clock),
      clock,
      config.promotionRules,
    ),
    coach: new CoachService(
      sessionRepository,
      new CoachRepository(db, clock),
      new FootageRepository(db),
      createLessonPlanner(config.ai ? new LlmRepository(config.ai) : undefined, log),
      config.youtube ? new YoutubeRepository(config.youtube) : null,
      clock,
    ),
    externalAuth: new ExternalAuthService(
      config,
      accounts,
      accountRepository,
      users,
      new OidcStateRepository(db, clock),
      tokens,
      clock,
    ),
    videos,
    analysis: new AnalysisService(
      videos,
      videoRepository,
      analysisRepository,
      storage,
      media,
      events,
      poseDetector ?? (() => sharedPoseEstimator(config.analysisThreads)),
      positionTimeline,
      {
        framesPerSecond: config.analysisFramesPerSecond,
        frameWidth: ANALYSIS_FRAME.width,
        frameHeight: ANALYSIS_FRAME.height,
        rerunSeconds: config.analysisRerunSeconds,
      },
      config.videoAi ? { model: new LlmRepository(config.videoAi), name: config.videoAi.model } : null,
      log,
      metrics,
      adaptation,
    ),
    unfinishedWork: new UnfinishedWorkService(videoRepository, analysisRepository, outbox, jobs, clock, log),
  };
}

/** An S3-compatible bucket when `S3_*` is configured, else `DATA_DIR/videos`, served by the app itself. */
function videoStorage(config: AppConfig, staging: UploadStaging, signer: UrlSigner) {
  if (config.s3) return { storage: new S3BlobStorage(config.s3, staging.dir), local: null };
  const storage = new LocalBlobStorage(path.join(config.dataDir, 'videos'), signer);
  return { storage, local: { storage, signer } };
}
