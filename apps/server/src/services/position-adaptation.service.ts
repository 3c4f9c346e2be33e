import { createHash, randomUUID } from 'node:crypto';
import type { PositionAdaptation, PositionAdaptationResponse } from '@openmat/contract/analysis';
import { ROLE_INSTRUCTOR } from '@openmat/contract/enums';
import { correctedSpans } from '../analysis/coach-layer.js';
import type { TimelineOf } from '../analysis/pipeline.js';
import {
  adaptationOf,
  decodeFit,
  encodeFit,
  examplesOf,
  fit,
  measure,
  type CorrectedVideo,
  type Example,
  type FrameAdaptation,
  Measurement,
  type PositionFeatureSpace,
} from '../analysis/positions/adaptation.js';
import { decodePairs } from '../analysis/positions/pair-frames.js';
import { forbidden } from '../errors.js';
import { msg } from '../i18n/catalog.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { parseJsonAs } from '../lib/parse-json.js';
import type { Principal } from '../lib/principal.js';
import type { AdaptationRow, PositionAdaptationRepository } from '../repositories/position-adaptation.repository.js';
import { readStoredResult } from './analysed-footage.js';
import type { JobQueue } from './job-queue.js';

export interface AdaptationSettings {
  /** Seconds a refit waits after a correction, so a coach's burst of edits makes one refit. */
  delaySeconds: number;
}

/** The adaptation new analyses are read with. */
export interface CurrentAdaptation {
  version: number;
  adaptation: FrameAdaptation;
}

/** How many times a refit starts again because corrections arrived while it ran. */
const REFIT_ROUNDS = 3;
const JOB_KEY = 'installation';

/**
 * The installation's position model learning from its coaches' corrections (ADR 0028): a refit (the
 * `positions.adapt` job, asked for after each correction of a ribbon) pairs the stored skeletons of every
 * corrected video with the coach's ribbon, measures the adaptation one video held out at a time, and
 * stores both as the next version. New analyses are read with the latest version.
 */
export class PositionAdaptationService {
  private cached: { version: number; value: CurrentAdaptation | null } | null = null;

  constructor(
    private readonly repository: PositionAdaptationRepository,
    private readonly jobs: Pick<JobQueue, 'enqueue'>,
    private readonly space: PositionFeatureSpace,
    private readonly timelineFor: (aspect: number) => TimelineOf,
    private readonly settings: AdaptationSettings,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Asks for a refit after a correction. The key is the delay's time slot the correction falls in: the
   * corrections of one slot wait for one job, and a job runs a whole delay after its slot began, so a
   * correction made while it runs falls in a later slot and queues a job of its own, a delay later. (The
   * slot came first, when a request made while its key's job ran was dropped, and a correction saved just
   * after a running refit's last look at the corrections was not learnt until the next one; the queues now
   * keep such a request too.) With no delay, every correction asks under a key of its own (a refit that
   * finds nothing new stores nothing).
   */
  async corrected(): Promise<void> {
    const delaySeconds = this.settings.delaySeconds;
    const slot =
      delaySeconds > 0 ? String(Math.floor(this.clock.now().getTime() / (delaySeconds * 1000))) : randomUUID();
    await this.jobs.enqueue('positions.adapt', {}, { jobKey: `${JOB_KEY}:${slot}`, delaySeconds });
  }

  /**
   * The job. Stores a new version when the corrections (or the base model) differ from what the latest
   * version was fitted on, and nothing otherwise, so running it twice does no harm. Corrections that
   * arrive while it runs make it run again.
   */
  async refit(): Promise<void> {
    for (let round = 0; round < REFIT_ROUNDS; round++) {
      const latest = await this.repository.latest();
      const videos = await this.correctedVideos();
      const fingerprint = this.fingerprintOf(videos);
      if (latest?.fingerprint === fingerprint) return;
      if (latest === null && videos.length === 0) return;
      const examples = new Map<number, Example[]>(
        videos.map((video) => [video.videoId, examplesOf(video, this.space)]),
      );
      const fitted = fit([...examples.values()].flat(), this.space);
      const measurement = measure(videos, examples, this.space, this.timelineFor);
      const stored = await this.repository.add(latest?.version ?? null, {
        baseModel: this.space.modelVersion,
        fingerprint,
        examplesJson: encodeFit(fitted),
        measurementJson: JSON.stringify(measurement),
      });
      // Another refit stored this version first: look again at what is now the latest.
      if (stored === null) continue;
      const after = await this.correctedVideos();
      if (this.fingerprintOf(after) === fingerprint) return;
    }
  }

  /** The latest adaptation for a new analysis, or null before any (or when it was fitted on another model). */
  async current(): Promise<CurrentAdaptation | null> {
    const latest = await this.repository.latest();
    if (latest === null) return null;
    if (latest.baseModel !== this.space.modelVersion) {
      // Fitted on a model since replaced: the base model reads alone until a refit on this one.
      await this.corrected();
      return null;
    }
    if (this.cached?.version === latest.version) return this.cached.value;
    const fitted = decodeFit(latest.examplesJson);
    const adaptation = fitted === null ? null : adaptationOf(fitted, this.space);
    const value = adaptation === null ? null : { version: latest.version, adaptation };
    this.cached = { version: latest.version, value };
    return value;
  }

  /** The latest figures, for instructors: how much the ribbon agrees with the coaches' corrections. */
  async summary(principal: Principal): Promise<PositionAdaptationResponse> {
    if (principal.role !== ROLE_INSTRUCTOR) throw forbidden(msg('auth.onlyInstructors'));
    const latest = await this.repository.latest();
    return { adaptation: latest === null ? null : summaryOf(latest) };
  }

  /** Every corrected analysis whose ribbon the coach changed and whose frames are stored. */
  private async correctedVideos(): Promise<CorrectedVideo[]> {
    const rows = await this.repository.correctedAnalyses();
    return rows.flatMap((row) => {
      const analyser = readStoredResult(row.analyzerJson);
      const current = readStoredResult(row.currentJson);
      const pairs = decodePairs(row.pairFrames);
      if (!analyser || !current || !pairs) return [];
      const coach = current.positionTimeline ?? [];
      const corrected = correctedSpans(analyser.positionTimeline ?? [], coach).filter((span) => span.shown !== null);
      if (corrected.length === 0) return [];
      return [{ videoId: row.videoId, pairs, coach, corrected: corrected.map(({ start, end }) => ({ start, end })) }];
    });
  }

  private fingerprintOf(videos: readonly CorrectedVideo[]): string {
    const hash = createHash('sha256').update(this.space.modelVersion);
    for (const video of videos) {
      hash.update(
        JSON.stringify({
          id: video.videoId,
          coach: video.coach.map((band) => [band.position, band.top, band.start, band.end]),
          corrected: video.corrected,
          frames: video.pairs.frames.length,
          student: video.pairs.student,
        }),
      );
    }
    return hash.digest('hex');
  }
}

function summaryOf(row: AdaptationRow): PositionAdaptation | null {
  const measurement = parseJsonAs(Measurement, row.measurementJson);
  if (measurement === null) return null;
  return {
    version: row.version,
    createdAt: row.createdAt,
    videos: measurement.videos,
    correctedSeconds: measurement.correctedSeconds,
    agreementAfter: measurement.after,
    agreementBefore: measurement.before,
    keptSeconds: measurement.keptSeconds,
    keptAfter: measurement.keptAfter,
    keptBefore: measurement.keptBefore,
  };
}
