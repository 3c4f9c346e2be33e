import { z } from 'zod';
import { Id, IdParam, singleLineText } from './primitives.js';

/** The path of the coaching calls that concern one session. */
export const CoachingSessionParams = z.object({ sessionId: IdParam });

/** `POST /vid/api/video/matchmaker/{sessionId}`. `nextRound` asks for new partners, avoiding this session's pairs. */
export const PairingRequest = z.object({
  studentFighterIds: z.array(Id).max(500),
  instructorFighterId: Id,
  nextRound: z.boolean().optional(),
});
export type PairingRequest = z.infer<typeof PairingRequest>;

export const FighterPair = z
  .object({
    fighter1_id: Id,
    fighter1_name: z.string(),
    fighter2_id: Id,
    fighter2_name: z.string(),
    /** Why this pair: the numbers behind it (weight gap, belts), in the caller's language. */
    notes: z.array(z.string()).optional(),
  })
  .loose();
export type FighterPair = z.infer<typeof FighterPair>;

export const UnpairedStudent = z.object({ studentId: Id, studentName: z.string(), reason: z.string() });
export type UnpairedStudent = z.infer<typeof UnpairedStudent>;

export const SuggestedPairings = z.object({
  pairs: z.array(FighterPair),
  pairingRationale: z.string(),
  unpairedStudent: UnpairedStudent.nullable(),
});
export type SuggestedPairings = z.infer<typeof SuggestedPairings>;

export const MatchmakerResponse = z.object({
  isSuccessfullyParsed: z.boolean(),
  suggestedPairings: SuggestedPairings.nullable(),
  /** The JSON text of `PairsPage`, as saved on the session. */
  rawFighterPairsJson: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type MatchmakerResponse = z.infer<typeof MatchmakerResponse>;

/** The page-level shape of the product spec, saved on the session as `rawFighterPairsJson`. */
export const PairsPage = z
  .object({
    pairs: z.array(FighterPair),
    unpaired_student: UnpairedStudent.nullable(),
    pairing_rationale: z.string(),
    /** 1 for the first pairing of the session, then 2, 3… for each next round. */
    round: z.number().int().positive().optional(),
  })
  .loose();
export type PairsPage = z.infer<typeof PairsPage>;

/** Durations travel as text such as '10 minutes'; the first number is the minutes. */
const Duration = z.string().min(1).max(40);
const Text = (max: number) => z.string().trim().min(1).max(max);

export const PlanPart = z.object({ name: Text(120), description: Text(2000), duration: Duration }).loose();

export const PlanTechnique = z
  .object({
    name: Text(120),
    description: Text(2000),
    tips: z.array(Text(400)).min(1).max(6),
    /** The knowledge-base id, when the technique comes from it; technique search uses it. */
    technique_id: z.string().max(80).optional(),
  })
  .loose();

export const PlanDrill = z
  .object({ name: Text(120), description: Text(2000), focus: Text(120), duration: Duration })
  .loose();

export const PlanSparring = z
  .object({
    name: Text(120),
    description: Text(2000),
    /** Guidelines separated by semicolons. */
    guidelines: Text(2000),
    duration: Duration,
  })
  .loose();

/** A lesson plan. The minutes of warm-up, drills, sparring and cool-down add up to the session's length. */
export const Curriculum = z
  .object({
    session_title: Text(200),
    duration: Duration,
    warm_up: PlanPart,
    techniques: z.array(PlanTechnique).min(1).max(8),
    drills: z.array(PlanDrill).min(1).max(8),
    sparring: PlanSparring,
    cool_down: PlanPart,
  })
  .loose();
export type Curriculum = z.infer<typeof Curriculum>;
export type PlanTechnique = z.infer<typeof PlanTechnique>;
export type PlanDrill = z.infer<typeof PlanDrill>;

export const CurriculumFeedback = z.object({ helpful: z.boolean() });
export type CurriculumFeedback = z.infer<typeof CurriculumFeedback>;

/** `POST /vid/api/ai/search`. */
export const TechniqueSearchRequest = z.object({
  techniqueName: singleLineText('techniqueNames').trim().min(1).max(120),
  trainingSessionId: Id,
});
export type TechniqueSearchRequest = z.infer<typeof TechniqueSearchRequest>;

export const YoutubeVideo = z.object({
  video_id: z.string(),
  title: z.string(),
  publication_date: z.string(),
  description: z.string(),
  embed_link: z.string(),
});
export const FreeVideo = z.object({ title: z.string(), link: z.string() });
export const PaidResource = z.object({
  title: z.string(),
  description: z.string(),
  relevance: z.string(),
  web_link: z.string(),
});

/** A moment of the academy's own analysed footage where the technique was found (or marked by a coach). */
export const AcademyClip = z.object({
  video_id: z.number().int().positive(),
  /** The video's description. */
  title: z.string(),
  fighter_name: z.string().nullable(),
  /** The technique as the analysis names it. */
  technique_name: z.string(),
  start_timestamp: z.string(),
  end_timestamp: z.string(),
  /** Where the review page starts playing. */
  start_seconds: z.number().min(0),
});
export type AcademyClip = z.infer<typeof AcademyClip>;

/** The body of the search answer: JSON sent as text/plain. */
export const TechniqueSearchResult = z.object({
  youtube_videos: z.array(YoutubeVideo),
  free_videos: z.array(FreeVideo),
  paid_resources: z.array(PaidResource),
  /** Clips of the technique from the searcher's own and shared analysed videos, the newest first. */
  academy_clips: z.array(AcademyClip).optional(),
  /** Why a list is empty or short, e.g. no YouTube key, or its daily quota used up. */
  notice: z.string().optional(),
});
export type TechniqueSearchResult = z.infer<typeof TechniqueSearchResult>;

/** Minutes of each plan part, from its duration text, with the spec's defaults when unparsable. */
export const DEFAULT_PART_MINUTES = { warm_up: 10, drills: 5, sparring: 15, cool_down: 10 } as const;
