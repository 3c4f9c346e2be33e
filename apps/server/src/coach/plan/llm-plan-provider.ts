/**
 * The optional language-model provider of lesson plans: a chat model (see lib/chat-model.ts; the HTTP client
 * of an OpenAI-compatible endpoint is repositories/llm.repository.ts) asked for a plan under a JSON-schema
 * structured output generated from the contract's `Curriculum`. Its answer must pass the same schema and
 * rules as a local plan: the minutes add up to the session's, and every technique is one the class may be
 * taught (the local composer's candidates). On any failure `planWithFallback` uses the local composer and
 * logs why.
 */
import { Curriculum, PlanTechnique } from '@openmat/contract/coaching';
import { firstNumber } from '@openmat/contract/helpers/duration';
import { z } from 'zod';
import { CATEGORY_RESTRICTIONS, TECHNIQUES, allowedFor, techniqueById } from '../knowledge/knowledge-base.js';
import { RESTRICTED_CATEGORIES, type RestrictedCategory, type Technique } from '../knowledge/types.js';
import type { ChatModel, ChatReply, ChatRequest } from '../../lib/chat-model.js';
import { isRecord, strictJsonSchema } from '../../lib/strict-json-schema.js';
import {
  composePlan,
  planCandidates,
  type PlanCandidates,
  type PlanDecision,
  type PlanRequest,
  type PlanResult,
} from './compose-plan.js';
import type { PlanAudience } from './plan-audience.js';
import { parseJson } from '../../lib/parse-json.js';

/** The part of a pino / Fastify logger the fallback uses. */
export interface PlanLog {
  warn(details: { readonly reason: string }, message: string): void;
}

export type LlmPlanOutcome =
  | { readonly ok: true; readonly curriculum: Curriculum; readonly techniqueIds: string[] }
  | { readonly ok: false; readonly reason: string };

export interface SourcedPlan extends Omit<PlanResult, 'decision'> {
  /**
   * What the local composer decided; absent from the model's plan, which is free text in the request's
   * language only and is kept as written (see plan-record.ts).
   */
  readonly decision?: PlanDecision;
  readonly source: 'local' | 'llm';
  /** Why the model's plan was not used, when a model was configured. */
  readonly fallbackReason?: string;
}

/** At most this many candidate techniques go into the prompt, the best for the weaknesses first. */
export const MAX_PROMPT_TECHNIQUES = 60;
const REASON_MAX_LENGTH = 300;

/**
 * The response schema: the contract's `Curriculum`, with `technique_id` narrowed to the candidate ids (or
 * null for a technique outside the knowledge base), made strict (see `strictJsonSchema`).
 */
export function curriculumResponseSchema(candidateIds: readonly string[]): unknown {
  const [first, ...rest] = candidateIds;
  const techniqueId = first === undefined ? z.string() : z.enum([first, ...rest]);
  const schema = Curriculum.extend({
    techniques: z
      .array(PlanTechnique.extend({ technique_id: techniqueId.nullable() }))
      .min(1)
      .max(8),
  });
  return strictJsonSchema(z.toJSONSchema(schema));
}

const LANGUAGE_NAMES = { en: 'English', pl: 'Polish' } as const;

function systemPrompt(): string {
  return [
    'You are an experienced Brazilian jiu-jitsu coach who writes lesson plans for an academy.',
    'Answer with one JSON object that matches the given schema, and nothing else.',
    'Rules:',
    '- Build one coherent theme: one position and a chain of 2 to 4 techniques that flow into each other. When class_description names a position or a candidate technique, the theme is that position and the chain includes that technique.',
    '- Set the sparring like a coach for the level: children and beginners a few short positional rounds (3 to 5 of 2 to 3 minutes), intermediate 4 to 6 rounds of 4 to 5 minutes, advanced and expert 5 to 8 rounds of 5 to 6 minutes, fewer in a short class.',
    '- Rest 1 minute between two rounds. The sparring minutes are the rounds and the rests between them (5 rounds of 3 minutes take 19 minutes), and sparring.description ends by stating them, such as "5 rounds of 3 minutes with 1 minute of rest between them." or "5 rund po 3 minuty, 1 minuta przerwy między rundami."',
    '- Use only techniques from the candidate list and set technique_id to the candidate id. Never add a technique that is not in the list, and never repeat a technique or a drill.',
    '- Favour the weaknesses given, and choose drills that train the chosen techniques.',
    '- Write every text in the requested language, including names, tips and guidelines.',
    '- Every duration is a text that starts with the whole number of minutes, such as "10 minutes" (English) or "10 minut" (Polish).',
    '- The minutes of the warm-up, of every drill, of the sparring and of the cool-down add up exactly to the session length, and "duration" is the session length. Techniques have no minutes: their teaching time belongs to the drills.',
    '- sparring.guidelines is a list of short guidelines separated by semicolons.',
    '- Keep the class safe: for children and white belts, no techniques those belts may not use (the candidate list already respects this).',
  ].join('\n');
}

function rosterSummary(request: PlanRequest, audience: PlanAudience): Record<string, unknown> {
  const belts: Record<string, number> = {};
  for (const member of request.roster) {
    const belt = member.belt ?? 'unknown';
    belts[belt] = (belts[belt] ?? 0) + 1;
  }
  return {
    students: request.roster.length,
    belts,
    children_under_16: audience.kids,
    rules_follow_belt: audience.belt,
  };
}

/** The candidates the model is shown and may name: the best for the weaknesses, at most 60. */
export function promptTechniques(candidates: PlanCandidates): readonly Technique[] {
  return candidates.techniques.slice(0, MAX_PROMPT_TECHNIQUES);
}

function userPrompt(request: PlanRequest, candidates: PlanCandidates): string {
  const { audience } = candidates;
  const language = request.language;
  const facts = {
    session_minutes: candidates.totalMinutes,
    target_level: request.targetLevel,
    class_description: request.description ?? '',
    attire: audience.attire,
    language: `${LANGUAGE_NAMES[language]} (${language})`,
    roster: rosterSummary(request, audience),
    weaknesses_to_favour: {
      source: candidates.weaknessSource === 'roster' ? 'analysed videos of the roster' : 'typical of the level',
      weights: Object.fromEntries([...candidates.weaknesses].map(([tag, weight]) => [tag, Number(weight.toFixed(3))])),
    },
    candidate_techniques: promptTechniques(candidates).map((technique) => ({
      id: technique.id,
      name: technique.name[language],
      description: technique.description[language],
      position: technique.position,
      side: technique.perspective,
      type: technique.type,
      level: technique.level,
      leads_to: technique.leadsTo ?? [],
    })),
  };
  return [
    `Write the lesson plan for this class in ${LANGUAGE_NAMES[language]}.`,
    `The parts must add up to exactly ${candidates.totalMinutes} minutes.`,
    JSON.stringify(facts),
  ].join('\n');
}

/** The chat completion asked for: the prompts and the structured output the answer must follow. */
export function chatCompletionBody(request: PlanRequest, candidates: PlanCandidates): ChatRequest {
  return {
    messages: [
      { role: 'system', content: systemPrompt() },
      { role: 'user', content: userPrompt(request, candidates) },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'curriculum',
        strict: true,
        schema: curriculumResponseSchema(promptTechniques(candidates).map((technique) => technique.id)),
      },
    },
    temperature: 0.4,
    ...(Number.isSafeInteger(request.seed) ? { seed: request.seed } : {}),
  };
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > REASON_MAX_LENGTH ? `${flat.slice(0, REASON_MAX_LENGTH)}…` : flat;
}

/** A model without strict mode may wrap its JSON in a Markdown code fence. */
function withoutCodeFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return fenced?.[1] ?? text;
}

/** Null `technique_id`s (the schema's way of saying "none") become absent, as the contract has them. */
function withoutNullTechniqueIds(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const techniques: unknown = value.techniques;
  if (!Array.isArray(techniques)) return value;
  return {
    ...value,
    techniques: techniques.map((technique: unknown) =>
      isRecord(technique) && technique.technique_id === null
        ? Object.fromEntries(Object.entries(technique).filter(([key]) => key !== 'technique_id'))
        : technique,
    ),
  };
}

/**
 * Words that name each restricted family in English and Polish. A technique or drill without a
 * knowledge-base id whose name holds one of them is refused when the class may not use that family. It is
 * deliberately strict: "heel hook defence" is refused for white belts too, and the local plan is used.
 */
const FAMILY_WORDS: Readonly<Record<RestrictedCategory, readonly string[]>> = {
  'frontal-guillotine': ['guillotine', 'gilotyn'],
  'head-and-arm-choke': [
    'arm triangle',
    'arm-triangle',
    'kata gatame',
    "d'arce",
    'd’arce',
    'darce',
    'anaconda',
    'anakond',
    'north-south choke',
    'north south choke',
    'trójkąt ramienny',
    'duszenie z pozycji północ',
  ],
  'ezekiel-choke': ['ezekiel', 'sode guruma'],
  omoplata: ['omoplata'],
  'triangle-outside-guard': ['mounted triangle', 'trójkąt z dosiadu'],
  'body-triangle': ['body triangle', 'trójkąt na tułów'],
  'straight-foot-lock': ['ankle lock', 'foot lock', 'footlock', 'dźwignia na stopę', 'dźwignia na kostkę'],
  'wrist-lock': ['wrist lock', 'wristlock', 'dźwignia na nadgarstek'],
  'leg-stretch': ['electric chair', 'banana split', 'elektryczne krzesło'],
  'bicep-slicer': ['bicep slicer', 'biceps slicer', 'miażdżenie bicepsa'],
  'calf-slicer': ['calf slicer', 'miażdżenie łydki'],
  'knee-bar': ['knee bar', 'kneebar', 'dźwignia na kolano'],
  'toe-hold': ['toe hold', 'toehold', 'skręt stopy'],
  'heel-hook': ['heel hook', 'heelhook', 'skręt pięty'],
  'flying-guard-pull': ['jumping guard', 'jump to guard', 'jumping to closed guard', 'flying guard', 'wskok do gardy'],
};

/** The restricted families this audience may not use (heel hooks also never in the gi). */
export function forbiddenFamilies(audience: PlanAudience): RestrictedCategory[] {
  return RESTRICTED_CATEGORIES.filter((category) => {
    const rule = CATEGORY_RESTRICTIONS[category];
    return !allowedFor(rule, audience) || (rule.nogiOnly && audience.attire !== 'nogi');
  });
}

function normalisedName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}' ’-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const TECHNIQUES_BY_NAME: ReadonlyMap<string, Technique> = new Map(
  TECHNIQUES.flatMap((technique) => [
    [normalisedName(technique.name.en), technique] as const,
    [normalisedName(technique.name.pl), technique] as const,
  ]),
);

function familyNamed(name: string, families: readonly RestrictedCategory[]): RestrictedCategory | undefined {
  const lower = name.toLowerCase();
  return families.find((family) => FAMILY_WORDS[family].some((word) => lower.includes(word)));
}

function partMinutes(label: string, duration: string): { ok: true; minutes: number } | { ok: false; reason: string } {
  const minutes = firstNumber(duration);
  if (minutes === null || !(minutes > 0))
    return { ok: false, reason: `${label} duration '${duration}' has no minutes` };
  return { ok: true, minutes };
}

/**
 * Whether a model's answer is a plan this class may use: the contract's schema, minutes that add up to the
 * session's, techniques and drills that are not repeated, and techniques from the candidates only.
 */
export function checkLlmCurriculum(answer: unknown, candidates: PlanCandidates): LlmPlanOutcome {
  const parsed = Curriculum.safeParse(withoutNullTechniqueIds(answer));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` at ${issue.path.join('.') || 'the top'}: ${issue.message}`;
    return { ok: false, reason: `answer does not match the curriculum schema${where}` };
  }
  const curriculum = parsed.data;

  const total = candidates.totalMinutes;
  const stated = firstNumber(curriculum.duration);
  if (stated === null || Math.abs(stated - total) > 1e-9) {
    return { ok: false, reason: `plan duration '${curriculum.duration}' is not the session's ${total} minutes` };
  }
  const parts = [
    partMinutes('warm-up', curriculum.warm_up.duration),
    ...curriculum.drills.map((drill, index) => partMinutes(`drill ${index + 1}`, drill.duration)),
    partMinutes('sparring', curriculum.sparring.duration),
    partMinutes('cool-down', curriculum.cool_down.duration),
  ];
  let sum = 0;
  for (const part of parts) {
    if (!part.ok) return part;
    sum += part.minutes;
  }
  if (Math.abs(sum - total) > 1e-9) {
    return { ok: false, reason: `minutes add up to ${sum}, not to the session's ${total}` };
  }

  const allowed = new Set(candidates.techniques.map((technique) => technique.id));
  const families = forbiddenFamilies(candidates.audience);
  const seenIds = new Set<string>();
  const seenNames = new Set<string>();
  const techniqueIds: string[] = [];
  for (const technique of curriculum.techniques) {
    const name = normalisedName(technique.name);
    if (seenNames.has(name)) return { ok: false, reason: `technique '${technique.name}' is repeated` };
    seenNames.add(name);
    const id = technique.technique_id;
    if (id !== undefined) {
      if (techniqueById(id) === undefined) return { ok: false, reason: `unknown technique id '${id}'` };
      if (!allowed.has(id)) {
        return { ok: false, reason: `technique '${id}' is not allowed for this class or was taught recently` };
      }
      if (seenIds.has(id)) return { ok: false, reason: `technique '${id}' is repeated` };
      seenIds.add(id);
      techniqueIds.push(id);
      continue;
    }
    const known = TECHNIQUES_BY_NAME.get(name);
    if (known !== undefined && !allowed.has(known.id)) {
      return {
        ok: false,
        reason: `technique '${technique.name}' is not allowed for this class or was taught recently`,
      };
    }
    const family = familyNamed(technique.name, families);
    if (family !== undefined) return { ok: false, reason: `technique '${technique.name}' is a restricted ${family}` };
  }
  const drillNames = new Set<string>();
  for (const drill of curriculum.drills) {
    const name = normalisedName(drill.name);
    if (drillNames.has(name)) return { ok: false, reason: `drill '${drill.name}' is repeated` };
    drillNames.add(name);
    const family = familyNamed(drill.name, families);
    if (family !== undefined) return { ok: false, reason: `drill '${drill.name}' trains a restricted ${family}` };
  }
  return { ok: true, curriculum, techniqueIds };
}

/** Asks the model for a plan and checks it; never throws. */
export async function requestLlmPlan(
  request: PlanRequest,
  model: ChatModel,
  candidates: PlanCandidates = planCandidates(request),
): Promise<LlmPlanOutcome> {
  let reply: ChatReply;
  try {
    reply = await model.complete(chatCompletionBody(request, candidates));
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? shorten(error.message) : 'unexpected failure' };
  }
  if (!reply.ok) return { ok: false, reason: shorten(reply.reason) };
  if (reply.refusal) return { ok: false, reason: shorten(`the model refused: ${reply.refusal}`) };
  if (reply.finishReason === 'length') return { ok: false, reason: 'the answer was cut off at the token limit' };
  if (!reply.content) return { ok: false, reason: 'the answer is empty' };
  const answer = parseJson(withoutCodeFence(reply.content));
  if (!answer.ok) return { ok: false, reason: 'the answer is not JSON' };
  return checkLlmCurriculum(answer.value, candidates);
}

/**
 * A plan from the model when one is configured and its answer passes every check, else from the local
 * composer. A rejected answer is logged with the reason.
 */
export async function planWithFallback(
  request: PlanRequest,
  options: { readonly model?: ChatModel | undefined; readonly log: PlanLog },
): Promise<SourcedPlan> {
  const { model, log } = options;
  if (model === undefined) return { ...composePlan(request), source: 'local' };
  let outcome: LlmPlanOutcome;
  try {
    outcome = await requestLlmPlan(request, model);
  } catch (error) {
    outcome = { ok: false, reason: error instanceof Error ? shorten(error.message) : 'unexpected failure' };
  }
  // The model wrote words, not a decision: its plan cannot be written again in another language.
  if (outcome.ok) return { curriculum: outcome.curriculum, techniqueIds: outcome.techniqueIds, source: 'llm' };
  log.warn({ reason: outcome.reason }, 'Lesson plan from the language model not used; the local composer wrote it');
  return { ...composePlan(request), source: 'local', fallbackReason: outcome.reason };
}
