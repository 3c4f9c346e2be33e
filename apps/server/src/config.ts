import { IANAZone } from 'luxon';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PROMOTION_RULES, PromotionRulesJson, type PromotionRules } from './lib/promotion-rules.js';

/** An unset variable and an empty one mean the same: use the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const port = z.coerce.number().int().min(0).max(65535);
const bytes = z.coerce.number().int().positive();
/** The analysis default: 2 frames a second keeps it above twice real time on two cores (bench/analysis.mjs). */
const DEFAULT_ANALYSIS_FPS = 2;

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY next to addresses and CIDR ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** A comma-separated list of the proxies whose X-Forwarded-* headers are believed. */
const proxyList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.length > 0 && entries.every(isProxyAddress), {
    error: 'must be a comma-separated list of IP addresses, CIDR ranges, or loopback, linklocal, uniquelocal',
  });

const EnvSchema = z.object({
  PORT: optional(port),
  HOST: optional(z.string().min(1)),
  DATA_DIR: optional(z.string().min(1)),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  BODY_LIMIT: optional(bytes),
  TOKEN_SIGNING_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  WEB_DIST_DIR: optional(z.string().min(1)),
  ACCESS_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(1).max(3600, 'must be at most 3600 (one hour)')),
  REFRESH_TOKEN_TTL_DAYS: optional(z.coerce.number().int().min(1).max(90)),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  TRUST_PROXY: optional(proxyList),
  REGISTRATIONS_PER_HOUR: optional(z.coerce.number().int().min(1).max(100_000)),
  OIDC_ISSUER: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  OIDC_CLIENT_ID: optional(z.string().min(1)),
  OIDC_CLIENT_SECRET: optional(z.string().min(1)),
  YOUTUBE_API_KEY: optional(z.string().min(1)),
  YOUTUBE_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  AI_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  AI_MODEL: optional(z.string().min(1)),
  AI_VIDEO_MODEL: optional(z.string().min(1)),
  AI_API_KEY: optional(z.string().min(1)),
  AI_TIMEOUT_MS: optional(z.coerce.number().int().min(1000).max(300_000)),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })),
  REDIS_PREFIX: optional(
    z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, hyphens or underscores'),
  ),
  VIDEO_MAX_BYTES: optional(bytes),
  VIDEO_MAX_SECONDS: optional(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 3600),
  ),
  VIDEO_MAX_DIMENSION: optional(z.coerce.number().int().min(64).max(16384)),
  VIDEO_QUOTA_BYTES: optional(z.coerce.number().int().min(0)),
  VIDEO_MAX_UNFINISHED_UPLOADS: optional(z.coerce.number().int().min(1).max(100)),
  ANALYSIS_RERUN_SECONDS: optional(
    z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600),
  ),
  SIGNED_URL_TTL_SECONDS: optional(
    z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 3600),
  ),
  ANALYSIS_FRAMES_PER_SECOND: optional(z.coerce.number().min(0.5).max(10)),
  ANALYSIS_ADAPT_DELAY_SECONDS: optional(
    z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 3600),
  ),
  JOB_LEASE_SECONDS: optional(z.coerce.number().int().min(2).max(3600)),
  ACADEMY_TIME_ZONE: optional(
    z.string().refine((zone) => IANAZone.isValidZone(zone), 'must be an IANA time zone such as Europe/Warsaw'),
  ),
  SCHEDULE_WEEKS_AHEAD: optional(z.coerce.number().int().min(1).max(26)),
  ANALYSIS_THREADS: optional(z.coerce.number().int().min(1).max(32)),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  S3_REGION: optional(z.string().min(1)),
  S3_BUCKET: optional(z.string().min(3).max(63)),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'])),
  S3_PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  JOBS_IN_API: optional(z.enum(['true', 'false'])),
  MIGRATE_ON_START: optional(z.enum(['true', 'false'])),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().min(3)),
  INSTRUCTOR_SIGNUP: optional(z.enum(['open', 'approval'])),
  PROMOTION_RULES: optional(PromotionRulesJson),
});

/** Every environment variable the server reads; the README's configuration table lists the same names. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the folder for the SQLite file, uploads and generated keys. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Configured token signing key; when absent one is generated into `dataDir`. */
  tokenSigningKey: string | undefined;
  /** Folder of the built web app; the API runs without it when it does not exist. */
  webDistDir: string;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  /**
   * The app's public origin (e.g. https://mat.example.com), for every address the server writes into
   * a redirect. Required with external sign-in; never taken from request headers.
   */
  publicUrl: string | undefined;
  /** The proxies whose X-Forwarded-For, -Proto and -Host are believed; none by default. */
  trustProxy: string[];
  /** Registration attempts accepted from one address per hour. */
  registrationsPerHour: number;
  /** Password reset by e-mail: the SMTP server and the sender; null when SMTP_URL is not set. */
  mail: { smtpUrl: string; from: string } | null;
  /** `approval`: a new instructor account acts as one only once another instructor approves it. */
  instructorSignup: 'open' | 'approval';
  /** External sign-in through OpenID Connect; null when no client id is configured. */
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | null;
  /** YouTube search for technique videos; null without a key (the list is then empty, never invented). */
  youtube: { apiKey: string; baseUrl: string; timeoutMs: number } | null;
  /** An OpenAI-compatible chat-completions endpoint for lesson plans; null uses the local composer only. */
  ai: { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number } | null;
  /**
   * A vision model at AI_BASE_URL that analyses sparring videos from stills (AI_VIDEO_MODEL); null keeps
   * every analysis on this machine. Opt-in, because stills of the footage then leave the machine.
   */
  videoAi: { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number } | null;
  /** Redis for BullMQ jobs, the tus upload lock and the real-time backplane; null keeps all three in process. */
  redisUrl: string | null;
  /** Starts every Redis key and channel of this installation, so that several can share one Redis. */
  redisPrefix: string;
  /** Largest accepted video, in bytes (default 4 GiB). */
  videoMaxBytes: number;
  /** The longest video accepted, in seconds (default 3 hours). */
  videoMaxSeconds: number;
  /** The largest frame accepted, in pixels a side (default 4096). */
  videoMaxDimension: number;
  /** What one account may store, videos and unfinished uploads together, in bytes; 0 is no limit (default 20 GiB). */
  videoQuotaBytes: number;
  /** Resumable uploads one account may have unfinished at once (default 3). */
  videoMaxUnfinishedUploads: number;
  /** The least time between two analyses of one video, in seconds (default 10 minutes). */
  analysisRerunSeconds: number;
  /** Seconds the refit of the position adaptation waits after a correction of a ribbon (ADR 0028). */
  analysisAdaptDelaySeconds: number;
  /** How long a video's signed URL stays valid, in seconds. */
  signedUrlSeconds: number;
  /** Frames the analysis samples per second of video (positions last seconds, so 2 to 5 is plenty). */
  analysisFramesPerSecond: number;
  /** Threads of the pose model (null: one per core, at most four). */
  analysisThreads: number | null;
  /**
   * How long a running job stays claimed without a sign of life (the worker renews it while it runs): a
   * job whose process died is taken over by another worker, or by the restarted one, after this long.
   */
  jobLeaseSeconds: number;
  /** The academy's IANA time zone: recurring classes keep their wall-clock time in it across DST. */
  academyTimeZone: string;
  /** Weeks of sessions the schedule creates ahead (default 4). */
  scheduleWeeksAhead: number;
  /** S3-compatible storage for videos; null keeps them in `dataDir/videos`. */
  s3: {
    bucket: string;
    region: string;
    endpoint: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
    /** The store's address as browsers reach it, when it differs from `endpoint`: playback URLs are signed for it. */
    publicUrl: string | undefined;
  } | null;
  /** Whether the API process runs background jobs itself (true for one process; false when workers do). */
  jobsInApi: boolean;
  /** The bearer token `/metrics` answers to; null keeps the metrics off. */
  metricsToken: string | null;
  /** Whether a starting process brings the schema up to date (false during a rolling upgrade; `npm run migrate` does). */
  migrateOnStart: boolean;
  /** The academy's minimums for promotion readiness, per belt (IBJJF times at the adult belts by default). */
  promotionRules: PromotionRules;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface ConfigDefaults {
  /** Folder the relative paths are resolved against. */
  cwd: string;
  webDistDir: string;
}

/**
 * Reads and validates the configuration once, at start-up. A bad setting throws a ConfigError that
 * names each offending variable.
 */
export function loadConfig(env: Record<string, string | undefined>, defaults: ConfigDefaults): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = issue.path.join('.');
        return `${variable}: ${issue.message} (got ${JSON.stringify(env[variable])})`;
      }),
    );
  }
  const e = parsed.data;
  if (e.OIDC_CLIENT_ID && !e.PUBLIC_URL) {
    throw new ConfigError([
      "PUBLIC_URL: must be set when OIDC_CLIENT_ID is, so that the sign-in redirect address is the app's own and not taken from request headers",
    ]);
  }
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    throw new ConfigError([
      "PUBLIC_URL: must be set when SMTP_URL is, so that the links in e-mails are the app's own and not taken from request headers",
    ]);
  }
  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(defaults.cwd, e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL ?? 'info',
    bodyLimit: e.BODY_LIMIT ?? 1024 * 1024,
    tokenSigningKey: e.TOKEN_SIGNING_KEY,
    webDistDir: path.resolve(defaults.cwd, e.WEB_DIST_DIR ?? defaults.webDistDir),
    accessTokenSeconds: e.ACCESS_TOKEN_TTL_SECONDS ?? 3600,
    refreshTokenDays: e.REFRESH_TOKEN_TTL_DAYS ?? 14,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    trustProxy: e.TRUST_PROXY ?? [],
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR ?? 30,
    mail: e.SMTP_URL
      ? {
          smtpUrl: e.SMTP_URL,
          from: e.MAIL_FROM ?? `OpenMat <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
        }
      : null,
    instructorSignup: e.INSTRUCTOR_SIGNUP ?? 'open',
    oidc: e.OIDC_CLIENT_ID
      ? {
          issuer: e.OIDC_ISSUER ?? 'https://accounts.google.com',
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
        }
      : null,
    youtube: e.YOUTUBE_API_KEY
      ? {
          apiKey: e.YOUTUBE_API_KEY,
          baseUrl: e.YOUTUBE_API_URL ?? 'https://www.googleapis.com/youtube/v3',
          timeoutMs: 8000,
        }
      : null,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL, model: e.AI_MODEL, apiKey: e.AI_API_KEY, timeoutMs: e.AI_TIMEOUT_MS ?? 60_000 }
        : null,
    videoAi:
      e.AI_BASE_URL && e.AI_VIDEO_MODEL
        ? {
            baseUrl: e.AI_BASE_URL,
            model: e.AI_VIDEO_MODEL,
            apiKey: e.AI_API_KEY,
            timeoutMs: e.AI_TIMEOUT_MS ?? 60_000,
          }
        : null,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX ?? 'openmat',
    videoMaxBytes: e.VIDEO_MAX_BYTES ?? 4 * 1024 ** 3,
    videoMaxSeconds: e.VIDEO_MAX_SECONDS ?? 3 * 3600,
    videoMaxDimension: e.VIDEO_MAX_DIMENSION ?? 4096,
    videoQuotaBytes: e.VIDEO_QUOTA_BYTES ?? 20 * 1024 ** 3,
    videoMaxUnfinishedUploads: e.VIDEO_MAX_UNFINISHED_UPLOADS ?? 3,
    analysisRerunSeconds: e.ANALYSIS_RERUN_SECONDS ?? 600,
    analysisAdaptDelaySeconds: e.ANALYSIS_ADAPT_DELAY_SECONDS ?? 120,
    signedUrlSeconds: e.SIGNED_URL_TTL_SECONDS ?? 6 * 3600,
    analysisFramesPerSecond: e.ANALYSIS_FRAMES_PER_SECOND ?? DEFAULT_ANALYSIS_FPS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS ?? 60,
    academyTimeZone: e.ACADEMY_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    scheduleWeeksAhead: e.SCHEDULE_WEEKS_AHEAD ?? 4,
    analysisThreads: e.ANALYSIS_THREADS ?? null,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          publicUrl: e.S3_PUBLIC_URL,
        }
      : null,
    jobsInApi: e.JOBS_IN_API !== 'false',
    migrateOnStart: e.MIGRATE_ON_START !== 'false',
    promotionRules: e.PROMOTION_RULES ?? DEFAULT_PROMOTION_RULES,
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}
