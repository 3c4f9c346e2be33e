import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { ROLE_STUDENT } from '@openmat/contract/enums';
import {
  VideoUploadFieldsWithName,
  type AthleteCandidates,
  type MutedSharer,
  type ShareCandidates,
  type ShareVideoRequest,
  type SharedVideo,
  type UploadedVideo,
} from '@openmat/contract/videos';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@openmat/contract/languages';
import { AppError, forbidden, messageError, notFound } from '../errors.js';
import { msg, readStoredMessage, render, translator } from '../i18n/catalog.js';
import { issueMessages } from '../i18n/library-messages.js';
import type { Clock } from '../lib/clock.js';
import type { Principal } from '../lib/principal.js';
import type { JobQueue } from './job-queue.js';
import { videoJobKeys } from './job-keys.js';
import type { EventPublisher } from './event-publisher.js';
import type { BlobStorage, LocalBlobStorage, UrlSigner } from '../repositories/blob-storage.repository.js';
import { MediaTimeout, type MediaInfo, type MediaRepository } from '../repositories/media.repository.js';
import { TooLargeError, type StagedFile, type UploadStaging } from '../repositories/upload-staging.repository.js';
import type { VideoRecord, VideoRepository } from '../repositories/video.repository.js';
import { ResumableUploads, type UploadRefusal } from '../repositories/resumable-upload.repository.js';
import type { Locker } from '@tus/utils';
import { isDependencyUnavailable } from '../lib/unavailable.js';
import type { FighterRepository } from '../repositories/fighter.repository.js';
import { fighterDto, videoAthleteView } from './fighter-privacy.js';
import { storedInReaderLanguage } from './analysis-reading.js';

export type { StagedFile };

/** What the video service tells the real-time side: a share, for its recipients only. */
export type VideoEvents = EventPublisher;

export interface VideoSettings {
  maxBytes: number;
  /** The longest video accepted, in seconds, and the largest frame, in pixels a side. */
  maxSeconds: number;
  maxDimension: number;
  /** Bytes one account may store (videos and unfinished uploads); 0 is no limit. */
  quotaBytes: number;
  /** Resumable uploads one account may have unfinished at once. */
  maxUnfinishedUploads: number;
  /** Lifetime of a signed address, in seconds. */
  urlSeconds: number;
  /** Frames a second the analyser samples: its words say how much of the roll it read. */
  analysisFramesPerSecond: number;
  /** Resumable uploads: the folder their parts collect in, and the lock shared by API instances. */
  resumable: {
    directory: string;
    path: string;
    locker?: Locker;
    clock?: Clock;
    /** With S3, the bucket keeps uploads, so any instance resumes any upload. */
    s3?: ConstructorParameters<typeof ResumableUploads>[0]['s3'];
  };
}

/** A failure another try cannot mend: the job registry fails the job at once. */
export class PermanentFailure extends Error {
  override name = 'PermanentFailure';
}

/** How often a running job looks whether its video was deleted meanwhile. */
const DELETION_CHECK_MS = 2000;

/**
 * Runs `work` with a signal that aborts once the video is deleted (looked up every couple of seconds,
 * so it holds across processes and job queues): a running job stops instead of working for nobody.
 */
export async function whileExists<T>(
  videos: Pick<VideoRepository, 'exists'>,
  videoId: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setInterval(() => {
    videos.exists(videoId).then(
      (exists) => {
        if (!exists) controller.abort();
      },
      () => undefined, // The database is away for a moment: the next look decides.
    );
  }, DELETION_CHECK_MS);
  try {
    return await work(controller.signal);
  } finally {
    clearInterval(timer);
  }
}

/** A language kept in an upload's metadata; English when it is missing or unknown. */
function parseLanguage(value: string | undefined): Language {
  return value !== undefined && isLanguage(value) ? value : FALLBACK_LANGUAGE;
}

/** Scratch files untouched this long are leftovers. */
const SCRATCH_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Stored files no video has are removed once they are this old (`sweepOrphanFiles`). */
const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;
/** Keys looked up in the database at once by the sweep. */
const ORPHAN_BATCH = 500;
/** A key this service makes for a video's files: "<uuid>/<file>". */
const VIDEO_FILE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_.-]+$/;

/** Unfinished resumable uploads are kept this long, then removed. */
const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** The container names of ffprobe, each with the extension and type the stored file gets. */
const CONTAINERS: ReadonlyArray<{ format: string; extension: string; type: string }> = [
  { format: 'webm', extension: '.webm', type: 'video/webm' },
  { format: 'mp4', extension: '.mp4', type: 'video/mp4' },
  { format: 'mov', extension: '.mov', type: 'video/quicktime' },
  { format: 'avi', extension: '.avi', type: 'video/x-msvideo' },
  { format: 'matroska', extension: '.mkv', type: 'video/x-matroska' },
  { format: 'mpeg', extension: '.mpg', type: 'video/mpeg' },
  { format: 'mpegts', extension: '.ts', type: 'video/mp2t' },
];

function containerOf(info: MediaInfo): { extension: string; type: string } {
  const formats = info.formatName.split(',');
  // ffprobe names MP4 and MOV together ("mov,mp4,m4a,…"); a browser-playable one is served as MP4.
  if (formats.includes('mp4') && info.browserPlayable) return { extension: '.mp4', type: 'video/mp4' };
  return (
    CONTAINERS.find((known) => formats.includes(known.format)) ?? {
      extension: '.bin',
      type: 'application/octet-stream',
    }
  );
}

const POSTER_TYPE = 'image/jpeg';
const PLAYABLE_TYPE = 'video/mp4';

/**
 * Uploaded videos: taking one in (checked by its content, deduplicated per uploader by SHA-256), who
 * may see, delete and share it, and preparing it for playback in any browser.
 */
export class VideoService {
  constructor(
    private readonly videos: VideoRepository,
    private readonly storage: BlobStorage,
    private readonly media: MediaRepository,
    private readonly staging: UploadStaging,
    private readonly jobs: JobQueue,
    private readonly events: VideoEvents,
    private readonly settings: VideoSettings,
    /** The app's own file serving, when videos are kept on the local disk (not in S3). */
    private readonly local: { storage: LocalBlobStorage; signer: UrlSigner } | null,
    /** The app's clock: a class counts for sharing once it has started by it. */
    private readonly clock: Clock,
    /** The athletes of videos, shown as ADR 0009 lets each viewer see them. */
    private readonly fighters: FighterRepository,
    /** Who a user is, for finishing their upload with nobody waiting (the sweep at start). */
    private readonly principalFor: (userId: number) => Promise<Principal>,
    /** Told after a video is deleted: what the position model learned from its corrections goes with it (ADR 0028). */
    private readonly afterDelete: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.uploads = new ResumableUploads({
      ...settings.resumable,
      maxBytes: settings.maxBytes,
      expireAfterMs: RESUMABLE_EXPIRY_MS,
      hooks: {
        create: (request, metadata, size) => this.checkResumable(request, metadata, size),
        tooLarge: (request) => {
          const { language } = this.callerOf(request);
          return { status: 413, body: { message: render(this.tooLarge().detail, language) } };
        },
        mayContinue: (request, metadata) => metadata.ownerId === String(this.callerOf(request).principal.userId),
        finish: (request, file, metadata, uploadId) => {
          const { principal, language } = this.callerOf(request);
          return this.finishUpload(principal, language, file, metadata, uploadId);
        },
        finishUnattended: async (file, metadata, uploadId) => {
          const principal = await this.principalFor(Number(metadata.ownerId));
          const language = parseLanguage(metadata.language);
          return this.finishUpload(principal, language, file, metadata, uploadId);
        },
        finished: async (request, uploadId) => {
          const video = await this.videos.findByUploadId(uploadId);
          if (!video || video.uploaderUserId !== this.callerOf(request).principal.userId) return null;
          return { headers: { 'Video-Id': String(video.id) }, size: video.sizeBytes };
        },
      },
    });
  }

  private readonly uploads: ResumableUploads;
  /** The signed-in caller of each resumable-upload request in progress. */
  private readonly callers = new WeakMap<IncomingMessage, { principal: Principal; language: Language }>();

  private callerOf(request: IncomingMessage) {
    const caller = this.callers.get(request);
    if (!caller) throw new Error('a resumable upload request without its caller');
    return caller;
  }

  /** Hands a tus request of the signed-in caller to the protocol (creation, HEAD, PATCH, DELETE). */
  async resumable(principal: Principal, language: Language, request: IncomingMessage, response: ServerResponse) {
    this.callers.set(request, { principal, language });
    try {
      await this.uploads.handle(request, response);
    } finally {
      this.callers.delete(request);
    }
  }

  /** Lets go of the connections of resumable uploads (the bucket's client). */
  close(): void {
    this.uploads.close();
  }

  /**
   * Removes scratch files untouched for a day (cut uploads, copies of a killed worker). A day is longer
   * than any job may run (its budget), so no running job loses its copy.
   */
  sweepScratch(): Promise<number> {
    return this.staging.sweep(SCRATCH_MAX_AGE_MS);
  }

  /**
   * Removes stored files that no video has, written over a day ago: those of a deleted video whose
   * removal failed or was cut short (the row goes first), and those of an upload that stopped between
   * storing its file and writing its row. A day is far longer than that gap, and than any processing
   * job takes to record the poster and playable copy it stored. Only keys this service makes
   * ("<uuid>/<file>") are looked at: the bucket's resumable uploads are not videos. Answers how many.
   */
  async sweepOrphanFiles(): Promise<number> {
    const cutoff = this.clock.now().getTime() - ORPHAN_MIN_AGE_MS;
    let removed = 0;
    let batch: string[] = [];
    const removeUnknown = async () => {
      const known = await this.videos.knownKeys(batch);
      const orphans = batch.filter((key) => !known.has(key));
      batch = [];
      await this.storage.delete(orphans);
      removed += orphans.length;
    };
    for await (const object of this.storage.list()) {
      if (!VIDEO_FILE_KEY.test(object.key) || object.modifiedAt.getTime() > cutoff) continue;
      batch.push(object.key);
      if (batch.length >= ORPHAN_BATCH) await removeUnknown();
    }
    if (batch.length > 0) await removeUnknown();
    return removed;
  }

  /** A new resumable upload's fields are checked at once, so nobody sends gigabytes to learn of a typo. */
  private async checkResumable(
    request: IncomingMessage,
    metadata: Record<string, string>,
    size: number | undefined,
  ): Promise<Record<string, string> | UploadRefusal> {
    const { principal, language } = this.callerOf(request);
    const t = translator(language);
    // The file name too: tus metadata is base64, so a NUL in it would otherwise reach the database.
    const fields = VideoUploadFieldsWithName.safeParse(metadata);
    if (!fields.success) {
      const errors = Object.fromEntries(
        Object.entries(issueMessages(fields.error.issues)).map(([field, messages]) => [
          field,
          messages.map((m) => t(m.key, m.params)),
        ]),
      );
      return { status: 400, body: { message: t('video.invalidFields'), errors } };
    }
    try {
      await this.athleteFor(principal, fields.data.fighterId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const texts = error.texts(t);
      return {
        status: error.status,
        body: { message: texts.detail, ...(texts.errors ? { errors: texts.errors } : {}) },
      };
    }
    const unfinished = await this.uploads.unfinishedOf(String(principal.userId));
    if (unfinished.count >= this.settings.maxUnfinishedUploads) {
      const message = msg('video.tooManyUnfinished', { count: this.settings.maxUnfinishedUploads });
      return { status: 429, body: { message: render(message, language) } };
    }
    const overQuota = await this.quotaCheck(principal, size ?? this.settings.maxBytes, unfinished.bytes);
    if (overQuota) return { status: 413, body: { message: render(overQuota.detail, language) } };
    // The owner, and the language to answer in, for a finish with nobody waiting (after a crash).
    return { ...metadata, ownerId: String(principal.userId), language };
  }

  /**
   * The quota's refusal when `more` bytes would take the caller's stored videos over it, or null when
   * they fit (or there is no quota).
   */
  private async quotaCheck(principal: Principal, more: number, alsoUsed = 0): Promise<AppError | null> {
    const quota = this.settings.quotaBytes;
    if (quota === 0) return null;
    const used = (await this.videos.storedBytes(principal.userId)) + alsoUsed;
    if (used + more <= quota) return null;
    const mb = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;
    return messageError(413, msg('video.overQuota', { used: mb(used), quota: mb(quota), size: mb(more) }));
  }

  /**
   * A complete resumable upload becomes a video exactly as a multipart one does, once: finishing is keyed
   * by the upload's id, so a finish tried again (a resumed client, the sweep at start) answers the video
   * the first one made. The upload's own file is left to the caller; a linked copy is what is stored.
   */
  private async finishUpload(
    principal: Principal,
    language: Language,
    file: string,
    metadata: Record<string, string>,
    uploadId: string,
  ): Promise<{ headers: Record<string, string> } | UploadRefusal> {
    const made = await this.videos.findByUploadId(uploadId);
    if (made) return { headers: { 'Video-Id': String(made.id) } };
    const staged = await this.staging.linkFile(file);
    try {
      const created = await this.create(principal, staged, metadata.filename ?? '', metadata, language, uploadId);
      return { headers: { 'Video-Id': String(created.video.id) } };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const t = translator(language);
      const texts = error.texts(t);
      return {
        status: error.status,
        body: {
          ...error.options.messageBody,
          message: texts.detail,
          ...(texts.errors ? { errors: texts.errors } : {}),
        },
      };
    }
  }

  /**
   * Finishes the complete uploads whose finish never ended (the server stopped while finishing), and
   * removes unfinished ones abandoned for a day. A complete upload is never removed unfinished.
   */
  async sweepUploads(): Promise<{ finished: number; removed: number }> {
    const finished = await this.uploads.finishAbandoned();
    const removed = await this.uploads.removeExpired();
    return { finished, removed };
  }

  /**
   * Serves a stored file for a signed address (the local storage's playback), HTTP ranges included. A
   * tampered address, or one for another file or type, is refused, and so is an expired one.
   */
  async signedFile(request: IncomingMessage, key: string, query: { type: string; expires: string; signature: string }) {
    if (!this.local) throw notFound(msg('video.urlInvalid'));
    const check = this.local.signer.check(key, query.type, query.expires, query.signature);
    if (check !== 'valid') throw forbidden(msg(check === 'expired' ? 'video.urlExpired' : 'video.urlInvalid'));
    return { file: await this.local.storage.send(request, key), type: query.type };
  }

  /** The largest upload accepted, in bytes. */
  get maxBytes(): number {
    return this.settings.maxBytes;
  }

  /** 413 in the caller's language, for an upload over the limit however it was noticed. */
  tooLarge(): AppError {
    return messageError(413, msg('video.tooLarge', { megabytes: this.settings.maxBytes / 1024 ** 2 }));
  }

  /** Streams an incoming file to the scratch folder, hashing it; over the limit it is a 413 and nothing stays. */
  async stage(source: Readable): Promise<StagedFile> {
    try {
      return await this.staging.stage(source, this.settings.maxBytes);
    } catch (error) {
      if (error instanceof TooLargeError) throw this.tooLarge();
      throw error;
    }
  }

  discard(staged: StagedFile | string): Promise<void> {
    return this.staging.discard(staged);
  }

  /**
   * Turns a staged file into the uploader's video: the fields checked, the content probed, the same
   * bytes from the same uploader answered with the first video (409), then the file stored, the row
   * saved and the playback preparation queued. The staged file is gone afterwards, whatever happens.
   */
  async create(
    principal: Principal,
    staged: StagedFile,
    originalName: string,
    rawFields: Record<string, string | undefined>,
    language: Language,
    /** A finished resumable upload's id: it is not counted twice against the quota. */
    resumableId?: string,
  ): Promise<{ video: UploadedVideo; message: string }> {
    let storedKey: string | null = null;
    try {
      const fields = VideoUploadFieldsWithName.safeParse({ ...rawFields, filename: originalName });
      if (!fields.success) {
        throw new AppError(400, msg('video.invalidFields'), {
          messageBody: {},
          errors: issueMessages(fields.error.issues),
        });
      }
      const fighterId = await this.athleteFor(principal, fields.data.fighterId);
      const earlier = await this.videos.findByHash(principal.userId, staged.sha256);
      // The same upload finished by someone else meanwhile (a retried finish): its video, not a duplicate.
      if (earlier && resumableId !== undefined && earlier.uploadId === resumableId) {
        return {
          video: await this.toDto(principal, earlier, language),
          message: render(msg('video.uploaded'), language),
        };
      }
      if (earlier) throw await this.duplicate(earlier);
      const info = await this.media.probe(staged.path);
      if (!info) throw messageError(400, msg('video.notAVideo'));
      this.checkLimits(info);
      const unfinished = resumableId ? 0 : (await this.uploads.unfinishedOf(String(principal.userId))).bytes;
      const overQuota = await this.quotaCheck(principal, staged.sizeBytes, unfinished);
      if (overQuota) throw overQuota;
      const container = containerOf(info);
      const key = `${randomUUID()}/source${container.extension}`;
      await this.storage.putFile(key, staged.path, container.type);
      storedKey = key;
      // Behind the uploader's own waiting work, so that a long queue of one account takes turns.
      const priority = await this.videos.pendingWorkOf(principal.userId);
      const saved = await this.videos.create(
        {
          uploaderUserId: principal.userId,
          fighterId,
          description: fields.data.description,
          studentIdentifier: fields.data.studentIdentifier,
          martialArt: fields.data.martialArt,
          originalName: fields.data.filename.slice(0, 255),
          sha256: staged.sha256,
          sizeBytes: staged.sizeBytes,
          durationSeconds: info.durationSeconds,
          sourceKey: key,
          sourceType: container.type,
          uploadId: resumableId ?? null,
        },
        // The poster and playable copy, queued with the row itself (the outbox).
        (videoId) => ({ name: 'video.process', payload: { videoId }, jobKey: videoJobKeys.process(videoId), priority }),
      );
      if (!saved.created && resumableId !== undefined && saved.video.uploadId === resumableId) {
        return {
          video: await this.toDto(principal, saved.video, language),
          message: render(msg('video.uploaded'), language),
        };
      }
      if (!saved.created) throw await this.duplicate(saved.video);
      storedKey = null;
      return {
        video: await this.toDto(principal, saved.video, language),
        message: render(msg('video.uploaded'), language),
      };
    } finally {
      await this.staging.discard(staged);
      // A file stored for a row that was not saved (a duplicate that won the race, a failed insert).
      if (storedKey !== null) await this.storage.delete([storedKey]);
    }
  }

  /** A video longer, or with larger frames, than this server takes is a 400 that names the limit. */
  private checkLimits(info: MediaInfo): void {
    if (info.durationSeconds !== null && info.durationSeconds > this.settings.maxSeconds) {
      throw messageError(400, msg('video.tooLong', { minutes: Math.round(this.settings.maxSeconds / 60) }));
    }
    if (info.width > this.settings.maxDimension || info.height > this.settings.maxDimension) {
      throw messageError(
        400,
        msg('video.framesTooLarge', { width: info.width, height: info.height, pixels: this.settings.maxDimension }),
      );
    }
  }

  private async duplicate(first: VideoRecord): Promise<AppError> {
    return messageError(409, msg('video.duplicate'), {
      videoId: first.id,
      signedUrl: await this.playbackUrl(first),
    });
  }

  /** The caller's own uploads, newest first; what the server wrote of them is in `language`. */
  async listOwn(principal: Principal, language: Language = FALLBACK_LANGUAGE): Promise<UploadedVideo[]> {
    const videos = await this.videos.listByUploader(principal.userId);
    return Promise.all(videos.map((video) => this.toDto(principal, video, language)));
  }

  /** A video, as its uploader and those it was shared with see it; what the server wrote of it is in `language`. */
  async details(principal: Principal, id: number, language: Language = FALLBACK_LANGUAGE): Promise<UploadedVideo> {
    return this.toDto(principal, await this.visibleTo(principal, id), language);
  }

  /**
   * The athlete of a new or renamed video. A student's upload is theirs (naming anyone else is a 400);
   * an instructor names one of the fighters on their own rosters, themselves, or nobody; an account
   * with no profile names nobody.
   */
  private async athleteFor(principal: Principal, requested: number | null | undefined): Promise<number | null> {
    const refuse = (key: 'video.athleteNotYours' | 'video.athleteNotOnRoster') => {
      const message = msg(key, { id: requested ?? 0 });
      return new AppError(400, message, { messageBody: {}, errors: { fighterId: [message] } });
    };
    if (principal.role === ROLE_STUDENT) {
      if (requested != null && requested !== principal.fighterId) throw refuse('video.athleteNotYours');
      return principal.fighterId;
    }
    if (requested == null) return null;
    if (principal.fighterId === null) throw refuse('video.athleteNotOnRoster');
    if (requested === principal.fighterId) return requested;
    if (!(await this.videos.isOnRosterOf(requested, principal.userId))) throw refuse('video.athleteNotOnRoster');
    return requested;
  }

  /** Whom the caller may name as the athlete of a video: an instructor's roster fighters; nobody for a student. */
  async athleteCandidates(principal: Principal): Promise<AthleteCandidates> {
    if (principal.role === ROLE_STUDENT || principal.fighterId === null) return [];
    return this.videos.rosterAthletes(principal.userId);
  }

  /** The uploading instructor names the video's athlete again (or nobody); a student's upload stays theirs. */
  async setAthlete(principal: Principal, id: number, fighterId: number | null): Promise<UploadedVideo> {
    const video = await this.visibleTo(principal, id);
    if (video.uploaderUserId !== principal.userId) throw forbidden(msg('video.onlyUploaderNamesAthlete'));
    if (principal.role === ROLE_STUDENT) throw forbidden(msg('video.studentVideoIsTheirs'));
    const athlete = await this.athleteFor(principal, fighterId);
    if (!(await this.videos.setFighter(id, athlete))) throw notFound(msg('video.notFound', { id }));
    return this.details(principal, id);
  }

  /** The video's athlete as the viewer may see them, or null when nobody is named. */
  private async athleteOf(principal: Principal, video: VideoRecord) {
    if (video.fighterId === null) return null;
    const athlete = await this.fighters.findById(video.fighterId);
    if (!athlete) return null;
    const coaches = await this.fighters.isCoachedBy(athlete, principal.userId);
    return fighterDto(athlete, videoAthleteView(principal, athlete, coaches));
  }

  /**
   * The video, for its uploader and those it was shared with; anyone else is told it does not exist
   * (the analysis service asks it too).
   */
  async visibleTo(principal: Principal, id: number): Promise<VideoRecord> {
    const video = await this.videos.findById(id);
    if (
      video &&
      (video.uploaderUserId === principal.userId || (await this.videos.isSharedWith(id, principal.userId)))
    ) {
      return video;
    }
    throw notFound(msg('video.notFound', { id }));
  }

  /** Deletes the video, its files, its analysis and its shares: the uploader only. */
  async delete(principal: Principal, id: number): Promise<void> {
    const video = await this.visibleTo(principal, id);
    if (video.uploaderUserId !== principal.userId) throw forbidden(msg('video.onlyUploaderDeletes'));
    const removed = await this.videos.delete(id);
    if (!removed) throw notFound(msg('video.notFound', { id }));
    // Its waiting jobs go; a running one sees the video gone and stops (see `whileExists`). With Redis
    // away the row is gone already: a job left waiting finds no video and ends, so the delete stands.
    for (const [name, key] of [
      ['video.process', videoJobKeys.process(id)],
      ['video.analyze', videoJobKeys.analyze(id)],
    ] as const) {
      await this.jobs.cancel(name, key).catch((error: unknown) => {
        if (!isDependencyUnavailable(error)) throw error;
      });
    }
    const keys = new Set([removed.sourceKey, removed.playableKey, removed.posterKey]);
    // The video is gone whatever happens to its files: files the storage would not remove now are
    // removed by the hourly sweep of files no video has (`sweepOrphanFiles`), which logs what it cannot.
    await this.storage.delete([...keys].filter((key) => key !== null)).catch(() => undefined);
    await this.afterDelete();
  }

  /**
   * Who the caller may share with: people who train with them, and their own sessions. Training
   * together means a class that has started: checking in to a future class, which anyone may do, does
   * not by itself make a student someone an instructor's videos (or a student's) can be pushed to.
   */
  async shareCandidates(principal: Principal): Promise<ShareCandidates> {
    const startedBy = this.clock.now().toISOString();
    const [fighters, sessions] = await Promise.all([
      this.videos.shareCandidates(principal.userId, principal.fighterId, startedBy),
      this.videos.ownSessions(principal.userId, startedBy, 50),
    ]);
    return {
      fighters: fighters.map(({ fighterId, fighterName }) => ({ fighterId, fighterName })),
      sessions,
    };
  }

  /**
   * Shares the video with chosen fighters who train with the uploader, or with every student (with an
   * account) of one of the uploader's sessions. Each recipient is told in real time; nobody else is.
   */
  async share(principal: Principal, id: number, request: ShareVideoRequest): Promise<{ sharedWith: number }> {
    const video = await this.visibleTo(principal, id);
    if (video.uploaderUserId !== principal.userId) throw forbidden(msg('video.onlyUploaderShares'));
    const recipients = new Set<number>();
    const startedBy = this.clock.now().toISOString();
    if (request.fighterIds && request.fighterIds.length > 0) {
      const allowed = new Map(
        (await this.videos.shareCandidates(principal.userId, principal.fighterId, startedBy)).map((c) => [
          c.fighterId,
          c.userId,
        ]),
      );
      const strangers = request.fighterIds.filter((fighterId) => !allowed.has(fighterId));
      if (strangers.length > 0) {
        throw messageError(400, msg('video.notShareable', { ids: strangers.join(', ') }));
      }
      for (const fighterId of request.fighterIds) recipients.add(allowed.get(fighterId) ?? principal.userId);
    }
    if (request.sessionId !== undefined) {
      if (!(await this.videos.ownsSession(request.sessionId, principal.userId))) {
        throw forbidden(msg('video.sessionNotYours', { id: request.sessionId }));
      }
      for (const student of await this.videos.sessionRecipients(request.sessionId, principal.userId, startedBy)) {
        recipients.add(student.userId);
      }
    }
    // Recipients are users (one user may stand behind several fighter ids); never the uploader.
    recipients.delete(principal.userId);
    const userIds = [...recipients];
    const title = request.title?.trim() || video.description.trim() || video.originalName;
    await this.videos.share(id, principal.userId, userIds, title);
    // Those who muted the uploader keep the share (unmuting lists it again) but get no banner. The count
    // answered includes them, so that the uploader cannot tell who muted them.
    const muting = await this.videos.usersMuting(principal.userId, userIds);
    const told = userIds.filter((userId) => !muting.has(userId));
    if (told.length > 0) {
      await this.events.publish({
        type: 'video.shared',
        recipientUserIds: told,
        // Each recipient reads the banner in the language of their own connection.
        bannerTitle: render(msg('video.sharedBanner'), 'en'),
        bannerTitles: { en: render(msg('video.sharedBanner'), 'en'), pl: render(msg('video.sharedBanner'), 'pl') },
        videoTitle: title,
        sharedByName: video.uploaderName,
        videoId: id,
      });
    }
    return { sharedWith: userIds.length };
  }

  /**
   * Mutes a sharer for the caller: their shares are no longer announced to the caller nor listed for
   * them. Only someone who has shared a video with the caller can be muted; anyone else is a 404, so
   * that muting cannot be used to learn which user ids exist.
   */
  async mute(principal: Principal, sharerUserId: number): Promise<void> {
    if (!(await this.videos.hasShared(sharerUserId, principal.userId))) {
      throw notFound(msg('video.sharerNotFound', { id: sharerUserId }));
    }
    await this.videos.mute(principal.userId, sharerUserId);
  }

  /** Lists and announces a muted sharer's shares again; unmuting someone not muted changes nothing. */
  async unmute(principal: Principal, sharerUserId: number): Promise<void> {
    await this.videos.unmute(principal.userId, sharerUserId);
  }

  /** The sharers the caller muted, the latest first, with how many of their videos that hides. */
  async mutedSharers(principal: Principal): Promise<MutedSharer[]> {
    const muted = await this.videos.listMuted(principal.userId);
    return muted.map(({ userId, name, mutedAt, hiddenVideos }) => ({ userId, username: name, mutedAt, hiddenVideos }));
  }

  /** The videos shared with the caller by anyone they have not muted, newest share first. */
  async sharedWithMe(principal: Principal): Promise<SharedVideo[]> {
    const shared = await this.videos.listSharedWith(principal.userId);
    return Promise.all(
      shared.map(async ({ video, title, sharedByUserId, sharedByName, sharedAt }) => ({
        id: video.id,
        title,
        embedLink: await this.playbackUrl(video),
        description: video.description,
        sharedBy: { username: sharedByName, userId: sharedByUserId },
        posterUrl: await this.posterUrl(video),
        sharedAt,
        processing: video.processing,
        durationSeconds: video.durationSeconds,
      })),
    );
  }

  /**
   * The background job of a new video: a poster, and where browsers cannot play the source (AVI, MPEG,
   * HEVC…), an H.264/AAC MP4. A video deleted meanwhile is skipped.
   */
  async process(videoId: number): Promise<void> {
    const video = await this.videos.findById(videoId);
    if (!video) return;
    await whileExists(this.videos, videoId, async (signal) => {
      try {
        await this.processFiles(video, signal);
      } catch (error) {
        // Deleted while it ran: nothing is left to do, and nothing to try again.
        if (signal.aborted || !(await this.videos.exists(videoId))) return;
        // Over its time budget: another try would be stopped the same way.
        if (error instanceof MediaTimeout) throw new PermanentFailure(error.message);
        throw error;
      }
    });
  }

  private async processFiles(video: VideoRecord, signal: AbortSignal): Promise<void> {
    const videoId = video.id;
    const folder = video.sourceKey.split('/')[0] ?? randomUUID();
    const source = await this.storage.localFile(video.sourceKey);
    const made: string[] = [];
    try {
      const info = await this.media.probe(source.path);
      if (!info) throw new PermanentFailure(`video ${String(videoId)} no longer reads as a video`);
      const input = { path: source.path, demuxer: info.demuxer, durationSeconds: info.durationSeconds };
      const posterFile = await this.staging.newPath('.jpg');
      const at = info.durationSeconds ? Math.min(1, info.durationSeconds / 10) : 0;
      await this.media.poster(input, posterFile, at, signal);
      const posterKey = `${folder}/poster.jpg`;
      await this.storage.putFile(posterKey, posterFile, POSTER_TYPE);
      made.push(posterKey);
      let playableKey = video.sourceKey;
      if (!info.browserPlayable) {
        const playableFile = await this.staging.newPath('.mp4');
        try {
          await this.media.transcode(input, playableFile, { signal });
        } catch (error) {
          await this.staging.discard(playableFile);
          throw error;
        }
        playableKey = `${folder}/playable.mp4`;
        await this.storage.putFile(playableKey, playableFile, PLAYABLE_TYPE);
        made.push(playableKey);
      }
      if (!(await this.videos.setProcessed(videoId, { processing: 'ready', playableKey, posterKey }))) {
        // Deleted while it was being processed: its new files go too.
        await this.storage.delete(made);
      }
    } catch (error) {
      // A try that failed half way leaves no files behind; the next try makes them again.
      await this.storage.delete(made);
      throw error;
    } finally {
      await source.release();
    }
  }

  /**
   * Marks a video whose processing failed for good; it still plays where the browser can. A video a try
   * made ready (its worker died before the queue heard) stays ready, with its playable copy and poster.
   */
  async processingFailed(videoId: number): Promise<void> {
    await this.videos.markProcessingFailed(videoId);
  }

  private playbackUrl(video: VideoRecord): Promise<string> {
    const key = video.playableKey ?? video.sourceKey;
    const type = video.playableKey && video.playableKey !== video.sourceKey ? PLAYABLE_TYPE : video.sourceType;
    return this.storage.signedUrl(key, type, this.settings.urlSeconds);
  }

  private posterUrl(video: VideoRecord): Promise<string | null> {
    return video.posterKey
      ? this.storage.signedUrl(video.posterKey, POSTER_TYPE, this.settings.urlSeconds)
      : Promise.resolve(null);
  }

  private async toDto(principal: Principal, video: VideoRecord, language: Language): Promise<UploadedVideo> {
    return {
      id: video.id,
      description: video.description,
      uploadTimestamp: video.uploadedAt,
      martialArt: video.martialArt,
      fighterName: video.uploaderName,
      studentIdentifier: video.studentIdentifier,
      fighterId: video.fighterId,
      athlete: await this.athleteOf(principal, video),
      uploadedByYou: video.uploaderUserId === principal.userId,
      // The analyser's untouched words written again in the reader's language, as the review reads them.
      aiAnalysisResult: storedInReaderLanguage(video, language, this.settings.analysisFramesPerSecond),
      signedUrl: await this.playbackUrl(video),
      posterUrl: await this.posterUrl(video),
      isDuplicate: false,
      processing: video.processing,
      sizeBytes: video.sizeBytes,
      durationSeconds: video.durationSeconds,
      analysis: {
        status: video.analysis.status,
        progress: video.analysis.progress,
        // Kept as the decision (the failure's reason), written in the reader's language.
        message: video.analysis.errorMessage === null ? null : readStoredMessage(video.analysis.errorMessage, language),
      },
    };
  }
}
