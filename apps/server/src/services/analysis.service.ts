import {
  AnalysisResult,
  type AnalysisPatch,
  type AnalysisStatus,
  type AnalyzeAccepted,
} from '@openmat/contract/analysis';
import { ROLE_STUDENT } from '@openmat/contract/enums';
import type { Language } from '@openmat/contract/languages';
import { analyseRoll, type PoseDetector, type TimelineOf } from '../analysis/pipeline.js';
import { applyPatch } from '../analysis/patch.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { msg, render } from '../i18n/catalog.js';
import type { Principal } from '../lib/principal.js';
import { parseJson } from '../lib/parse-json.js';
import type { AnalysisRepository } from '../repositories/analysis.repository.js';
import type { BlobStorage } from '../repositories/blob-storage.repository.js';
import type { MediaRepository } from '../repositories/media.repository.js';
import type { VideoRecord, VideoRepository } from '../repositories/video.repository.js';
import { analysisKnowledge } from './analysis-knowledge.js';
import type { EventPublisher } from './event-publisher.js';
import type { JobQueue } from './job-queue.js';
import type { VideoService } from './video.service.js';

export interface AnalysisSettings {
  /** Frames sampled per second of video. */
  framesPerSecond: number;
  /** The size frames are scaled to (letterboxed) before the pose model sees them. */
  frameWidth: number;
  frameHeight: number;
}

/** A failure another try cannot mend (the file does not decode); the job registry fails the job at once. */
export class AnalysisImpossible extends Error {
  override name = 'AnalysisImpossible';
}

/** How many times a concurrent edit is merged again before the editor is told to reload. */
const CORRECTION_TRIES = 3;

/**
 * The analysis of sparring videos: who may ask for one and read or correct it, the background job
 * that runs the local analyser, and the news of its progress and outcome, which reaches only the
 * uploader and those the video was shared with.
 */
export class AnalysisService {
  constructor(
    private readonly videoAccess: Pick<VideoService, 'visibleTo'>,
    private readonly videos: VideoRepository,
    private readonly analyses: AnalysisRepository,
    private readonly storage: BlobStorage,
    private readonly media: MediaRepository,
    private readonly jobs: JobQueue,
    private readonly events: EventPublisher,
    private readonly detector: () => Promise<PoseDetector>,
    private readonly timelineOf: TimelineOf,
    private readonly settings: AnalysisSettings,
  ) {}

  /**
   * Queues the analysis (202): the uploader, or an instructor it was shared with, may ask. Asking
   * while one is queued or running queues nothing more.
   */
  async request(principal: Principal, videoId: number, language: Language): Promise<AnalyzeAccepted> {
    const video = await this.videoAccess.visibleTo(principal, videoId);
    this.mayEdit(principal, video);
    if (await this.analyses.request(videoId, principal.userId, language)) {
      await this.jobs.enqueue('video.analyze', { videoId }, { jobKey: String(videoId) });
    }
    return { message: render(msg('analysis.started'), language), videoId };
  }

  /** The stored analysis, for whoever may see the video; 404 before one exists. */
  async result(principal: Principal, videoId: number): Promise<AnalysisResult> {
    await this.videoAccess.visibleTo(principal, videoId);
    const stored = await this.analyses.current(videoId);
    const parsed = stored === null ? null : this.parse(stored);
    if (!parsed) throw notFound(msg('analysis.notFound', { id: videoId }));
    return parsed;
  }

  /** Where the analysis of each video stands, for the lists. */
  async statuses(videoIds: readonly number[]): Promise<Map<number, { status: AnalysisStatus; progress: number }>> {
    const states = await this.analyses.states(videoIds);
    return new Map(
      videoIds.map((id) => {
        const state = states.get(id);
        return [id, state ? { status: state.status, progress: state.progress } : { status: 'none', progress: 0 }];
      }),
    );
  }

  /**
   * A coach's correction (the contract's replace-by-list rule): the uploader and instructors it was
   * shared with may edit. Every correction is kept. Two editors at once never overwrite each other
   * unseen: a concurrent change is merged again, and only a persistent race answers 409.
   */
  async correct(principal: Principal, videoId: number, patch: AnalysisPatch): Promise<AnalysisResult> {
    const video = await this.videoAccess.visibleTo(principal, videoId);
    this.mayEdit(principal, video);
    for (let attempt = 0; attempt < CORRECTION_TRIES; attempt++) {
      const before = await this.analyses.current(videoId);
      const current = before === null ? null : this.parse(before);
      if (before === null || !current) throw notFound(msg('analysis.notFound', { id: videoId }));
      const after = AnalysisResult.parse(applyPatch(current, patch));
      if (await this.analyses.correct(videoId, principal.userId, before, JSON.stringify(after))) return after;
    }
    throw conflict(msg('analysis.editConflict'));
  }

  /**
   * The job: samples the frames, runs the analyser, stores the one result, and tells who it concerns.
   * A file that does not decode fails at once (AnalysisImpossible), with a message for the user.
   */
  async run(videoId: number): Promise<void> {
    const video = await this.videos.findById(videoId);
    const state = await this.analyses.state(videoId);
    if (!video || !state) return;
    await this.analyses.markRunning(videoId);
    const audience = await this.analyses.audience(videoId);
    await this.publishProgress(videoId, audience, 0);
    const source = await this.storage.localFile(video.sourceKey);
    try {
      const info = await this.media.probe(source.path);
      if (!info) throw new AnalysisImpossible(render(msg('analysis.notDecodable'), state.language));
      const detector = await this.detector();
      const frames = this.media.sampleFrames(source.path, {
        framesPerSecond: this.settings.framesPerSecond,
        width: this.settings.frameWidth,
        height: this.settings.frameHeight,
      });
      const result = await analyseRoll(frames, detector, this.timelineOf, analysisKnowledge, {
        durationSeconds: info.durationSeconds ?? 0,
        framesPerSecond: this.settings.framesPerSecond,
        studentIdentifier: video.studentIdentifier,
        language: state.language,
        onProgress: async (share) => {
          await this.analyses.setProgress(videoId, share);
          await this.publishProgress(videoId, audience, share);
        },
      }).catch((error: unknown) => {
        if (error instanceof Error && /could not decode/.test(error.message)) {
          throw new AnalysisImpossible(render(msg('analysis.notDecodable'), state.language));
        }
        throw error;
      });
      const stored = AnalysisResult.parse(result);
      const analyzer = `${detector.name} ${detector.version}`;
      if (!(await this.analyses.complete(videoId, JSON.stringify(stored), analyzer))) return;
      await this.events.publish({
        type: 'analysis.completed',
        userIds: await this.analyses.audience(videoId),
        videoId,
      });
    } catch (error) {
      if (error instanceof AnalysisImpossible) await this.markFailed(videoId, error.message);
      throw error;
    } finally {
      await source.release();
    }
  }

  /** Out of tries: unless it already failed with its own reason, the analysis fails and its audience is told. */
  async failed(videoId: number): Promise<void> {
    const state = await this.analyses.state(videoId);
    if (!state || state.status === 'failed') return;
    await this.markFailed(videoId, render(msg('analysis.failed'), state.language));
  }

  private async markFailed(videoId: number, message: string): Promise<void> {
    await this.analyses.fail(videoId, message);
    const userIds = await this.analyses.audience(videoId);
    if (userIds.length > 0) await this.events.publish({ type: 'analysis.failed', userIds, videoId, message });
  }

  private async publishProgress(videoId: number, userIds: number[], share: number): Promise<void> {
    if (userIds.length === 0) return;
    await this.events.publish({ type: 'analysis.progress', userIds, videoId, percent: Math.round(share * 100) });
  }

  private mayEdit(principal: Principal, video: VideoRecord): void {
    if (video.uploaderUserId === principal.userId) return;
    // Shared with them (visibleTo checked that): instructors may work on it, students only read it.
    if (principal.role === ROLE_STUDENT || principal.role === null) throw forbidden(msg('analysis.onlyEditors'));
  }

  private parse(text: string): AnalysisResult | null {
    const json = parseJson(text);
    if (!json.ok) return null;
    const parsed = AnalysisResult.safeParse(json.value);
    return parsed.success ? parsed.data : null;
  }
}
