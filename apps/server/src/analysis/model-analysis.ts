/**
 * The optional vision model of the analysis (AI_BASE_URL with AI_VIDEO_MODEL): an OpenAI-compatible chat
 * model is shown stills of the roll and the local position timeline, and answers the findings as JSON
 * in a strict schema. Its answer is checked against the contract and against the video (timestamps
 * inside it, references to its own techniques); anything else is refused, and the local result stands.
 */
import {
  AnalysisDrill,
  AnalysisResult,
  AnalysisStrength,
  AnalysisTechnique,
  formatTimestamp,
  parseTimestamp,
} from '@openmat/contract/analysis';
import type { Language } from '@openmat/contract/languages';
import { z } from 'zod';
import type { ChatContentPart, ChatRequest } from '../lib/chat-model.js';
import { parseJson } from '../lib/parse-json.js';
import { strictJsonSchema } from '../lib/strict-json-schema.js';
import { WEAKNESS_CATEGORIES, type FindingsKnowledge } from './findings.js';

/** Stills the model is shown: enough to follow a roll, few enough to keep the request small. */
export const MODEL_STILLS = 8;
/** Their width in pixels. */
export const MODEL_STILL_WIDTH = 512;

/** One still of the roll, as JPEG. */
export interface Still {
  readonly time: number;
  readonly jpeg: Buffer;
}

export interface ModelAnalysisInput {
  readonly stills: readonly Still[];
  /** The local analysis: its position timeline goes into the prompt and into the final result. */
  readonly local: AnalysisResult;
  readonly durationSeconds: number;
  readonly studentIdentifier: string;
  readonly language: Language;
}

/**
 * Where in the video the stills are taken: the middles of equal parts, none in the last half second
 * (a seek that close to the end can find no frame).
 */
export function stillTimes(durationSeconds: number, count = MODEL_STILLS): number[] {
  const length = Math.max(durationSeconds, 0);
  const last = Math.max(0, length - 0.5);
  return Array.from({ length: count }, (_, index) =>
    Number(Math.min(last, ((index + 0.5) * length) / count).toFixed(2)),
  );
}

/** Techniques, drills and the rest as the model writes them; references to techniques are 1-based positions. */
const ModelFindings = z.object({
  techniques: z
    .array(AnalysisTechnique.omit({ id: true, knowledgeId: true }).extend({ confidence: z.number().min(0).max(1) }))
    .max(50),
  drills: z.array(AnalysisDrill.omit({ id: true })).max(20),
  overallDescription: z.string().min(1).max(4000),
  strengths: z.array(AnalysisStrength).max(20),
  areasForImprovement: z
    .array(
      z.object({
        description: z.string().min(1).max(4000),
        weaknessCategory: z.enum(WEAKNESS_CATEGORIES),
        relatedTechniqueId: z.number().int().positive().nullable(),
      }),
    )
    .max(20),
});
type ModelFindings = z.infer<typeof ModelFindings>;

const LANGUAGE_NAMES = { en: 'English', pl: 'Polish' } as const;

/** The chat request: the rules, the local timeline, and the stills as images. */
export function modelAnalysisRequest(input: ModelAnalysisInput): ChatRequest {
  const facts = {
    durationSeconds: Math.round(input.durationSeconds),
    lastTimestamp: formatTimestamp(input.durationSeconds),
    studentIdentifier: input.studentIdentifier,
    athletesFound: input.local.athletes?.found ?? null,
    positionTimeline: (input.local.positionTimeline ?? []).map((segment) => ({
      position: segment.position,
      top: segment.top,
      from: formatTimestamp(segment.start),
      to: formatTimestamp(segment.end),
    })),
    stills: input.stills.map((still, index) => ({ image: index + 1, at: formatTimestamp(still.time) })),
  };
  const images: ChatContentPart[] = input.stills.map((still) => ({
    type: 'image_url',
    image_url: { url: `data:image/jpeg;base64,${still.jpeg.toString('base64')}`, detail: 'low' },
  }));
  return {
    messages: [
      {
        role: 'system',
        content: [
          'You are a Brazilian jiu-jitsu coach reviewing sparring footage for a student.',
          'Answer with one JSON object that matches the given schema, and nothing else.',
          'Only report what the stills and the position timeline show; never invent a technique.',
          'Timestamps are HH:MM:SS inside the video; a technique starts no later than it ends.',
          'relatedTechniqueId is the 1-based position of a technique in your techniques list, or null.',
          `Write every text in ${LANGUAGE_NAMES[input.language]}, speaking to the student ("you").`,
        ].join('\n'),
      },
      {
        role: 'user',
        content: [{ type: 'text', text: JSON.stringify(facts) }, ...images],
      },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'sparring_analysis', strict: true, schema: strictJsonSchema(z.toJSONSchema(ModelFindings)) },
    },
    temperature: 0.2,
  };
}

/** The answer the model gave, as kept between tries. */
export interface ModelReply {
  readonly content: string | null;
  readonly refusal: string | null;
  readonly finishReason: string | null;
}

export type ModelReading = { ok: true; result: AnalysisResult } | { ok: false; reason: string };

/** Why findings that pass the schema still do not fit this video, or null when they do. */
function misfit(findings: ModelFindings, durationSeconds: number): string | null {
  const last = Math.ceil(durationSeconds) + 1;
  for (const technique of findings.techniques) {
    const start = parseTimestamp(technique.startTimestamp) ?? Number.NaN;
    const end = parseTimestamp(technique.endTimestamp) ?? Number.NaN;
    if (!(start <= end && end <= last)) {
      return `'${technique.name}' runs from ${technique.startTimestamp} to ${technique.endTimestamp}, outside the video`;
    }
  }
  const count = findings.techniques.length;
  const references = [
    ...findings.drills.map((drill) => drill.relatedTechniqueId),
    ...findings.strengths.map((strength) => strength.relatedTechniqueId),
    ...findings.areasForImprovement.map((area) => area.relatedTechniqueId),
  ];
  const stray = references.find((id) => id !== null && id > count);
  return stray === undefined ? null : `a reference to technique ${stray}, of ${count}`;
}

/**
 * The result the model's answer makes, with the local timeline and athletes kept, or why it makes none
 * (refused, cut off, not JSON, not the schema, not this video).
 */
export function readModelReply(
  reply: ModelReply,
  input: Pick<ModelAnalysisInput, 'local' | 'durationSeconds' | 'language'>,
  knowledge: Pick<FindingsKnowledge, 'keywordsFor'>,
  model: string,
): ModelReading {
  if (reply.refusal) return { ok: false, reason: `the model refused: ${reply.refusal.slice(0, 200)}` };
  if (reply.finishReason === 'length') return { ok: false, reason: 'the answer was cut off at the token limit' };
  if (!reply.content) return { ok: false, reason: 'the answer is empty' };
  const json = parseJson(reply.content);
  if (!json.ok) return { ok: false, reason: 'the answer is not JSON' };
  const parsed = ModelFindings.safeParse(json.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `the answer does not match the schema (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`,
    };
  }
  const findings = parsed.data;
  const wrong = misfit(findings, input.durationSeconds);
  if (wrong !== null) return { ok: false, reason: wrong };
  const result = AnalysisResult.safeParse({
    techniques: findings.techniques.map((technique, index) => ({ ...technique, id: index + 1, knowledgeId: null })),
    drills: findings.drills.map((drill, index) => ({ ...drill, id: index + 1 })),
    overallDescription: findings.overallDescription,
    strengths: findings.strengths,
    areasForImprovement: findings.areasForImprovement.map((area) => ({
      ...area,
      keywords: knowledge.keywordsFor(area.weaknessCategory, input.language),
    })),
    positionTimeline: input.local.positionTimeline,
    athletes: input.local.athletes,
    analyzer: { name: model, version: 'OpenAI-compatible API' },
    language: input.language,
  });
  if (!result.success) return { ok: false, reason: 'the answer does not fit the analysis contract' };
  return { ok: true, result: result.data };
}
