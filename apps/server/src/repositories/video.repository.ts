import type { Belt, MartialArt } from '@openmat/contract/enums';
import { AnalysisStatus } from '@openmat/contract/analysis';
import type { VideoProcessing } from '@openmat/contract/videos';
import { VideoProcessing as ProcessingEnum } from '@openmat/contract/videos';
import type { Kysely, Selectable } from 'kysely';
import type { Database, VideosTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { JobIntent, JobOutboxRepository } from './job-outbox.repository.js';
import { isUniqueViolation } from './db-errors.js';
import { parseBelt, parseMartialArt } from './enum-columns.js';

export interface VideoRecord {
  id: number;
  uploaderUserId: number;
  fighterId: number | null;
  /** The uploader's fighter name, or their e-mail address when they have no profile. */
  uploaderName: string;
  description: string;
  studentIdentifier: string;
  martialArt: MartialArt;
  originalName: string;
  sha256: string;
  sizeBytes: number;
  durationSeconds: number | null;
  sourceKey: string;
  sourceType: string;
  playableKey: string | null;
  posterKey: string | null;
  processing: VideoProcessing;
  aiAnalysisResult: string | null;
  uploadedAt: string;
  /** The resumable upload it was made from; null for a multipart upload. */
  uploadId: string | null;
  /** Where its analysis stands: none asked for yet, queued, running (with progress 0 to 1), completed or failed. */
  analysis: {
    status: AnalysisStatus;
    progress: number;
    errorMessage: string | null;
    /** The analyser's own result as JSON text, before any correction: what its words were written from. */
    analyzerResult: string | null;
  };
}

export type NewVideo = Omit<
  VideoRecord,
  | 'id'
  | 'uploaderName'
  | 'playableKey'
  | 'posterKey'
  | 'processing'
  | 'aiAnalysisResult'
  | 'uploadedAt'
  | 'analysis'
  | 'uploadId'
> & { uploadId?: string | null };

export interface ShareCandidateRecord {
  fighterId: number;
  fighterName: string;
  userId: number;
}

export interface SharedVideoRecord {
  video: VideoRecord;
  title: string;
  sharedByUserId: number;
  sharedByName: string;
  sharedAt: string;
}

/** A sharer the user muted, and how many of their shares the mute keeps off the user's list. */
export interface MutedSharerRecord {
  userId: number;
  name: string;
  mutedAt: string;
  hiddenVideos: number;
}

type VideoRow = Selectable<VideosTable> & {
  uploader_name: string;
  analysis_status: string | null;
  analysis_progress: number | string | null;
  analysis_error: string | null;
  analysis_analyzer_result: string | null;
};

function toVideoRecord(row: VideoRow): VideoRecord {
  return {
    id: row.id,
    uploaderUserId: row.uploader_user_id,
    fighterId: row.fighter_id,
    uploaderName: row.uploader_name,
    description: row.description,
    studentIdentifier: row.student_identifier,
    martialArt: parseMartialArt(row.martial_art),
    originalName: row.original_name,
    sha256: row.sha256,
    sizeBytes: Number(row.size_bytes),
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    sourceKey: row.source_key,
    sourceType: row.source_type,
    playableKey: row.playable_key,
    posterKey: row.poster_key,
    processing: ProcessingEnum.parse(row.processing),
    aiAnalysisResult: row.ai_analysis_result,
    uploadedAt: row.uploaded_at,
    uploadId: row.upload_id,
    analysis: {
      status: AnalysisStatus.catch('none').parse(row.analysis_status ?? 'none'),
      progress: Number(row.analysis_progress ?? 0),
      errorMessage: row.analysis_error,
      analyzerResult: row.analysis_analyzer_result,
    },
  };
}

export class VideoRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Where a new video's job is written, in the transaction that saves the video. */
    private readonly outbox: JobOutboxRepository | null = null,
  ) {}

  /** Videos with their uploader's name: the fighter name of the profile, else the e-mail address. */
  private videos() {
    return this.db
      .selectFrom('videos')
      .innerJoin('users', 'users.id', 'videos.uploader_user_id')
      .leftJoin('fighters', 'fighters.user_id', 'videos.uploader_user_id')
      .leftJoin('video_analyses', 'video_analyses.video_id', 'videos.id')
      .selectAll('videos')
      .select((eb) => [
        eb.fn.coalesce('fighters.fighter_name', 'users.email').as('uploader_name'),
        'video_analyses.status as analysis_status',
        'video_analyses.progress as analysis_progress',
        'video_analyses.error_message as analysis_error',
        'video_analyses.analyzer_result as analysis_analyzer_result',
      ]);
  }

  async findById(id: number): Promise<VideoRecord | undefined> {
    const row = await this.videos().where('videos.id', '=', id).executeTakeFirst();
    return row && toVideoRecord(row);
  }

  /** The video made from a resumable upload, if one was. */
  async findByUploadId(uploadId: string): Promise<VideoRecord | undefined> {
    const row = await this.videos().where('videos.upload_id', '=', uploadId).executeTakeFirst();
    return row && toVideoRecord(row);
  }

  async findByHash(uploaderUserId: number, sha256: string): Promise<VideoRecord | undefined> {
    const row = await this.videos()
      .where('videos.uploader_user_id', '=', uploaderUserId)
      .where('videos.sha256', '=', sha256)
      .executeTakeFirst();
    return row && toVideoRecord(row);
  }

  /**
   * Saves a stored video. When the same uploader's same bytes were saved meanwhile (two uploads of one
   * file at once), nothing is saved and the answer is that first video.
   */
  async create(
    video: NewVideo,
    /** The job the new video needs, written with it (the outbox), so that no video waits for a lost job. */
    jobFor?: (videoId: number) => JobIntent,
  ): Promise<{ created: true; video: VideoRecord } | { created: false; video: VideoRecord }> {
    const outbox = this.outbox;
    if (jobFor && !outbox) throw new Error('a video job asked of a repository without the job outbox');
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('videos')
          .values({
            uploader_user_id: video.uploaderUserId,
            fighter_id: video.fighterId,
            description: video.description,
            student_identifier: video.studentIdentifier,
            martial_art: video.martialArt,
            original_name: video.originalName,
            sha256: video.sha256,
            size_bytes: video.sizeBytes,
            duration_seconds: video.durationSeconds,
            source_key: video.sourceKey,
            source_type: video.sourceType,
            processing: 'pending',
            uploaded_at: this.clock.now().toISOString(),
            upload_id: video.uploadId ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (jobFor && outbox) await outbox.add(trx, jobFor(id));
        return id;
      });
      this.outbox?.written();
      const created = await this.findById(id);
      if (!created) throw new Error(`video ${String(id)} vanished after its insert`);
      return { created: true, video: created };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await this.findByHash(video.uploaderUserId, video.sha256);
      if (!first) throw error;
      return { created: false, video: first };
    }
  }

  /** The uploader's videos, newest first. */
  async listByUploader(uploaderUserId: number): Promise<VideoRecord[]> {
    const rows = await this.videos()
      .where('videos.uploader_user_id', '=', uploaderUserId)
      .orderBy('videos.id', 'desc')
      .execute();
    return rows.map(toVideoRecord);
  }

  /** Whether the video is still there (a running job asks, to stop once it is deleted). */
  async exists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('videos').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** The bytes of the uploader's stored videos (their sources), for the quota. */
  async storedBytes(uploaderUserId: number): Promise<number> {
    const row = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size_bytes'), eb.lit(0)).as('bytes'))
      .where('uploader_user_id', '=', uploaderUserId)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** Which of `keys` a video's source, playable copy or poster is stored under. */
  async knownKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('videos')
      .select(['source_key', 'playable_key', 'poster_key'])
      .where((eb) =>
        eb.or([eb('source_key', 'in', keys), eb('playable_key', 'in', keys), eb('poster_key', 'in', keys)]),
      )
      .execute();
    return new Set(
      rows.flatMap((row) => [row.source_key, row.playable_key, row.poster_key]).filter((key) => key !== null),
    );
  }

  /** Videos uploaded before `cutoff` still waiting for their poster and playable copy, oldest first. */
  async pendingBefore(cutoff: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('videos')
      .select('id')
      .where('processing', '=', 'pending')
      .where('uploaded_at', '<=', cutoff)
      .orderBy('uploaded_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * The background work waiting or running for the uploader's videos: posters not made yet, and
   * analyses queued or running. A new job of theirs queues behind that many of everyone else's.
   */
  async pendingWorkOf(uploaderUserId: number): Promise<number> {
    const row = await this.db
      .selectFrom('videos')
      .leftJoin('video_analyses', 'video_analyses.video_id', 'videos.id')
      .select((eb) =>
        eb.fn
          .sum<string | number>(
            eb.case().when('videos.processing', '=', 'pending').then(1).else(0).end().$castTo<number>(),
          )
          .as('processing'),
      )
      .select((eb) =>
        eb.fn
          .sum<string | number>(
            eb.case().when('video_analyses.status', 'in', ['queued', 'running']).then(1).else(0).end(),
          )
          .as('analysing'),
      )
      .where('videos.uploader_user_id', '=', uploaderUserId)
      .executeTakeFirst();
    return Number(row?.processing ?? 0) + Number(row?.analysing ?? 0);
  }

  /** Records the poster and the playable file once the processing job made them. */
  async setProcessed(
    id: number,
    result: { processing: VideoProcessing; playableKey: string | null; posterKey: string | null },
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('videos')
      .set({ processing: result.processing, playable_key: result.playableKey, poster_key: result.posterKey })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** A video's processing failed for good, unless it is ready: a ready video keeps its files. */
  async markProcessingFailed(id: number): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ processing: 'failed', playable_key: null, poster_key: null })
      .where('id', '=', id)
      .where('processing', '!=', 'ready')
      .execute();
  }

  /** Deletes the video with its shares and its analysis; the answer is the row as it was, for its files. */
  async delete(id: number): Promise<VideoRecord | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('video_shares').where('video_id', '=', id).execute();
      await trx.deleteFrom('analysis_corrections').where('video_id', '=', id).execute();
      await trx.deleteFrom('analysis_feedback').where('video_id', '=', id).execute();
      await trx.deleteFrom('video_analyses').where('video_id', '=', id).execute();
      const row = await trx.deleteFrom('videos').where('id', '=', id).returningAll().executeTakeFirst();
      return (
        row &&
        toVideoRecord({
          ...row,
          uploader_name: '',
          analysis_status: null,
          analysis_progress: null,
          analysis_error: null,
          analysis_analyzer_result: null,
        })
      );
    });
  }

  /**
   * The students (with an account) of the uploader's own sessions, and the instructors of the sessions
   * the uploader was on the roster of, counting only sessions that started at `startedBy` or earlier.
   * Never the uploader.
   */
  async shareCandidates(
    uploaderUserId: number,
    uploaderFighterId: number | null,
    startedBy: string,
  ): Promise<ShareCandidateRecord[]> {
    const students = this.db
      .selectFrom('session_attendees')
      .innerJoin('training_sessions', 'training_sessions.id', 'session_attendees.session_id')
      .innerJoin('fighters', 'fighters.id', 'session_attendees.fighter_id')
      .where('training_sessions.owner_user_id', '=', uploaderUserId)
      .where('training_sessions.training_date', '<=', startedBy)
      .select(['fighters.id as fighter_id', 'fighters.fighter_name', 'fighters.name_key', 'fighters.user_id']);
    const instructors = this.db
      .selectFrom('session_attendees')
      .innerJoin('training_sessions', 'training_sessions.id', 'session_attendees.session_id')
      .innerJoin('fighters', 'fighters.id', 'training_sessions.instructor_fighter_id')
      .where('session_attendees.fighter_id', '=', uploaderFighterId ?? 0)
      .where('training_sessions.training_date', '<=', startedBy)
      .select(['fighters.id as fighter_id', 'fighters.fighter_name', 'fighters.name_key', 'fighters.user_id']);
    const rows = await this.db
      .selectFrom(students.union(instructors).as('candidates'))
      .selectAll()
      .where('user_id', 'is not', null)
      .where('user_id', '!=', uploaderUserId)
      .orderBy('name_key')
      .orderBy('fighter_name')
      .orderBy('fighter_id')
      .execute();
    return rows.flatMap((row) =>
      row.user_id === null ? [] : [{ fighterId: row.fighter_id, fighterName: row.fighter_name, userId: row.user_id }],
    );
  }

  /**
   * The uploader's own sessions that started at `startedBy` or earlier, latest first, with how many
   * students with an account each has.
   */
  async ownSessions(uploaderUserId: number, startedBy: string, limit: number) {
    const rows = await this.db
      .selectFrom('training_sessions')
      .leftJoin('session_attendees', 'session_attendees.session_id', 'training_sessions.id')
      .leftJoin('fighters', (join) =>
        join.onRef('fighters.id', '=', 'session_attendees.fighter_id').on('fighters.user_id', 'is not', null),
      )
      .where('training_sessions.owner_user_id', '=', uploaderUserId)
      .where('training_sessions.training_date', '<=', startedBy)
      .groupBy(['training_sessions.id', 'training_sessions.training_date', 'training_sessions.description'])
      .select((eb) => [
        'training_sessions.id',
        'training_sessions.training_date',
        'training_sessions.description',
        eb.fn.count<number | string>('fighters.id').as('students'),
      ])
      .orderBy('training_sessions.training_date', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      trainingDate: row.training_date,
      description: row.description,
      students: Number(row.students),
    }));
  }

  /**
   * The students with an account of a session the uploader owns and that started at `startedBy` or
   * earlier; empty when it is not theirs or has not started.
   */
  async sessionRecipients(sessionId: number, ownerUserId: number, startedBy: string): Promise<ShareCandidateRecord[]> {
    const rows = await this.db
      .selectFrom('session_attendees')
      .innerJoin('training_sessions', 'training_sessions.id', 'session_attendees.session_id')
      .innerJoin('fighters', 'fighters.id', 'session_attendees.fighter_id')
      .where('training_sessions.id', '=', sessionId)
      .where('training_sessions.owner_user_id', '=', ownerUserId)
      .where('training_sessions.training_date', '<=', startedBy)
      .where('fighters.user_id', 'is not', null)
      .where('fighters.user_id', '!=', ownerUserId)
      .select(['fighters.id as fighter_id', 'fighters.fighter_name', 'fighters.user_id'])
      .execute();
    return rows.flatMap((row) =>
      row.user_id === null ? [] : [{ fighterId: row.fighter_id, fighterName: row.fighter_name, userId: row.user_id }],
    );
  }

  /**
   * The fighters on the rosters of the user's own sessions (students and walk-ins alike), by name:
   * whom an instructor may name as the athlete of a video.
   */
  async rosterAthletes(
    ownerUserId: number,
  ): Promise<Array<{ fighterId: number; fighterName: string; beltColor: Belt | null }>> {
    const rows = await this.db
      .selectFrom('session_attendees')
      .innerJoin('training_sessions', 'training_sessions.id', 'session_attendees.session_id')
      .innerJoin('fighters', 'fighters.id', 'session_attendees.fighter_id')
      .where('training_sessions.owner_user_id', '=', ownerUserId)
      .select(['fighters.id as fighter_id', 'fighters.fighter_name', 'fighters.name_key', 'fighters.belt_color'])
      .distinct()
      .orderBy('fighters.name_key')
      .orderBy('fighters.fighter_name')
      .orderBy('fighters.id')
      .execute();
    return rows.map((row) => ({
      fighterId: row.fighter_id,
      fighterName: row.fighter_name,
      beltColor: row.belt_color === null ? null : parseBelt(row.belt_color),
    }));
  }

  /** Whether the fighter is on the roster of one of the user's own sessions. */
  async isOnRosterOf(fighterId: number, ownerUserId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('session_attendees')
      .innerJoin('training_sessions', 'training_sessions.id', 'session_attendees.session_id')
      .select('session_attendees.fighter_id')
      .where('session_attendees.fighter_id', '=', fighterId)
      .where('training_sessions.owner_user_id', '=', ownerUserId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Names the athlete of a video (null: nobody); false when the video is gone. */
  async setFighter(videoId: number, fighterId: number | null): Promise<boolean> {
    const updated = await this.db
      .updateTable('videos')
      .set({ fighter_id: fighterId })
      .where('id', '=', videoId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Whether the session exists and the user owns it. */
  async ownsSession(sessionId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('training_sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('owner_user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async isSharedWith(videoId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('video_shares')
      .select('video_id')
      .where('video_id', '=', videoId)
      .where('recipient_user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Shares the video with each user once; sharing again updates the title and the time, so that the
   * video comes first again in their list.
   */
  async share(videoId: number, sharedByUserId: number, recipientUserIds: readonly number[], title: string) {
    if (recipientUserIds.length === 0) return;
    const sharedAt = this.clock.now().toISOString();
    await this.db
      .insertInto('video_shares')
      .values(
        recipientUserIds.map((recipient) => ({
          video_id: videoId,
          recipient_user_id: recipient,
          shared_by_user_id: sharedByUserId,
          title,
          shared_at: sharedAt,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['video_id', 'recipient_user_id']).doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          shared_at: eb.ref('excluded.shared_at'),
          shared_by_user_id: eb.ref('excluded.shared_by_user_id'),
        })),
      )
      .execute();
  }

  /** What was shared with the user by anyone they have not muted, newest share first, with who shared it. */
  async listSharedWith(userId: number): Promise<SharedVideoRecord[]> {
    const rows = await this.videos()
      .innerJoin('video_shares', 'video_shares.video_id', 'videos.id')
      .innerJoin('users as sharer', 'sharer.id', 'video_shares.shared_by_user_id')
      .leftJoin('fighters as sharer_fighter', 'sharer_fighter.user_id', 'video_shares.shared_by_user_id')
      .select((eb) => [
        'video_shares.title as share_title',
        'video_shares.shared_at as shared_at',
        eb.fn.coalesce('sharer_fighter.fighter_name', 'sharer.email').as('shared_by_name'),
      ])
      .select('video_shares.shared_by_user_id')
      .where('video_shares.recipient_user_id', '=', userId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('video_mutes')
              .select('video_mutes.muted_user_id')
              .where('video_mutes.user_id', '=', userId)
              .whereRef('video_mutes.muted_user_id', '=', 'video_shares.shared_by_user_id'),
          ),
        ),
      )
      .orderBy('video_shares.shared_at', 'desc')
      .orderBy('videos.id', 'desc')
      .execute();
    return rows.map((row) => ({
      video: toVideoRecord(row),
      title: row.share_title,
      sharedByUserId: row.shared_by_user_id,
      sharedByName: row.shared_by_name,
      sharedAt: row.shared_at,
    }));
  }

  /** Whether `sharerUserId` ever shared a video with `recipientUserId` (a share still kept). */
  async hasShared(sharerUserId: number, recipientUserId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('video_shares')
      .select('video_id')
      .where('shared_by_user_id', '=', sharerUserId)
      .where('recipient_user_id', '=', recipientUserId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records that `userId` muted `mutedUserId`; muting twice keeps the first. */
  async mute(userId: number, mutedUserId: number): Promise<void> {
    await this.db
      .insertInto('video_mutes')
      .values({ user_id: userId, muted_user_id: mutedUserId, muted_at: this.clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'muted_user_id']).doNothing())
      .execute();
  }

  async unmute(userId: number, mutedUserId: number): Promise<void> {
    await this.db
      .deleteFrom('video_mutes')
      .where('user_id', '=', userId)
      .where('muted_user_id', '=', mutedUserId)
      .execute();
  }

  /**
   * The sharers `userId` has muted, the latest first, each with the number of their shares the mute
   * keeps off the user's list.
   */
  async listMuted(userId: number): Promise<MutedSharerRecord[]> {
    const rows = await this.db
      .selectFrom('video_mutes')
      .innerJoin('users as sharer', 'sharer.id', 'video_mutes.muted_user_id')
      .leftJoin('fighters as sharer_fighter', 'sharer_fighter.user_id', 'video_mutes.muted_user_id')
      .select((eb) => [
        'video_mutes.muted_user_id',
        'video_mutes.muted_at',
        eb.fn.coalesce('sharer_fighter.fighter_name', 'sharer.email').as('name'),
        eb
          .selectFrom('video_shares')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('video_shares.shared_by_user_id', '=', 'video_mutes.muted_user_id')
          .where('video_shares.recipient_user_id', '=', userId)
          .as('hidden'),
      ])
      .where('video_mutes.user_id', '=', userId)
      .orderBy('video_mutes.muted_at', 'desc')
      .orderBy('video_mutes.muted_user_id', 'desc')
      .execute();
    return rows.map((row) => ({
      userId: row.muted_user_id,
      name: row.name,
      mutedAt: row.muted_at,
      hiddenVideos: Number(row.hidden ?? 0),
    }));
  }

  /** Which of the users muted `mutedUserId`. */
  async usersMuting(mutedUserId: number, userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('video_mutes')
      .select('user_id')
      .where('muted_user_id', '=', mutedUserId)
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }
}
