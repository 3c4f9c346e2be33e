import { z } from 'zod';
import { Fighter } from './auth.js';
import { Belt, DEFAULT_MARTIAL_ART, MartialArt } from './enums.js';
import { AnalysisStatus } from './analysis.js';
import { message } from './messages.js';
import { Id, IdParam, multiLineText, singleLineText } from './primitives.js';

/** The longest student identifier and description an upload may carry. */
export const STUDENT_IDENTIFIER_MAX = 100;
export const VIDEO_DESCRIPTION_MAX = 2000;
export const SHARE_TITLE_MAX = 200;
/** Recipients one share may name. */
export const SHARE_MAX_FIGHTERS = 500;

/** File types the upload form accepts (the label says MP4 or AVI); the server probes the content itself. */
export const VIDEO_ACCEPT =
  '.mp4,.avi,.mov,.mpeg,.mpg,.webm,video/mp4,video/x-msvideo,video/quicktime,video/mpeg,video/webm';

/** The text fields of an upload, multipart or tus metadata alike. */
export const VideoUploadFields = z.object({
  description: multiLineText('descriptions')
    .trim()
    .max(VIDEO_DESCRIPTION_MAX, message('video.descriptionTooLong', { count: VIDEO_DESCRIPTION_MAX }))
    .default(''),
  /** Left out, it is empty, and asked for as the form asks. */
  studentIdentifier: z.preprocess(
    (value) => value ?? '',
    singleLineText('names')
      .trim()
      .min(1, message('video.studentIdentifierRequired'))
      .max(STUDENT_IDENTIFIER_MAX, message('video.studentIdentifierTooLong', { count: STUDENT_IDENTIFIER_MAX })),
  ),
  /** The form's default when left out or empty. */
  martialArt: z.preprocess(
    (value) => (value === undefined || value === '' ? DEFAULT_MARTIAL_ART : value),
    z.enum(MartialArt.options, { error: message('video.martialArt') }),
  ),
  /**
   * The athlete in the video, named by an instructor: a student on one of their rosters. Left out (or
   * empty), nobody is named; a student's own upload is always theirs.
   */
  fighterId: z.preprocess((value) => (value === '' ? undefined : value), IdParam.optional()),
});
export type VideoUploadFields = z.infer<typeof VideoUploadFields>;

/**
 * The name of an uploaded file (the multipart part's file name, tus's `filename` metadata): kept for
 * the uploader to read, so the same control-character rule as every other text applies.
 */
export const VideoFileName = singleLineText('fileNames');

/** An upload's fields with its file name, as the server checks them before it keeps anything. */
export const VideoUploadFieldsWithName = VideoUploadFields.extend({
  filename: z.preprocess((value) => value ?? '', VideoFileName),
});
export type VideoUploadFieldsWithName = z.infer<typeof VideoUploadFieldsWithName>;

/** Where a video is in its preparation for playback: the poster and, when needed, a browser-playable copy. */
export const VideoProcessing = z.enum(['pending', 'ready', 'failed']);
export type VideoProcessing = z.infer<typeof VideoProcessing>;

/** An uploaded video, as its uploader and those it was shared with see it. */
export const UploadedVideo = z.object({
  id: Id,
  description: z.string(),
  uploadTimestamp: z.string(),
  martialArt: MartialArt,
  fighterName: z.string(),
  studentIdentifier: z.string(),
  /** The athlete in the video; null when nobody is named. */
  fighterId: Id.nullable(),
  /** That athlete as the viewer may see them (ADR 0009: figures only for themselves and their coach). */
  athlete: Fighter.nullable(),
  /** Whether the caller uploaded it (and so may name its athlete, share or delete it). */
  uploadedByYou: z.boolean(),
  /** JSON text of the analysis, or null before one exists. */
  aiAnalysisResult: z.string().nullable(),
  /** An expiring address that plays the video (the browser-playable copy once it exists). */
  signedUrl: z.string(),
  /** An expiring address of the poster image, once it exists. */
  posterUrl: z.string().nullable(),
  isDuplicate: z.boolean(),
  processing: VideoProcessing,
  sizeBytes: z.number(),
  durationSeconds: z.number().nullable(),
  /** Where the analysis stands; `progress` is 0 to 1 while it runs, `message` says why it failed. */
  analysis: z.object({ status: AnalysisStatus, progress: z.number().min(0).max(1), message: z.string().nullable() }),
});
export type UploadedVideo = z.infer<typeof UploadedVideo>;

/** 200 of `POST /vid/api/video/upload-sparring`. */
export const VideoUploadResponse = z.object({
  statusCode: z.literal(200),
  message: z.string(),
  videoId: Id,
  signedUrl: z.string(),
});
export type VideoUploadResponse = z.infer<typeof VideoUploadResponse>;

/** 409 of an upload: the same uploader already uploaded these bytes, as this video. */
export const DuplicateVideoResponse = z.object({ message: z.string(), videoId: Id, signedUrl: z.string() });
export type DuplicateVideoResponse = z.infer<typeof DuplicateVideoResponse>;

/** A refused upload (400): the message, and for a form to correct, the messages of each field. */
export const VideoUploadRefusal = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type VideoUploadRefusal = z.infer<typeof VideoUploadRefusal>;

export const VideoIdParams = z.object({ videoId: IdParam });

/** `PATCH /vid/api/video/{videoId}`: the uploading instructor names the athlete again (null: nobody). */
export const UpdateVideoRequest = z.object({ fighterId: Id.nullable() }).strict();
export type UpdateVideoRequest = z.infer<typeof UpdateVideoRequest>;

/** `GET /vid/api/video/athletes`: whom the caller may name as the athlete of an upload. */
export const AthleteCandidate = z.object({ fighterId: Id, fighterName: z.string(), beltColor: Belt.nullable() });
export type AthleteCandidate = z.infer<typeof AthleteCandidate>;
export const AthleteCandidates = z.array(AthleteCandidate);
export type AthleteCandidates = z.infer<typeof AthleteCandidates>;

/** `POST /vid/api/video/{videoId}/share`: chosen fighters, or every student of one of the uploader's sessions. */
export const ShareVideoRequest = z
  .object({
    fighterIds: z
      .array(Id)
      .max(SHARE_MAX_FIGHTERS, message('video.tooManyRecipients', { count: SHARE_MAX_FIGHTERS }))
      .optional(),
    sessionId: Id.optional(),
    title: singleLineText('names')
      .trim()
      .max(SHARE_TITLE_MAX, message('video.titleTooLong', { count: SHARE_TITLE_MAX }))
      .optional(),
  })
  .refine((body) => (body.fighterIds?.length ?? 0) > 0 || body.sessionId !== undefined, {
    error: message('video.shareWhom'),
    path: ['fighterIds'],
  });
export type ShareVideoRequest = z.infer<typeof ShareVideoRequest>;

export const ShareVideoResponse = z.object({ sharedWith: z.number().int().min(0) });
export type ShareVideoResponse = z.infer<typeof ShareVideoResponse>;

/** A video shared with the caller (`GET /vid/api/video/getall`). */
export const SharedVideo = z.object({
  id: Id,
  title: z.string(),
  /** An expiring address that plays the video. */
  embedLink: z.string(),
  description: z.string(),
  /** Who shared it; `userId` is what muting them takes (`POST /vid/api/video/mutes/{userId}`). */
  sharedBy: z.object({ username: z.string(), userId: Id }),
  posterUrl: z.string().nullable(),
  sharedAt: z.string(),
  /** `embedLink` plays in a browser once this is `ready` (an AVI is converted first). */
  processing: VideoProcessing,
  durationSeconds: z.number().nullable(),
});
export type SharedVideo = z.infer<typeof SharedVideo>;

/** A sharer to mute or unmute, by their user id. */
export const SharerParams = z.object({ userId: IdParam });
export type SharerParams = z.infer<typeof SharerParams>;

/**
 * A sharer the caller muted (`GET /vid/api/video/mutes`, the latest first): `hiddenVideos` of their
 * shares are kept off the caller's list until `DELETE /vid/api/video/mutes/{userId}` unmutes them.
 */
export const MutedSharer = z.object({
  userId: Id,
  username: z.string(),
  mutedAt: z.string(),
  hiddenVideos: z.number().int().min(0),
});
export type MutedSharer = z.infer<typeof MutedSharer>;

/** Someone the uploader may share with: a fighter who shares a class with them and has an account. */
export const ShareCandidate = z.object({ fighterId: Id, fighterName: z.string() });
export const ShareCandidates = z.object({
  fighters: z.array(ShareCandidate),
  sessions: z.array(z.object({ id: Id, trainingDate: z.string(), description: z.string(), students: z.number() })),
});
export type ShareCandidates = z.infer<typeof ShareCandidates>;
