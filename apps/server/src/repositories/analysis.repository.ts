import { AnalysisStatus } from '@openmat/contract/analysis';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@openmat/contract/languages';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { JobIntent, JobOutboxRepository } from './job-outbox.repository.js';

export interface AnalysisState {
  videoId: number;
  status: Exclude<AnalysisStatus, 'none'>;
  /** 0 to 1. */
  progress: number;
  language: Language;
  errorMessage: string | null;
}

/** Corrections kept per video, oldest dropped first. */
export const MAX_CORRECTIONS = 20;

const parseLanguage = (value: string): Language => (isLanguage(value) ? value : FALLBACK_LANGUAGE);

/** The vision model's calls for the current request of an analysis. */
export interface ModelCalls {
  /** Calls started. */
  started: number;
  /** Calls that ended without a billed answer. */
  unbilled: number;
  /** The answer paid for, as it came; null before one. */
  reply: string | null;
}

/** Where each video's analysis stands, its stored result, and the corrections people made to it. */
export class AnalysisRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** Where a queued analysis's job is written, in the transaction that queues it. */
    private readonly outbox: JobOutboxRepository | null = null,
  ) {}

  /** Analyses asked for before `cutoff` that are still queued or running, oldest first. */
  async unfinishedBefore(cutoff: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('video_analyses')
      .select('video_id')
      .where('status', 'in', ['queued', 'running'])
      .where('requested_at', '<=', cutoff)
      .orderBy('requested_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.video_id);
  }

  async state(videoId: number): Promise<AnalysisState | null> {
    const row = await this.db
      .selectFrom('video_analyses')
      .selectAll()
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      videoId,
      status: AnalysisStatus.exclude(['none']).parse(row.status),
      progress: Number(row.progress),
      language: parseLanguage(row.language),
      errorMessage: row.error_message,
    };
  }

  /**
   * Queues the analysis of a video, unless one is queued or running already (`already`: nothing
   * changes), or the last one was asked for less than `minSeconds` ago (`tooSoon`). A finished or
   * failed analysis is queued again. The vision model's calls are counted over the video's whole life:
   * asking again never gives it a fresh budget.
   */
  async request(
    videoId: number,
    userId: number,
    language: Language,
    minSeconds: number,
    /** The job that runs it, written with it (the outbox), so that no analysis stays queued for a lost job. */
    job?: JobIntent,
  ): Promise<{ status: 'queued' | 'already' } | { status: 'tooSoon'; retryAfterSeconds: number }> {
    const now = this.clock.now();
    const outbox = this.outbox;
    if (job && !outbox) throw new Error('an analysis job asked of a repository without the job outbox');
    const answer = await this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('video_analyses')
        .select(['status', 'requested_at'])
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      if (existing && (existing.status === 'queued' || existing.status === 'running')) {
        return { status: 'already' } as const;
      }
      if (existing) {
        const waited = (now.getTime() - Date.parse(existing.requested_at)) / 1000;
        if (waited < minSeconds) {
          return { status: 'tooSoon', retryAfterSeconds: Math.ceil(minSeconds - waited) } as const;
        }
      }
      const values = {
        status: 'queued',
        progress: 0,
        language,
        requested_by_user_id: userId,
        error_message: null,
        requested_at: now.toISOString(),
        finished_at: null,
      };
      await trx
        .insertInto('video_analyses')
        .values({ video_id: videoId, ...values, model_calls: 0, model_unbilled: 0, model_reply: null })
        .onConflict((oc) => oc.column('video_id').doUpdateSet(values))
        .execute();
      if (job && outbox) await outbox.add(trx, job);
      return { status: 'queued' } as const;
    });
    if (answer.status === 'queued') this.outbox?.written();
    return answer;
  }

  /** What this request's analysis has had from the vision model so far. */
  async modelCalls(videoId: number): Promise<ModelCalls | null> {
    const row = await this.db
      .selectFrom('video_analyses')
      .select(['model_calls', 'model_unbilled', 'model_reply'])
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    return row ? { started: row.model_calls, unbilled: row.model_unbilled, reply: row.model_reply } : null;
  }

  /**
   * Records a call to the vision model before it is made, if `seen` is still the number started (so two
   * workers cannot both make it). False when someone else recorded one meanwhile.
   */
  async startModelCall(videoId: number, seen: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('video_analyses')
      .set({ model_calls: seen + 1 })
      .where('video_id', '=', videoId)
      .where('model_calls', '=', seen)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** A call that ended without an answer to pay for (unreachable, an HTTP error). */
  async endModelCallUnbilled(videoId: number): Promise<void> {
    await this.db
      .updateTable('video_analyses')
      .set((eb) => ({ model_unbilled: eb('model_unbilled', '+', 1) }))
      .where('video_id', '=', videoId)
      .execute();
  }

  /** The model's answer, kept as it came, so that a try after a crash reads it instead of paying again. */
  async saveModelReply(videoId: number, reply: string): Promise<void> {
    await this.db.updateTable('video_analyses').set({ model_reply: reply }).where('video_id', '=', videoId).execute();
  }

  async markRunning(videoId: number): Promise<void> {
    await this.db
      .updateTable('video_analyses')
      .set({ status: 'running', progress: 0, error_message: null })
      .where('video_id', '=', videoId)
      .execute();
  }

  async setProgress(videoId: number, progress: number): Promise<void> {
    await this.db
      .updateTable('video_analyses')
      .set({ progress })
      .where('video_id', '=', videoId)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Stores the analyser's own result and the video's current analysis (that result with the coach's
   * corrections laid over it), in one transaction, only if the current analysis is still `expected`
   * (so a coach's save meanwhile is never lost: `changed`, and the caller merges again). A try that runs
   * again after a crash stores the same again. `gone` when the video is.
   */
  async complete(
    videoId: number,
    analyzerJson: string,
    currentJson: string,
    analyzer: string,
    expected: string | null,
    /** The two athletes of every frame (analysis/positions/pair-frames.ts), kept for learning from corrections. */
    pairFrames: string | null = null,
  ): Promise<'done' | 'changed' | 'gone'> {
    const now = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('videos')
        .set({ ai_analysis_result: currentJson })
        .where('id', '=', videoId)
        .where((eb) =>
          expected === null ? eb('ai_analysis_result', 'is', null) : eb('ai_analysis_result', '=', expected),
        )
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        const video = await trx.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst();
        return video ? 'changed' : 'gone';
      }
      await trx
        .updateTable('video_analyses')
        .set({
          status: 'completed',
          progress: 1,
          analyzer,
          analyzer_result: analyzerJson,
          pair_frames: pairFrames,
          error_message: null,
          finished_at: now,
        })
        .where('video_id', '=', videoId)
        .execute();
      return 'done';
    });
  }

  async fail(videoId: number, message: string): Promise<void> {
    await this.db
      .updateTable('video_analyses')
      .set({ status: 'failed', error_message: message, finished_at: this.clock.now().toISOString() })
      .where('video_id', '=', videoId)
      .execute();
  }

  /** The video's current analysis (JSON text), or null before one exists. */
  async current(videoId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('videos')
      .select('ai_analysis_result')
      .where('id', '=', videoId)
      .executeTakeFirst();
    return row?.ai_analysis_result ?? null;
  }

  /** The analyser's own result of the video's last analysis (JSON text), or null before one. */
  async analyzerResult(videoId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('video_analyses')
      .select('analyzer_result')
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    return row?.analyzer_result ?? null;
  }

  /** The name a user's comments are signed with: their fighter's name, or null without a profile. */
  async authorName(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('fighters')
      .select('fighter_name')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.fighter_name ?? null;
  }

  /**
   * Replaces the analysis with a corrected one, only if it is still `before` (so two editors never
   * overwrite each other unseen), and keeps the correction. False when someone changed it meanwhile.
   */
  async correct(videoId: number, editorUserId: number, before: string, after: string): Promise<boolean> {
    const now = this.clock.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('videos')
        .set({ ai_analysis_result: after })
        .where('id', '=', videoId)
        .where('ai_analysis_result', '=', before)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      // One editor's run of saves in a row is one correction: its first `before` and its latest `after`,
      // which is what measuring the analyser against the coach needs, not every keystroke.
      const last = await trx
        .selectFrom('analysis_corrections')
        .select(['id', 'editor_user_id'])
        .where('video_id', '=', videoId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && last.editor_user_id === editorUserId) {
        await trx
          .updateTable('analysis_corrections')
          .set({ after_result: after, corrected_at: now })
          .where('id', '=', last.id)
          .execute();
      } else {
        await trx
          .insertInto('analysis_corrections')
          .values({
            video_id: videoId,
            editor_user_id: editorUserId,
            before_result: before,
            after_result: after,
            corrected_at: now,
          })
          .execute();
      }
      // At most MAX_CORRECTIONS kept per video: the oldest go.
      const keep = trx
        .selectFrom('analysis_corrections')
        .select('id')
        .where('video_id', '=', videoId)
        .orderBy('id', 'desc')
        .limit(MAX_CORRECTIONS);
      await trx
        .deleteFrom('analysis_corrections')
        .where('video_id', '=', videoId)
        .where('id', 'not in', (eb) => eb.selectFrom(keep.as('kept')).select('kept.id'))
        .execute();
      return true;
    });
  }

  /**
   * A reader's 'helpful' or 'not helpful', kept with how many corrections the analysis had by then, so
   * that the analyser's own results can be told from corrected ones.
   */
  async addFeedback(videoId: number, userId: number, helpful: boolean): Promise<void> {
    const corrections = await this.db
      .selectFrom('analysis_corrections')
      .select((count) => count.fn.countAll<number | string>().as('count'))
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    const values = {
      helpful: helpful ? 1 : 0,
      corrections: Number(corrections?.count ?? 0),
      created_at: this.clock.now().toISOString(),
    };
    // One vote per reader: a second one replaces the first.
    await this.db
      .insertInto('analysis_feedback')
      .values({ video_id: videoId, user_id: userId, ...values })
      .onConflict((oc) => oc.columns(['video_id', 'user_id']).doUpdateSet(values))
      .execute();
  }

  /** The readers' votes on a video's analysis, for tests and diagnostics. */
  async feedbackOf(videoId: number): Promise<{ userId: number; helpful: boolean }[]> {
    const rows = await this.db
      .selectFrom('analysis_feedback')
      .select(['user_id', 'helpful'])
      .where('video_id', '=', videoId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ userId: row.user_id, helpful: row.helpful === 1 }));
  }

  /** How many corrections of a video are kept, for tests and diagnostics. */
  async correctionCount(videoId: number): Promise<number> {
    const row = await this.db
      .selectFrom('analysis_corrections')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** The users an analysis concerns: the uploader and everyone it was shared with. */
  async audience(videoId: number): Promise<number[]> {
    const [video, shares] = await Promise.all([
      this.db.selectFrom('videos').select('uploader_user_id').where('id', '=', videoId).executeTakeFirst(),
      this.db.selectFrom('video_shares').select('recipient_user_id').where('video_id', '=', videoId).execute(),
    ]);
    if (!video) return [];
    return [...new Set([video.uploader_user_id, ...shares.map((share) => share.recipient_user_id)])];
  }
}
