import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Rows are snake_case; repositories map them to camelCase.
 * Instants are ISO-8601 UTC text and flags are 0/1 integers in both SQLite and PostgreSQL, so that
 * one set of queries serves both (docs/decisions/0004-one-schema-for-sqlite-and-postgres.md).
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  normalized_email: string;
  password_hash: string | null;
  email_confirmed: Generated<number>;
  created_at: string;
  updated_at: string;
  /** 1 while an instructor account waits for approval (INSTRUCTOR_SIGNUP=approval). */
  instructor_pending: Generated<number>;
}

export interface FightersTable {
  id: Generated<number>;
  user_id: number | null;
  owner_user_id: number | null;
  fighter_name: string;
  /** The name as it is searched, sorted and matched (src/lib/name-key.ts). */
  name_key: string;
  fighter_role: string;
  height: number | null;
  weight: number | null;
  bmi: number | null;
  gender: string | null;
  birthdate: string | null;
  max_workout_duration: number | null;
  belt_color: string | null;
  experience: number | null;
  /** The latest promotion's belt, stripes and day (issue 21); null before the first one. */
  rank_belt: Generated<string | null>;
  rank_stripes: Generated<number | null>;
  rank_since: Generated<string | null>;
  /** The latest weigh-in's weight and day; null before the first one. */
  weighed_kg: Generated<number | null>;
  weighed_on: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface PromotionsTable {
  id: Generated<number>;
  fighter_id: number;
  belt: string;
  stripes: number;
  promoted_on: string;
  note: string | null;
  recorded_by_user_id: number | null;
  created_at: string;
}

export interface WeighInsTable {
  id: Generated<number>;
  fighter_id: number;
  weighed_on: string;
  weight_kg: number;
  recorded_by_user_id: number | null;
  created_at: string;
}

/** Kept by triggers (migration 0016): an instructor's member and every class of theirs the member was on. */
export interface MemberStatsTable {
  owner_user_id: number;
  fighter_id: number;
  classes_all: number;
  first_all: string;
  last_all: string;
}

/** Kept by triggers (migration 0016): each roster row with its class's owner and date, by member. */
export interface MemberClassesTable {
  fighter_id: number;
  owner_user_id: number;
  training_date: string;
  session_id: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
}

export interface ExternalLoginsTable {
  id: Generated<number>;
  issuer: string;
  subject: string;
  user_id: number;
  created_at: string;
}

export interface OidcStatesTable {
  state: string;
  code_verifier: string;
  nonce: string;
  return_url: string;
  expires_at: string;
}

export interface SignInCookiesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
  revoked_at: string | null;
}

export interface TrainingSessionsTable {
  id: Generated<number>;
  owner_user_id: number;
  instructor_fighter_id: number;
  training_date: string;
  description: string;
  capacity: number;
  duration: number;
  status: string;
  target_level: string;
  attendee_count: Generated<number>;
  is_curriculum_generated: Generated<number>;
  raw_fighter_pairs_json: string | null;
  created_at: string;
  updated_at: string;
  /** The recurring class that created the session, and its local date (the job's unique key). */
  recurring_class_id: ColumnType<number | null, number | null | undefined, number | null>;
  occurrence_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 once the session was changed on its own: series changes leave it as it is (ADR 0031). */
  detached: Generated<number>;
}

export interface RecurringClassesTable {
  id: Generated<number>;
  owner_user_id: number;
  instructor_fighter_id: number;
  name: string;
  weekdays: string;
  start_time: string;
  duration_minutes: number;
  target_level: string;
  capacity: number;
  description: string;
  starts_on: string;
  ends_on: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScheduleSkipsTable {
  recurring_class_id: number;
  occurrence_date: string;
  created_at: string;
}

export interface ScheduleHolidaysTable {
  id: Generated<number>;
  holiday_date: string;
  name: string;
  created_by_user_id: number | null;
  created_at: string;
}

export interface SessionAttendeesTable {
  session_id: number;
  fighter_id: number;
  created_at: string;
}

export interface PairingRoundsTable {
  id: Generated<number>;
  session_id: number;
  round: number;
  pairs_json: string;
  created_at: string;
}

export interface PairingPartnersTable {
  round_id: number;
  session_id: number;
  fighter_a: number;
  fighter_b: number;
}

export interface SessionCurriculaTable {
  session_id: number;
  curriculum_json: string;
  technique_ids: string;
  source: string;
  generation: number;
  created_at: string;
}

export interface CurriculumFeedbackTable {
  id: Generated<number>;
  session_id: number;
  user_id: number;
  helpful: number;
  generation: number;
  created_at: string;
}

export interface SearchCacheTable {
  key: string;
  value_json: string;
  expires_at: string;
}

export interface VideosTable {
  id: Generated<number>;
  uploader_user_id: number;
  fighter_id: number | null;
  description: string;
  student_identifier: string;
  martial_art: string;
  original_name: string;
  sha256: string;
  size_bytes: number;
  duration_seconds: number | null;
  source_key: string;
  source_type: string;
  playable_key: string | null;
  poster_key: string | null;
  processing: string;
  ai_analysis_result: string | null;
  uploaded_at: string;
  upload_id: string | null;
}

export interface VideoSharesTable {
  video_id: number;
  recipient_user_id: number;
  shared_by_user_id: number;
  title: string;
  shared_at: string;
}

/** A recipient (`user_id`) who muted a sharer (`muted_user_id`). */
export interface VideoMutesTable {
  user_id: number;
  muted_user_id: number;
  muted_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload_json: string;
  job_key: string | null;
  status: string;
  attempts: Generated<number>;
  max_attempts: number;
  run_after: string;
  locked_until: string | null;
  lock_token: string | null;
  last_error: string | null;
  priority: Generated<number>;
  /** Asked for again while it ran: the payload, priority and time of the run that follows this one. */
  again_payload_json: string | null;
  again_priority: number | null;
  again_run_after: string | null;
  created_at: string;
  updated_at: string;
}

export interface JobOutboxTable {
  id: Generated<number>;
  name: string;
  payload_json: string;
  job_key: string | null;
  priority: Generated<number>;
  claimed_until: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
}

export interface VideoAnalysesTable {
  video_id: number;
  status: string;
  progress: Generated<number>;
  language: string;
  requested_by_user_id: number | null;
  analyzer: string | null;
  analyzer_result: string | null;
  error_message: string | null;
  model_calls: Generated<number>;
  model_unbilled: Generated<number>;
  model_reply: string | null;
  requested_at: string;
  finished_at: string | null;
  /** The two athletes' skeletons of every sampled frame of the last run (analysis/positions/adaptation.ts). */
  pair_frames: string | null;
}

/** One refit of the installation's position adaptation (docs/decisions/0028-learning-from-corrections.md). */
export interface PositionAdaptationsTable {
  version: number;
  base_model: string;
  fingerprint: string;
  examples_json: string;
  measurement_json: string;
  created_at: string;
}

export interface AnalysisCorrectionsTable {
  id: Generated<number>;
  video_id: number;
  editor_user_id: number | null;
  before_result: string;
  after_result: string;
  corrected_at: string;
}

export interface AnalysisFeedbackTable {
  id: Generated<number>;
  video_id: number;
  user_id: number;
  helpful: number;
  /** How many corrections the analysis had when it was rated. */
  corrections: number;
  created_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  issued_by_user_id: number | null;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

/** Facts about the installation, by name (the shared DATA_DIR's id). */
export interface InstallationTable {
  name: string;
  value: string;
}

export interface Database {
  installation: InstallationTable;
  users: UsersTable;
  fighters: FightersTable;
  refresh_tokens: RefreshTokensTable;
  login_throttle: LoginThrottleTable;
  external_logins: ExternalLoginsTable;
  oidc_states: OidcStatesTable;
  sign_in_cookies: SignInCookiesTable;
  training_sessions: TrainingSessionsTable;
  session_attendees: SessionAttendeesTable;
  pairing_rounds: PairingRoundsTable;
  pairing_partners: PairingPartnersTable;
  session_curricula: SessionCurriculaTable;
  curriculum_feedback: CurriculumFeedbackTable;
  search_cache: SearchCacheTable;
  videos: VideosTable;
  video_shares: VideoSharesTable;
  video_mutes: VideoMutesTable;
  jobs: JobsTable;
  job_outbox: JobOutboxTable;
  video_analyses: VideoAnalysesTable;
  analysis_corrections: AnalysisCorrectionsTable;
  analysis_feedback: AnalysisFeedbackTable;
  password_reset_tokens: PasswordResetTokensTable;
  position_adaptations: PositionAdaptationsTable;
  recurring_classes: RecurringClassesTable;
  schedule_skips: ScheduleSkipsTable;
  schedule_holidays: ScheduleHolidaysTable;
  promotions: PromotionsTable;
  weigh_ins: WeighInsTable;
  member_stats: MemberStatsTable;
  member_classes: MemberClassesTable;
}
