import { z } from 'zod';
import { message } from './messages.js';
import { Id, multiLineText, singleLineText } from './primitives.js';

/**
 * The analysis of a sparring video (api-contract.md, Videos): what the analyser found, and what the
 * coach corrected. The lists keep the original's field names; the analyser adds its position timeline,
 * what it could tell about the athletes, and its own name and version.
 */

/** `HH:MM:SS`, three numeric parts (spec section 5, Analysis editing). */
export const TIMESTAMP_PATTERN = /^\d{2,}:[0-5]\d:[0-5]\d$/;
export const Timestamp = z.string().regex(TIMESTAMP_PATTERN, message('analysis.timestamp'));

/** `HH:MM:SS` of a number of seconds (whole seconds, rounded down). */
export function formatTimestamp(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/** Seconds of an `HH:MM:SS` timestamp, or null when it is not one. */
export function parseTimestamp(text: string): number | null {
  if (!TIMESTAMP_PATTERN.test(text)) return null;
  const [hours = 0, minutes = 0, seconds = 0] = text.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/**
 * The positions the analyser tells apart, in the knowledge base's ids, plus a scramble between them
 * (both athletes moving between positions) and `unclear`: a stretch the analyser could not read.
 */
export const AnalysisPosition = z.enum([
  'standing',
  'closed-guard',
  'open-guard',
  'half-guard',
  'side-control',
  'mount',
  'back',
  'knee-on-belly',
  'turtle',
  'scramble',
  'unclear',
]);
export type AnalysisPosition = z.infer<typeof AnalysisPosition>;

/** The numeric `positionalScenarioId` of each position, as the original's lists carry it. */
export const POSITIONAL_SCENARIO_IDS: Record<AnalysisPosition, number> = {
  standing: 1,
  'closed-guard': 2,
  'open-guard': 3,
  'half-guard': 4,
  'side-control': 5,
  mount: 6,
  back: 7,
  'knee-on-belly': 8,
  turtle: 9,
  scramble: 10,
  unclear: 11,
};

const Confidence = z.number().min(0).max(1);
const Name = singleLineText('names').trim().min(1, message('analysis.nameRequired')).max(200);
const Description = multiLineText('descriptions').max(4000);

export const AnalysisTechnique = z.object({
  id: Id,
  name: Name,
  description: Description,
  // A technique someone adds may leave the scenario's ids out: they read as null.
  techniqueType: z.object({
    name: singleLineText('names').max(100),
    positionalScenarioId: Id.nullable().default(null),
  }),
  positionalScenario: z.object({ id: Id.nullable().default(null), name: singleLineText('names').max(100) }),
  startTimestamp: Timestamp,
  endTimestamp: Timestamp,
  /** How sure the analyser is; absent for a technique a person added. */
  confidence: Confidence.optional(),
  /** The knowledge base's technique, when the name comes from it. */
  knowledgeId: z.string().max(100).nullable().optional(),
});
export type AnalysisTechnique = z.infer<typeof AnalysisTechnique>;

export const AnalysisDrill = z.object({
  id: Id,
  name: Name,
  focus: singleLineText('names').max(200).nullable(),
  /** Text such as '5 minutes'. */
  duration: singleLineText('names').max(100),
  description: Description,
  relatedTechniqueName: singleLineText('names').max(200),
  /** The technique of this analysis the drill works on; null for 'Generic'. */
  relatedTechniqueId: Id.nullable(),
});
export type AnalysisDrill = z.infer<typeof AnalysisDrill>;

export const AnalysisStrength = z.object({
  description: Description,
  relatedTechniqueId: Id.nullable(),
});
export type AnalysisStrength = z.infer<typeof AnalysisStrength>;

export const AnalysisImprovement = z.object({
  description: Description,
  /** One of the knowledge base's weakness tags, such as `guard-retention`. */
  weaknessCategory: singleLineText('names').max(100),
  relatedTechniqueId: Id.nullable(),
  keywords: z.array(singleLineText('names').max(100)).max(20),
});
export type AnalysisImprovement = z.infer<typeof AnalysisImprovement>;

/** One stretch of the roll in one position, from the student's side. */
export const PositionSegment = z.object({
  position: AnalysisPosition,
  /** Who is on top (or has the back): the student, the partner, or neither (standing, scramble, unclear). */
  top: z.enum(['student', 'partner']).nullable(),
  start: z.number().min(0),
  end: z.number().min(0),
  confidence: Confidence,
});
export type PositionSegment = z.infer<typeof PositionSegment>;

/** Positions in which nobody is on top. */
export const POSITIONS_WITHOUT_TOP: ReadonlySet<AnalysisPosition> = new Set(['standing', 'scramble', 'unclear']);

/** A coach's note at a moment of the video, which the athlete reads with the analysis. */
export const AnalysisComment = z.object({
  id: Id,
  /** Seconds into the video. */
  time: z.number().min(0).max(86_400),
  text: multiLineText('descriptions').trim().min(1, message('analysis.commentRequired')).max(2000),
  /** Who wrote it, as the server recorded it; a name sent with a comment is ignored. */
  authorName: singleLineText('names').max(200).nullable().optional(),
});
export type AnalysisComment = z.infer<typeof AnalysisComment>;

/** At most this many drawings in an analysis, and this many shapes in one drawing. */
export const DRAWINGS_MAX = 200;
export const DRAWING_SHAPES_MAX = 20;

/** A place on the frame, as a share of its width (x) and height (y): 0..1, so it scales with the player. */
const Unit = z.number().min(0, message('analysis.drawingOutside')).max(1, message('analysis.drawingOutside'));

export const DrawingKind = z.enum(['line', 'arrow', 'circle']);
export type DrawingKind = z.infer<typeof DrawingKind>;
export const DrawingColour = z.enum(['red', 'yellow', 'blue', 'white']);
export type DrawingColour = z.infer<typeof DrawingColour>;

/**
 * One stroke of a drawing: a line or an arrow from (x1, y1) to (x2, y2), or a circle round (x1, y1)
 * through (x2, y2) (its radius measured on the frame as shown, so it stays round).
 */
export const DrawingShape = z
  .object({
    kind: DrawingKind,
    colour: DrawingColour.default('red'),
    x1: Unit,
    y1: Unit,
    x2: Unit,
    y2: Unit,
  })
  .strict();
export type DrawingShape = z.infer<typeof DrawingShape>;

/** A coach's telestration on the frame at `time` (seconds), shown to the athlete when playback reaches it. */
export const AnalysisDrawing = z.object({
  id: Id,
  time: z.number().min(0).max(86_400),
  shapes: z
    .array(DrawingShape)
    .min(1, message('analysis.drawingEmpty'))
    .max(DRAWING_SHAPES_MAX, message('analysis.drawingTooManyShapes', { count: DRAWING_SHAPES_MAX })),
});
export type AnalysisDrawing = z.infer<typeof AnalysisDrawing>;

/** `analyzer.name` of a result the server's own pipeline wrote (ADR 0022); a vision model's result names the model. */
export const LOCAL_ANALYZER_NAME = 'openmat-local';

export const AnalysisResult = z.object({
  techniques: z.array(AnalysisTechnique).max(500),
  drills: z.array(AnalysisDrill).max(200),
  overallDescription: Description,
  strengths: z.array(AnalysisStrength).max(100),
  areasForImprovement: z.array(AnalysisImprovement).max(100),
  positionTimeline: z.array(PositionSegment).max(5000).optional(),
  athletes: z
    .object({
      /** How many athletes were seen at once, at most. */
      found: z.number().int().min(0),
      /** Whether the athlete named in `studentIdentifier` could be told from the partner. */
      studentIdentified: z.boolean(),
      /**
       * False when a colour was named but one athlete's clothes were never seen well enough to compare
       * (the note says so); absent otherwise, and in results written before it.
       */
      clothesSeen: z.literal(false).optional(),
      note: z.string(),
    })
    .optional(),
  /** The coach's timestamped comments, in time order. */
  comments: z.array(AnalysisComment).max(500).optional(),
  /** The coach's drawings on paused frames, in time order. */
  drawings: z.array(AnalysisDrawing).max(DRAWINGS_MAX).optional(),
  /** Who wrote the findings: `LOCAL_ANALYZER_NAME` on this server, else the vision model's name. */
  analyzer: z.object({ name: z.string(), version: z.string() }).optional(),
  /**
   * The installation's adaptation of the position model to its coaches' corrections that this result's
   * ribbon was read with (ADR 0028); absent or null when there was none.
   */
  positionAdaptation: z.object({ version: z.number().int().positive() }).nullable().optional(),
  language: z.enum(['en', 'pl']).optional(),
});
export type AnalysisResult = z.infer<typeof AnalysisResult>;

/** Items sent in a PATCH: with an `id` one updates that item, without one it is added. */
const SentTechnique = AnalysisTechnique.extend({ id: Id.optional() });
const SentDrill = AnalysisDrill.extend({ id: Id.optional() });

const SentComment = AnalysisComment.extend({ id: Id.optional() });
const SentDrawing = AnalysisDrawing.extend({ id: Id.optional() }).strict();
/** A band a coach sends: without a confidence it is the coach's word (1). */
const SentSegment = PositionSegment.extend({ confidence: Confidence.optional() });

/**
 * The position ribbon as a coach sends it: bands in time order that do not overlap (gaps are stretches
 * with nobody in the shot), each ending after it starts; standing, a scramble and an unclear stretch
 * have nobody on top. That it ends inside the video is checked against the video.
 */
export const PositionTimelinePatch = z
  .array(SentSegment)
  .max(5000)
  .superRefine((segments, context) => {
    segments.forEach((segment, index) => {
      const previous = index > 0 ? segments[index - 1] : undefined;
      if (segment.end <= segment.start || (previous !== undefined && segment.start < previous.end)) {
        context.addIssue({ code: 'custom', message: message('analysis.segmentOrder'), path: [index, 'start'] });
      }
      if (segment.top !== null && POSITIONS_WITHOUT_TOP.has(segment.position)) {
        context.addIssue({ code: 'custom', message: message('analysis.segmentTop'), path: [index, 'top'] });
      }
    });
  });

/** A correction's techniques: each ends at or after its start. */
const SentTechniques = z
  .array(SentTechnique)
  .max(500)
  .superRefine((techniques, context) => {
    techniques.forEach((technique, index) => {
      const start = parseTimestamp(technique.startTimestamp);
      const end = parseTimestamp(technique.endTimestamp);
      if (start !== null && end !== null && end < start) {
        context.addIssue({
          code: 'custom',
          message: message('analysis.techniqueOrder'),
          path: [index, 'endTimestamp'],
        });
      }
    });
  });

/**
 * `PATCH /vid/api/video/{videoId}/analysis`: every list sent replaces the stored one. A whole result as
 * `GET …/feedback` answers it is a correction too: what only the analysis writes (the athletes, the
 * analyser, the adaptation and the language it was written in) is checked for shape and not changed.
 */
export const AnalysisPatch = z
  .object({
    techniques: SentTechniques.optional(),
    drills: z.array(SentDrill).max(200).optional(),
    overallDescription: Description.optional(),
    strengths: z.array(AnalysisStrength).max(100).optional(),
    areasForImprovement: z.array(AnalysisImprovement).max(100).optional(),
    positionTimeline: PositionTimelinePatch.optional(),
    comments: z.array(SentComment).max(500).optional(),
    drawings: z
      .array(SentDrawing)
      .max(DRAWINGS_MAX, message('analysis.tooManyDrawings', { count: DRAWINGS_MAX }))
      .optional(),
    athletes: AnalysisResult.shape.athletes,
    analyzer: AnalysisResult.shape.analyzer,
    positionAdaptation: AnalysisResult.shape.positionAdaptation,
    language: AnalysisResult.shape.language,
  })
  .strict();
export type AnalysisPatch = z.infer<typeof AnalysisPatch>;

/** Where the analysis of a video stands. */
export const AnalysisStatus = z.enum(['none', 'queued', 'running', 'completed', 'failed']);
export type AnalysisStatus = z.infer<typeof AnalysisStatus>;

/** `POST /vid/api/video/{videoId}/analysis/feedback`: 'Was this analysis helpful?'. */
export const AnalysisFeedback = z.object({ helpful: z.boolean() });
export type AnalysisFeedback = z.infer<typeof AnalysisFeedback>;

/** 202 of `POST /vid/api/video/analyze/{videoId}`. */
export const AnalyzeAccepted = z.object({ message: z.string(), videoId: Id });
export type AnalyzeAccepted = z.infer<typeof AnalyzeAccepted>;

/** The agreement of the position ribbon with the coaches' corrections, one video held out at a time (ADR 0028). */
export const PositionAdaptation = z.object({
  /** The installation's adaptation version these figures belong to. */
  version: z.number().int().positive(),
  createdAt: z.string(),
  /** Corrected videos it learned from (and was measured on). */
  videos: z.number().int().min(0),
  /** Seconds of the ribbon the coaches corrected, over all those videos. */
  correctedSeconds: z.number().min(0),
  /** Share (0 to 1) of the corrected seconds the model agrees with, adapted on the other videos; null without any. */
  agreementAfter: z.number().min(0).max(1).nullable(),
  /** The same share for the model before it learned from the corrections. */
  agreementBefore: z.number().min(0).max(1).nullable(),
  /** The same two shares over the seconds the coaches left as the analyser had them. */
  keptSeconds: z.number().min(0),
  keptAfter: z.number().min(0).max(1).nullable(),
  keptBefore: z.number().min(0).max(1).nullable(),
});
export type PositionAdaptation = z.infer<typeof PositionAdaptation>;

/** `GET /vid/api/analysis/adaptation` (instructors): the latest adaptation, or null before any correction. */
export const PositionAdaptationResponse = z.object({ adaptation: PositionAdaptation.nullable() });
export type PositionAdaptationResponse = z.infer<typeof PositionAdaptationResponse>;
