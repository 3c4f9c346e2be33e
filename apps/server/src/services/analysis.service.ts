import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AnalysisResult, parseTimestamp, type AnalysisPatch, type AnalyzeAccepted } from '@openmat/contract/analysis';
import { ROLE_STUDENT } from '@openmat/contract/enums';
import { FALLBACK_LANGUAGE, type Language } from '@openmat/contract/languages';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import {
  MODEL_STILL_WIDTH,
  modelAnalysisRequest,
  readModelReply,
  stillTimes,
  type ModelAnalysisInput,
  type ModelReply,
  type Still,
} from '../analysis/model-analysis.js';
import { analyseRoll, type PoseDetector, type TimelineOf } from '../analysis/pipeline.js';
import { coachLayer, overlay } from '../analysis/coach-layer.js';
import { applyPatch } from '../analysis/patch.js';
import { encodePairs } from '../analysis/positions/pair-frames.js';
import { badRequest, conflict, forbidden, notFound, preconditionFailed, tooManyRequests } from '../errors.js';
import { msg, render, storeMessage, type Message } from '../i18n/catalog.js';
import type { ChatModel } from '../lib/chat-model.js';
import type { Principal } from '../lib/principal.js';
import { parseJsonAs } from '../lib/parse-json.js';
import type { AnalysisRepository } from '../repositories/analysis.repository.js';
import type { BlobStorage } from '../repositories/blob-storage.repository.js';
import {
  MediaTimeout,
  UndecodableVideo,
  type MediaRepository,
  type MediaSource,
} from '../repositories/media.repository.js';
import type { VideoRecord, VideoRepository } from '../repositories/video.repository.js';
import { analysisKnowledge } from './analysis-knowledge.js';
import { inReaderLanguage, inStoredLanguage, readingContextOf } from './analysis-reading.js';
import { readStoredResult } from './analysed-footage.js';
import type { EventPublisher } from './event-publisher.js';
import { videoJobKeys } from './job-keys.js';
import type { PositionAdaptationService } from './position-adaptation.service.js';
import { whileExists, type VideoService } from './video.service.js';

export interface AnalysisSettings {
  /** Frames sampled per second of video. */
  framesPerSecond: number;
  /** The size frames are scaled to (letterboxed) before the pose model sees them. */
  frameWidth: number;
  frameHeight: number;
  /** The least time between two requests to analyse one video, in seconds. */
  rerunSeconds: number;
}

/** The optional vision model that writes the findings instead of the local analyser. */
export interface VisionModel {
  readonly model: ChatModel;
  /** Its name, as the result's analyzer. */
  readonly name: string;
}

/** What the vision model is told besides the stills. */
type ModelInput = Omit<ModelAnalysisInput, 'stills'>;

/** Calls to the vision model per analysis at most: failures it is not paid for are tried again, to this. */
const MAX_MODEL_CALLS = 3;
/** The wait before the second call, and twice that before the third. */
const MODEL_RETRY_MS = 500;

/**
 * A failure another try cannot mend (the file does not decode); the job registry fails the job at once.
 * Its reason is kept as a message, so that each reader gets it in their own language.
 */
export class AnalysisImpossible extends Error {
  override name = 'AnalysisImpossible';
  constructor(readonly reason: Message) {
    super(render(reason, FALLBACK_LANGUAGE));
  }
}

/** A kept answer of the vision model, read back. */
const ModelReplyRecord = z.object({
  content: z.string().nullable(),
  refusal: z.string().nullable(),
  finishReason: z.string().nullable(),
});

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
    private readonly events: EventPublisher,
    private readonly detector: () => Promise<PoseDetector>,
    private readonly timelineOf: TimelineOf,
    private readonly settings: AnalysisSettings,
    private readonly vision: VisionModel | null = null,
    private readonly log: { warn(details: object, message: string): void } = { warn: () => undefined },
    private readonly metrics?: { analysed(wallSeconds: number, videoSeconds: number): void },
    /** The installation's adaptation of the position model to its coaches' corrections (ADR 0028). */
    private readonly adaptations: Pick<PositionAdaptationService, 'corrected' | 'current'> | null = null,
  ) {}

  /**
   * Queues the analysis (202): the uploader, or an instructor it was shared with, may ask. Asking
   * while one is queued or running queues nothing more.
   */
  async request(principal: Principal, videoId: number, language: Language): Promise<AnalyzeAccepted> {
    const video = await this.videoAccess.visibleTo(principal, videoId);
    this.mayEdit(principal, video);
    // Behind the uploader's own waiting work, so that a long queue of one account takes turns; the job is
    // written with the queued analysis itself (the outbox).
    const priority = await this.videos.pendingWorkOf(video.uploaderUserId);
    const asked = await this.analyses.request(videoId, principal.userId, language, this.settings.rerunSeconds, {
      name: 'video.analyze',
      payload: { videoId },
      jobKey: videoJobKeys.analyze(videoId),
      priority,
    });
    if (asked.status === 'tooSoon') {
      throw tooManyRequests(
        msg('analysis.tooSoon', { count: Math.ceil(asked.retryAfterSeconds / 60) }),
        asked.retryAfterSeconds,
      );
    }
    return { message: render(msg('analysis.started'), language), videoId };
  }

  /**
   * The stored analysis, for whoever may see the video, in the reader's language (what the analyser
   * wrote is written again for them; what a coach typed stays as typed); 404 before one exists.
   */
  async result(
    principal: Principal,
    videoId: number,
    language: Language,
  ): Promise<{ result: AnalysisResult; revision: string }> {
    const video = await this.videoAccess.visibleTo(principal, videoId);
    const stored = await this.analyses.current(videoId);
    const parsed = stored === null ? null : readStoredResult(stored);
    if (stored === null || !parsed) throw notFound(msg('analysis.notFound', { id: videoId }));
    return {
      result: inReaderLanguage(parsed, language, readingContextOf(video, this.settings.framesPerSecond)),
      revision: revisionOf(stored),
    };
  }

  /** A correction's times inside the video: the ribbon, the comments, the drawings and the techniques end by its end, when its length is known. */
  private checkInside(patch: AnalysisPatch, video: VideoRecord): void {
    const length = video.durationSeconds;
    if (length === null || length <= 0) return;
    // A pointer at the very end of the timeline, and the rounding of the container's length, get a moment's slack.
    const limit = length + 0.5;
    const timelineEnd = Math.max(0, ...(patch.positionTimeline ?? []).map((segment) => segment.end));
    const lastComment = Math.max(0, ...(patch.comments ?? []).map((comment) => comment.time));
    if (timelineEnd > limit || lastComment > limit) {
      throw badRequest(msg('analysis.timelineTooLong', { seconds: Math.round(length) }));
    }
    const lastDrawing = Math.max(0, ...(patch.drawings ?? []).map((drawing) => drawing.time));
    if (lastDrawing > limit) throw badRequest(msg('analysis.drawingTooLate', { seconds: Math.round(length) }));
    const lastTechnique = Math.max(
      0,
      ...(patch.techniques ?? []).map((technique) => parseTimestamp(technique.endTimestamp) ?? 0),
    );
    // Timestamps are whole seconds: a technique may end in the second the video ends in.
    if (lastTechnique > Math.ceil(limit)) {
      throw badRequest(msg('analysis.techniqueTooLate', { seconds: Math.round(length) }));
    }
  }

  /** Records whether a reader found the analysis helpful: anyone who may see it, once there is one. */
  async feedback(principal: Principal, videoId: number, helpful: boolean): Promise<void> {
    await this.videoAccess.visibleTo(principal, videoId);
    if ((await this.analyses.current(videoId)) === null) throw notFound(msg('analysis.notFound', { id: videoId }));
    await this.analyses.addFeedback(videoId, principal.userId, helpful);
  }

  /**
   * A coach's correction (the contract's replace-by-list rule): the uploader and instructors it was
   * shared with may edit. Every correction is kept. Two editors at once never overwrite each other
   * unseen: a concurrent change is merged again, and only a persistent race answers 409. An editor that
   * names the revision it read (`expected`, from `If-Match`) is refused with 412 once the analysis has
   * changed since (another editor saved, or a new run was stored): its lists were that revision's, and
   * would replace what it never saw.
   */
  async correct(
    principal: Principal,
    videoId: number,
    patch: AnalysisPatch,
    language: Language,
    expected?: readonly string[],
  ): Promise<{ result: AnalysisResult; revision: string }> {
    const video = await this.videoAccess.visibleTo(principal, videoId);
    this.mayEdit(principal, video);
    this.checkInside(patch, video);
    const reading = readingContextOf(video, this.settings.framesPerSecond);
    const author = patch.comments ? await this.analyses.authorName(principal.userId) : null;
    for (let attempt = 0; attempt < CORRECTION_TRIES; attempt++) {
      const before = await this.analyses.current(videoId);
      const current = before === null ? null : readStoredResult(before);
      if (before === null || !current) throw notFound(msg('analysis.notFound', { id: videoId }));
      if (expected && !expected.includes(revisionOf(before)))
        throw preconditionFailed(msg('analysis.changedSinceRead'));
      // What the editor sent back of the analyser's words, in their language, is kept in the stored one.
      const sent = inStoredLanguage(patch, current, language, reading);
      const after = AnalysisResult.parse(applyPatch(current, sent, author));
      const stored = JSON.stringify(after);
      if (await this.analyses.correct(videoId, principal.userId, before, stored)) {
        if (patch.positionTimeline !== undefined) await this.askForRefit(videoId);
        return { result: inReaderLanguage(after, language, reading), revision: revisionOf(stored) };
      }
    }
    throw conflict(msg('analysis.editConflict'));
  }

  /** A corrected ribbon teaches the position model: a refit is asked for (the correction stands if that fails). */
  private async askForRefit(videoId: number): Promise<void> {
    try {
      await this.adaptations?.corrected();
    } catch (error) {
      this.log.warn({ videoId, err: error }, 'a refit of the position adaptation could not be queued');
    }
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
    await whileExists(this.videos, videoId, async (signal) => {
      try {
        await this.analyse(video, state.language, audience, signal);
      } catch (error) {
        // Deleted while it ran: nobody waits for the result, and nothing is tried again.
        if (signal.aborted || !(await this.videos.exists(videoId))) return;
        throw error;
      }
    });
  }

  private async analyse(video: VideoRecord, language: Language, audience: number[], signal: AbortSignal) {
    const videoId = video.id;
    const state = { language };
    const source = await this.storage.localFile(video.sourceKey);
    try {
      const info = await this.media.probe(source.path);
      if (!info) throw new AnalysisImpossible(msg('analysis.notDecodable'));
      const input: MediaSource = { path: source.path, demuxer: info.demuxer, durationSeconds: info.durationSeconds };
      const durationSeconds = info.durationSeconds ?? 0;
      const started = performance.now();
      const detector = await this.detector();
      // The latest adaptation to the coaches' corrections reads the ribbon; the frames are kept for the next.
      const adaptation = (await this.adaptations?.current()) ?? null;
      let pairFrames: string | null = null;
      const aspect = this.settings.frameWidth / this.settings.frameHeight;
      const frames = this.media.sampleFrames(
        input,
        {
          framesPerSecond: this.settings.framesPerSecond,
          width: this.settings.frameWidth,
          height: this.settings.frameHeight,
        },
        signal,
      );
      const result = await analyseRoll(frames, detector, this.timelineOf, analysisKnowledge, {
        durationSeconds,
        framesPerSecond: this.settings.framesPerSecond,
        studentIdentifier: video.studentIdentifier,
        language: state.language,
        onProgress: async (share) => {
          await this.analyses.setProgress(videoId, share);
          await this.publishProgress(videoId, audience, share);
        },
        ...(adaptation ? { adaptation: adaptation.adaptation } : {}),
        onPairs: (frames, student) => {
          pairFrames = encodePairs({ aspect, student, frames });
        },
      }).catch((error: unknown) => {
        if (error instanceof UndecodableVideo) {
          throw new AnalysisImpossible(msg('analysis.notDecodable'));
        }
        if (error instanceof MediaTimeout) {
          const minutes = Math.ceil(error.budgetSeconds / 60);
          throw new AnalysisImpossible(msg('analysis.overBudget', { count: minutes }));
        }
        throw error;
      });
      let stored = AnalysisResult.parse(result);
      let analyzer = `${detector.name} ${detector.version}`;
      // The vision model writes the findings when one is configured and there is someone to look at.
      if (this.vision && (stored.athletes?.found ?? 0) > 0) {
        const byModel = await this.modelResult(this.vision, videoId, input, {
          local: stored,
          durationSeconds,
          studentIdentifier: video.studentIdentifier,
          language: state.language,
        });
        if (byModel) {
          stored = byModel;
          analyzer = `${this.vision.name} (${analyzer} positions)`;
        }
      }
      stored = { ...stored, positionAdaptation: adaptation ? { version: adaptation.version } : null };
      this.metrics?.analysed((performance.now() - started) / 1000, durationSeconds);
      if (!(await this.completeUnderCoachLayer(videoId, stored, analyzer, pairFrames))) return;
      await this.events.publish({
        type: 'analysis.completed',
        userIds: await this.analyses.audience(videoId),
        videoId,
      });
    } catch (error) {
      if (error instanceof AnalysisImpossible) await this.markFailed(videoId, error.reason);
      throw error;
    } finally {
      await source.release();
    }
  }

  /**
   * Stores a new analyser result without losing the coach's work: the current analysis becomes the new
   * result with the coach's layer (what the coach changed of the analyser's last result) laid over it.
   * A coach saving meanwhile makes it merge again. False when the video is gone.
   */
  private async completeUnderCoachLayer(
    videoId: number,
    result: AnalysisResult,
    analyzer: string,
    pairFrames: string | null,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < CORRECTION_TRIES; attempt++) {
      const [previousJson, currentJson] = await Promise.all([
        this.analyses.analyzerResult(videoId),
        this.analyses.current(videoId),
      ]);
      const previous = previousJson === null ? null : readStoredResult(previousJson);
      const current = currentJson === null ? null : readStoredResult(currentJson);
      const merged =
        previous && current ? AnalysisResult.parse(overlay(result, coachLayer(previous, current))) : result;
      const outcome = await this.analyses.complete(
        videoId,
        JSON.stringify(result),
        JSON.stringify(merged),
        analyzer,
        currentJson,
        pairFrames,
      );
      if (outcome !== 'changed') return outcome === 'done';
    }
    throw new Error('the analysis kept changing while its new result was stored');
  }

  /** The vision model's result, or null to keep the local one (no answer, or one that was refused). */
  private async modelResult(vision: VisionModel, videoId: number, file: MediaSource, input: ModelInput) {
    const reply = await this.modelReply(vision, videoId, file, input);
    if (!reply) return null;
    const reading = readModelReply(reply, input, analysisKnowledge, vision.name);
    if (reading.ok) return reading.result;
    this.log.warn(
      { videoId, reason: reading.reason },
      "the vision model's answer was refused; the local analysis stands",
    );
    return null;
  }

  /**
   * The vision model's answer for this request. A model is paid for each answer, so an answer is kept
   * as soon as it arrives and a later try (after a crash, say) reads it instead of asking again; a call
   * that started and never ended may have been paid for, so it is not made again either. Calls that
   * ended without an answer (unreachable, HTTP errors) are tried again, up to MAX_MODEL_CALLS.
   */
  private async modelReply(
    vision: VisionModel,
    videoId: number,
    file: MediaSource,
    input: ModelInput,
  ): Promise<ModelReply | null> {
    const calls = await this.analyses.modelCalls(videoId);
    if (!calls) return null;
    if (calls.reply !== null) return parseJsonAs(ModelReplyRecord, calls.reply);
    if (calls.started > calls.unbilled) {
      this.log.warn({ videoId }, 'a call to the vision model was cut short earlier; the local analysis stands');
      return null;
    }
    let stills: Still[];
    try {
      stills = await Promise.all(
        stillTimes(input.durationSeconds).map(async (time) => ({
          time,
          jpeg: await this.media.still(file, time, MODEL_STILL_WIDTH),
        })),
      );
    } catch (error) {
      this.log.warn({ videoId, err: error }, 'no stills for the vision model; the local analysis stands');
      return null;
    }
    const request = modelAnalysisRequest({ ...input, stills });
    for (let started = calls.started; started < MAX_MODEL_CALLS; started++) {
      // Recorded before it is made, and only if no other worker made one meanwhile.
      if (!(await this.analyses.startModelCall(videoId, started))) return null;
      const answer = await vision.model.complete(request);
      if (answer.ok) {
        const reply: ModelReply = {
          content: answer.content,
          refusal: answer.refusal,
          finishReason: answer.finishReason,
        };
        await this.analyses.saveModelReply(videoId, JSON.stringify(reply));
        return reply;
      }
      await this.analyses.endModelCallUnbilled(videoId);
      this.log.warn({ videoId, reason: answer.reason }, 'the vision model did not answer');
      // An overloaded or restarting API is given a moment before the next try.
      if (started + 1 < MAX_MODEL_CALLS) await delay(MODEL_RETRY_MS * (started + 1));
    }
    return null;
  }

  /**
   * Out of tries: unless it already failed with its own reason, or a try stored its result (its worker
   * died before the queue heard, and the queue gave up on it), the analysis fails and its audience is told.
   */
  async failed(videoId: number): Promise<void> {
    const state = await this.analyses.state(videoId);
    if (!state || state.status === 'failed' || state.status === 'completed') return;
    await this.markFailed(videoId, msg('analysis.failed'));
  }

  /** Fails the analysis for `reason`, kept as the decision and told to each of its audience in their language. */
  private async markFailed(videoId: number, reason: Message): Promise<void> {
    await this.analyses.fail(videoId, storeMessage(reason));
    const userIds = await this.analyses.audience(videoId);
    if (userIds.length === 0) return;
    await this.events.publish({
      type: 'analysis.failed',
      userIds,
      videoId,
      message: render(reason, FALLBACK_LANGUAGE),
      messages: { en: render(reason, 'en'), pl: render(reason, 'pl') },
    });
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
}

/** The revision of a stored analysis (its `ETag`): every change to what is stored makes a new one. */
function revisionOf(stored: string): string {
  return createHash('sha256').update(stored).digest('base64url').slice(0, 22);
}
