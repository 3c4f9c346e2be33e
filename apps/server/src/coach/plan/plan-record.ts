/**
 * How a session keeps its lesson plan (`session_curricula.curriculum_json`): a tagged record, read back
 * with a schema.
 *
 * - `decision`: a plan of the local composer is kept as what was decided (knowledge-base ids, minutes, the
 *   weakness it answers), never its words, and is written in the viewer's language each time it is read
 *   (`renderPlan`), numbers in that language's style too.
 * - `written`: a plan of the language model is free text in the one language it was asked for; nothing in it
 *   can be looked up again, so it is kept with that language and shown to every viewer as written. Plans
 *   saved before decisions were kept are a bare `Curriculum`, read as written in a language no one recorded.
 *
 * A saved text that is neither is no plan.
 */
import { Curriculum } from '@openmat/contract/coaching';
import { LANGUAGES, type Language } from '@openmat/contract/languages';
import { z } from 'zod';
import { parseJson } from '../../lib/parse-json.js';
import { coolDownById, drillById, sparringFormatById, techniqueById, warmUpById } from '../knowledge/knowledge-base.js';
import { PERSPECTIVES, POSITION_IDS, WEAKNESS_TAGS } from '../knowledge/types.js';
import { renderPlan, type PlanDecision } from './compose-plan.js';
import type { SourcedPlan } from './llm-plan-provider.js';

export type PlanRecord =
  | { readonly kind: 'decision'; readonly version: 1; readonly decision: PlanDecision }
  | {
      readonly kind: 'written';
      /** Null for a plan saved before the language was kept. */
      readonly language: Language | null;
      readonly curriculum: Curriculum;
    };

/** An id the knowledge base still has: a decision naming one it no longer has cannot be written. */
const KnownId = (lookup: (id: string) => unknown) => z.string().refine((id) => lookup(id) !== undefined);
const Minutes = z.number().nonnegative();
const Part = (lookup: (id: string) => unknown) => z.object({ id: KnownId(lookup), minutes: Minutes });

const Decision = z.object({
  position: z.enum(POSITION_IDS),
  perspective: z.enum(PERSPECTIVES),
  focus: z.enum(WEAKNESS_TAGS),
  totalMinutes: Minutes,
  warmUp: Part(warmUpById),
  // Within the contract's bounds: at most 8 techniques, and 8 drills with the instruction block.
  techniqueIds: z.array(KnownId(techniqueById)).min(1).max(8),
  instructionMinutes: Minutes,
  drills: z.array(Part(drillById)).max(7),
  sparring: Part(sparringFormatById).extend({
    rounds: z
      .object({
        rounds: z.number().int().positive(),
        roundMinutes: Minutes,
        // Plans saved before the rests were planned have none: their sparring minutes are the rounds alone.
        restMinutes: Minutes.default(0),
      })
      .nullable(),
  }),
  coolDown: Part(coolDownById),
}) satisfies z.ZodType<PlanDecision>;

const StoredRecord = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('decision'), version: z.literal(1), decision: Decision }),
  z.object({ kind: z.literal('written'), language: z.enum(LANGUAGES), curriculum: Curriculum }),
]) satisfies z.ZodType<PlanRecord>;

/** The record a new plan is kept as: the composer's decision, or the model's text in `language`. */
export function planRecordOf(plan: SourcedPlan, language: Language): PlanRecord {
  return plan.decision === undefined
    ? { kind: 'written', language, curriculum: plan.curriculum }
    : { kind: 'decision', version: 1, decision: plan.decision };
}

/** The text a session keeps for a plan. */
export function planRecordJson(record: PlanRecord): string {
  return JSON.stringify(record);
}

/** A saved text read back: a record, or a bare `Curriculum` of before records (written, language unknown). */
export function readPlanRecord(saved: string): PlanRecord | null {
  const json = parseJson(saved);
  if (!json.ok) return null;
  const record = StoredRecord.safeParse(json.value);
  if (record.success) return record.data;
  const legacy = Curriculum.safeParse(json.value);
  return legacy.success ? { kind: 'written', language: null, curriculum: legacy.data } : null;
}

/** The plan a viewer of `language` reads: a decision written in it, a written plan as it was written. */
export function planCurriculum(record: PlanRecord, language: Language): Curriculum {
  return record.kind === 'decision' ? renderPlan(record.decision, language) : record.curriculum;
}

/** A session's saved plan for a viewer of `language`, or null when it does not read as a plan. */
export function storedCurriculum(saved: string, language: Language): Curriculum | null {
  const record = readPlanRecord(saved);
  return record === null ? null : planCurriculum(record, language);
}
