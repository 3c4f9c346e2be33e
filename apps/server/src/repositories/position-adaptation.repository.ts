import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { isUniqueViolation } from './db-errors.js';

/** An analysis a coach may have corrected: the analyser's result, the current one, and its stored frames. */
export interface AnalysedVideoRow {
  videoId: number;
  analyzerJson: string;
  currentJson: string;
  pairFrames: string;
}

/** One stored version of the installation's position adaptation. */
export interface AdaptationRow {
  version: number;
  baseModel: string;
  fingerprint: string;
  examplesJson: string;
  measurementJson: string;
  createdAt: string;
}

/** The versions of the position adaptation (ADR 0028), and the corrected analyses they learn from. */
export class PositionAdaptationRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Every analysis with stored frames that someone has corrected, by video id. */
  async correctedAnalyses(): Promise<AnalysedVideoRow[]> {
    const rows = await this.db
      .selectFrom('video_analyses')
      .innerJoin('videos', 'videos.id', 'video_analyses.video_id')
      .select([
        'video_analyses.video_id as videoId',
        'video_analyses.analyzer_result as analyzerJson',
        'videos.ai_analysis_result as currentJson',
        'video_analyses.pair_frames as pairFrames',
      ])
      .where('video_analyses.analyzer_result', 'is not', null)
      .where('video_analyses.pair_frames', 'is not', null)
      .where('videos.ai_analysis_result', 'is not', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('analysis_corrections')
            .select('analysis_corrections.id')
            .whereRef('analysis_corrections.video_id', '=', 'video_analyses.video_id'),
        ),
      )
      .orderBy('video_analyses.video_id')
      .execute();
    return rows.flatMap((row) =>
      row.analyzerJson !== null && row.currentJson !== null && row.pairFrames !== null
        ? [
            {
              videoId: row.videoId,
              analyzerJson: row.analyzerJson,
              currentJson: row.currentJson,
              pairFrames: row.pairFrames,
            },
          ]
        : [],
    );
  }

  async latest(): Promise<AdaptationRow | null> {
    const row = await this.db
      .selectFrom('position_adaptations')
      .selectAll()
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? {
          version: row.version,
          baseModel: row.base_model,
          fingerprint: row.fingerprint,
          examplesJson: row.examples_json,
          measurementJson: row.measurement_json,
          createdAt: row.created_at,
        }
      : null;
  }

  /**
   * Stores the next version after `previous` (null: the first). False when another refit stored that
   * version first: the caller's work is then already done by it, or will be by the next refit.
   */
  async add(
    previous: number | null,
    row: Omit<AdaptationRow, 'version' | 'createdAt'>,
  ): Promise<{ version: number; createdAt: string } | null> {
    const version = (previous ?? 0) + 1;
    const createdAt = this.clock.now().toISOString();
    try {
      await this.db
        .insertInto('position_adaptations')
        .values({
          version,
          base_model: row.baseModel,
          fingerprint: row.fingerprint,
          examples_json: row.examplesJson,
          measurement_json: row.measurementJson,
          created_at: createdAt,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    return { version, createdAt };
  }
}
