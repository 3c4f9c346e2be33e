import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** An analysed video someone may watch, with its current analysis (the analyser's, as corrected). */
export interface AnalysedFootage {
  videoId: number;
  description: string;
  fighterName: string | null;
  uploadedAt: string;
  resultJson: string;
}

/**
 * The academy's analysed footage as the coaching features read it: only videos the reader uploaded or
 * that were shared with them, so a student's private clip never steers someone else's plan or search.
 */
export class FootageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Videos `viewerUserId` may watch, with an analysis, the newest first, at most `limit`. */
  async visibleAnalyses(viewerUserId: number, limit: number): Promise<AnalysedFootage[]> {
    const rows = await this.visibleTo(viewerUserId)
      .leftJoin('fighters', 'fighters.id', 'videos.fighter_id')
      .select([
        'videos.id',
        'videos.description',
        'videos.uploaded_at',
        'videos.ai_analysis_result',
        'fighters.fighter_name',
      ])
      .orderBy('videos.uploaded_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(limit)
      .execute();
    return rows.flatMap((row) =>
      row.ai_analysis_result === null
        ? []
        : [
            {
              videoId: row.id,
              description: row.description,
              fighterName: row.fighter_name,
              uploadedAt: row.uploaded_at,
              resultJson: row.ai_analysis_result,
            },
          ],
    );
  }

  /**
   * The analyses of videos of the fighters on a session's roster that `viewerUserId` may watch,
   * uploaded at or after `since` (an ISO time).
   */
  async rosterAnalyses(sessionId: number, viewerUserId: number, since: string): Promise<string[]> {
    const rows = await this.visibleTo(viewerUserId)
      .innerJoin('session_attendees', 'session_attendees.fighter_id', 'videos.fighter_id')
      .select('videos.ai_analysis_result')
      .where('session_attendees.session_id', '=', sessionId)
      .where('videos.uploaded_at', '>=', since)
      .orderBy('videos.id')
      .execute();
    return rows.flatMap((row) => (row.ai_analysis_result === null ? [] : [row.ai_analysis_result]));
  }

  private visibleTo(viewerUserId: number) {
    return this.db
      .selectFrom('videos')
      .where('videos.ai_analysis_result', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('videos.uploader_user_id', '=', viewerUserId),
          eb.exists(
            eb
              .selectFrom('video_shares')
              .select('video_shares.video_id')
              .whereRef('video_shares.video_id', '=', 'videos.id')
              .where('video_shares.recipient_user_id', '=', viewerUserId),
          ),
        ]),
      );
  }
}
