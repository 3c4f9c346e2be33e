/**
 * The local lesson-plan composer: a coherent plan from the technique knowledge base for a session's level,
 * length, attire and roster, with no network and no model.
 *
 * How a plan is made:
 * 1. The audience: the target level's profile, the most restrictive belt on the roster, and whether anyone
 *    is a child (plan-audience.ts). Only techniques, drills, warm-ups and sparring formats those students may
 *    use are candidates, and techniques taught in the instructor's last sessions are left out.
 * 2. The theme: one position seen from one side (closed guard from the bottom, back control from the
 *    bottom, standing…). Each theme is scored by how well its best four techniques answer the weaknesses
 *    (the roster's analysed ones when given, else the level's typical ones), and one is drawn with a
 *    probability that grows with the square of that score: the best theme usually wins, the others appear
 *    for other seeds. When the session description names a position or technique, the theme is theirs and
 *    the named techniques start the chain (plan-topic.ts).
 * 3. The chain: 2 to 4 techniques of the theme, each preferably one the previous leads to (`leadsTo`); a
 *    theme too small for the chain is extended along `leadsTo` into the next position.
 * 4. Drills that train those techniques or that position, or whose focus is among the techniques'
 *    weaknesses; one warm-up, one sparring format that fits the theme, one cool-down.
 * 5. The minutes (plan-minutes.ts): the technique-instruction block is the first drill, so warm-up, drills,
 *    sparring and cool-down add up exactly to the session's minutes.
 * Everything random is drawn from `seed`: the same request and seed give the same plan.
 *
 * The choices are one thing and the words another: `decidePlan` answers what was decided (knowledge-base
 * ids and minutes, no text), which is what a session keeps (plan-record.ts), and `renderPlan` writes it in
 * one language from the knowledge base's texts and the catalog's (plan-text.ts), each time it is read.
 */
import type { Curriculum, PlanDrill, PlanTechnique } from '@openmat/contract/coaching';
import type { Language } from '@openmat/contract/languages';
import {
  coolDownById,
  coolDownsFor,
  drillById,
  drillsFor,
  positionById,
  sparringFormatById,
  sparringFormatsFor,
  techniqueById,
  techniquesFor,
  warmUpById,
  warmUpsFor,
} from '../knowledge/knowledge-base.js';
import {
  WEAKNESS_TAGS,
  type Attire,
  type CoolDown,
  type Drill,
  type Perspective,
  type Position,
  type PositionId,
  type SparringFormat,
  type Technique,
  type TechniqueType,
  type WarmUp,
  type WeaknessTag,
} from '../knowledge/types.js';
import { planAudience, type PlanAudience, type RosterMember, type TargetLevel } from './plan-audience.js';
import { allocateMinutes, planMinutesOf, techniqueCountFor, type SparringRounds } from './plan-minutes.js';
import { sparringProfileFor } from './plan-sparring.js';
import { namedIn, planTopic, type TopicTheme } from './plan-topic.js';
import { seededRandom, type Random } from '../../lib/seeded-random.js';
import { weightedOrder, weightedPick } from './plan-random.js';
import {
  instructionDescription,
  instructionName,
  minutesText,
  roundsText,
  sessionTitle,
  weaknessLabel,
} from './plan-text.js';

export { attireFromText } from './plan-audience.js';

export interface PlanRequest {
  /** The session's duration in minutes (e.g. 90); a fractional value is rounded (see `planMinutesOf`). */
  readonly sessionMinutes: number;
  readonly targetLevel: TargetLevel;
  /** From the session description (see `attireFromText`). */
  readonly attire: Attire;
  /** The session description: a position or technique it names is the plan's topic (see plan-topic.ts). */
  readonly description?: string | null;
  readonly roster: readonly RosterMember[];
  /** Techniques taught in this instructor's last sessions: the plan leaves them out. */
  readonly recentTechniqueIds: readonly string[];
  /** From analysed videos of the roster; empty until analyses exist. Unknown tags are ignored. */
  readonly weaknessTags: ReadonlyArray<{ readonly tag: string; readonly weight: number }>;
  /** The language `composePlan` writes in; what is decided does not depend on it. */
  readonly language: Language;
  /** Decides every choice: e.g. the session id and the generation count. */
  readonly seed: number;
  /** The day ages are counted on (who is under 16): the caller's clock, never read here. */
  readonly today: Date;
}

/** A part of the plan taken from the knowledge base, and the minutes the plan gives it. */
export interface PlannedPart {
  readonly id: string;
  readonly minutes: number;
}

/**
 * What the composer decided for a session, with no words: knowledge-base ids, minutes and the weakness tag
 * the lesson answers. `renderPlan` writes it in any language.
 */
export interface PlanDecision {
  /** The theme: a position seen from one side. */
  readonly position: PositionId;
  readonly perspective: Perspective;
  /** The weakness the lesson answers best: the title's and the instruction block's. */
  readonly focus: WeaknessTag;
  /** The session's minutes as planned (see `planMinutesOf`). */
  readonly totalMinutes: number;
  readonly warmUp: PlannedPart;
  /** In teaching order. */
  readonly techniqueIds: readonly string[];
  /** The technique-instruction block, the plan's first drill. */
  readonly instructionMinutes: number;
  readonly drills: readonly PlannedPart[];
  readonly sparring: PlannedPart & { readonly rounds: SparringRounds | null };
  readonly coolDown: PlannedPart;
}

export interface PlanResult {
  readonly curriculum: Curriculum;
  /** The knowledge-base ids of the plan's techniques, in teaching order. */
  readonly techniqueIds: string[];
  /** What was decided; `curriculum` is it written in the request's language. */
  readonly decision: PlanDecision;
}

/** How many of a theme's best techniques count towards its score: a plan teaches at most four. */
const THEME_DEPTH = 4;
/** What a technique is worth to a theme before any weakness: keeps themes with no match possible. */
const TECHNIQUE_BASE_VALUE = 0.15;
/** How much more likely the next technique is when the last one leads to it, or when it links to the chain. */
const LINK_FROM_LAST = 10;
const LINK_TO_CHAIN = 4;

const WEAKNESS_TAG_SET: ReadonlySet<string> = new Set(WEAKNESS_TAGS);

function isWeaknessTag(tag: string): tag is WeaknessTag {
  return WEAKNESS_TAG_SET.has(tag);
}

/** Weights that sum to 1, from positive finite weights of known tags; empty when there are none. */
function normalisedWeights(entries: Iterable<readonly [string, number | undefined]>): Map<WeaknessTag, number> {
  const weights = new Map<WeaknessTag, number>();
  for (const [tag, weight] of entries) {
    if (!isWeaknessTag(tag) || weight === undefined || !Number.isFinite(weight) || weight <= 0) continue;
    weights.set(tag, (weights.get(tag) ?? 0) + weight);
  }
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  for (const [tag, weight] of weights) weights.set(tag, weight / total);
  return weights;
}

/** A position seen from one side, with its candidate techniques. */
export type Theme = TopicTheme;

/** What the composer may choose from, shared with the language-model provider. */
export interface PlanCandidates {
  readonly audience: PlanAudience;
  /** The session's minutes as planned. */
  readonly totalMinutes: number;
  /** The weaknesses the plan answers, summing to 1. */
  readonly weaknesses: ReadonlyMap<WeaknessTag, number>;
  readonly weaknessSource: 'roster' | 'level';
  /** Every technique the audience may use, recent ones included, in knowledge-base order. */
  readonly allowed: readonly Technique[];
  /** Techniques the audience may use, recent ones left out, best for the weaknesses first. */
  readonly techniques: readonly Technique[];
  /** True when every allowed technique was taught recently, so the recent ones had to stay in. */
  readonly recentIncluded: boolean;
}

function relevance(technique: Technique, weaknesses: ReadonlyMap<WeaknessTag, number>): number {
  return technique.weaknessTags.reduce((sum, tag) => sum + (weaknesses.get(tag) ?? 0), 0);
}

function levelWeight(technique: Technique, audience: PlanAudience): number {
  return audience.profile.levelWeight[technique.level] ?? 0.05;
}

/** How much a technique is worth to this plan: its level's welcome times its answer to the weaknesses. */
function techniqueValue(
  technique: Technique,
  audience: PlanAudience,
  weaknesses: ReadonlyMap<WeaknessTag, number>,
): number {
  return levelWeight(technique, audience) * (TECHNIQUE_BASE_VALUE + relevance(technique, weaknesses));
}

/** The candidates of a request: allowed for the audience, recent ones left out, best first. */
export function planCandidates(request: PlanRequest): PlanCandidates {
  const audience = planAudience(request, request.today);
  const allowed = techniquesFor({
    maxLevel: audience.maxLevel,
    attire: audience.attire,
    kids: audience.kids,
    belt: audience.belt,
  });
  const recent = new Set(request.recentTechniqueIds);
  const fresh = allowed.filter((technique) => !recent.has(technique.id));
  const fromRoster = normalisedWeights(request.weaknessTags.map(({ tag, weight }) => [tag, weight] as const));
  const fromLevel = normalisedWeights(Object.entries(audience.profile.typicalWeaknesses));
  // Weaknesses no candidate answers (leg locks for kids, say) cannot steer the plan: use the level's.
  const useRoster = fresh.some((technique) => relevance(technique, fromRoster) > 0);
  const weaknesses = useRoster ? fromRoster : fromLevel;
  const pool = fresh.length > 0 ? fresh : allowed;
  const value = (technique: Technique) => techniqueValue(technique, audience, weaknesses);
  return {
    audience,
    allowed,
    totalMinutes: planMinutesOf(request.sessionMinutes),
    weaknesses,
    weaknessSource: useRoster ? 'roster' : 'level',
    techniques: [...pool].sort((a, b) => value(b) - value(a)),
    recentIncluded: fresh.length === 0,
  };
}

/** The themes of the candidates, each scored by its best techniques for the weaknesses. */
export function themesOf(candidates: PlanCandidates): Theme[] {
  const groups = new Map<string, Technique[]>();
  for (const technique of candidates.techniques) {
    const key = `${technique.position}/${technique.perspective}`;
    const group = groups.get(key);
    if (group) group.push(technique);
    else groups.set(key, [technique]);
  }
  const themes: Theme[] = [];
  for (const techniques of groups.values()) {
    const first = techniques[0];
    if (first === undefined) continue;
    const score = techniques
      .map((technique) => levelWeight(technique, candidates.audience) * relevance(technique, candidates.weaknesses))
      .sort((a, b) => b - a)
      .slice(0, THEME_DEPTH)
      .reduce((sum, value) => sum + value, 0);
    themes.push({ position: first.position, perspective: first.perspective, techniques, score });
  }
  return themes;
}

function pickTheme(themes: readonly Theme[], random: Random): Theme {
  // A theme needs two techniques of its own for a chain; smaller ones only when nothing else is left.
  const roomy = themes.filter((theme) => theme.techniques.length >= 2);
  const choices = roomy.length > 0 ? roomy : themes;
  const theme = weightedPick(choices, (candidate) => candidate.score ** 2, random);
  if (theme === undefined) throw new Error('the knowledge base has no technique for this audience');
  return theme;
}

function linked(from: Technique, to: Technique): boolean {
  return (from.leadsTo ?? []).includes(to.id);
}

/**
 * 2 to `count` techniques of the theme, each preferably one that the previous leads to; the chain starts with
 * the `named` techniques (the class topic's) when there are any.
 */
function buildChain(
  theme: Theme,
  candidates: PlanCandidates,
  count: number,
  random: Random,
  named: readonly Technique[] = [],
): Technique[] {
  const value = (technique: Technique) => techniqueValue(technique, candidates.audience, candidates.weaknesses);
  const pool = theme.techniques;
  // The first technique answers a weakness whenever the theme has one that does; a good first technique
  // also leads into the theme and is not itself the follow-up of another one.
  const answering = pool.filter((technique) => relevance(technique, candidates.weaknesses) > 0);
  const start =
    named[0] ??
    weightedPick(
      answering.length > 0 ? answering : pool,
      (technique) =>
        value(technique) *
        (pool.some((other) => linked(technique, other)) ? 2 : 1) *
        (pool.some((other) => linked(other, technique)) ? 0.5 : 1),
      random,
    );
  if (start === undefined) return [];
  const chain: Technique[] = [start, ...named.slice(1, count)];
  const used = new Set(chain.map((technique) => technique.id));
  const linkWeight = (technique: Technique): number => {
    const last = chain[chain.length - 1];
    if (last !== undefined && linked(last, technique)) return LINK_FROM_LAST;
    return chain.some((member) => linked(member, technique) || linked(technique, member)) ? LINK_TO_CHAIN : 1;
  };
  while (chain.length < count) {
    const open = pool.filter((technique) => !used.has(technique.id));
    let next = weightedPick(open, (technique) => value(technique) * linkWeight(technique), random);
    if (next === undefined) {
      // The theme is used up: follow `leadsTo` out of the position, to allowed candidates only.
      const allowed = new Map(candidates.techniques.map((technique) => [technique.id, technique]));
      const followUps = chain
        .flatMap((member) => member.leadsTo ?? [])
        .filter((id, index, ids) => !used.has(id) && ids.indexOf(id) === index)
        .map((id) => allowed.get(id))
        .filter((technique) => technique !== undefined);
      next = weightedPick(followUps, (technique) => value(technique) * linkWeight(technique), random);
    }
    if (next === undefined) break;
    chain.push(next);
    used.add(next.id);
  }
  return teachingOrder(chain);
}

/**
 * The chain in teaching order: each technique comes after those that lead to it, directly or through
 * others of the chain. Techniques that lead to each other (armbar and triangle), and those the links do not
 * order, go by type: positions and entries first, submissions last.
 */
export function teachingOrder(chain: readonly Technique[]): Technique[] {
  // Which technique leads to which, directly or through others of the chain.
  const reach = new Map(chain.map((technique) => [technique.id, new Set<string>()]));
  for (const from of chain) {
    const reached = reach.get(from.id) ?? new Set<string>();
    const queue = [from];
    for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
      for (const next of chain) {
        if (!reached.has(next.id) && linked(current, next)) {
          reached.add(next.id);
          queue.push(next);
        }
      }
    }
  }
  const reaches = (from: Technique, to: Technique) => reach.get(from.id)?.has(to.id) === true;
  const left = [...chain];
  const ordered: Technique[] = [];
  while (left.length > 0) {
    const ready = left.filter(
      (technique) =>
        !left.some((other) => other !== technique && reaches(other, technique) && !reaches(technique, other)),
    );
    // Among those free to come next, positions and entries before the attacks that finish from them.
    const next = [...(ready.length > 0 ? ready : left)].sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type])[0];
    if (next === undefined) break;
    left.splice(left.indexOf(next), 1);
    ordered.push(next);
  }
  return ordered;
}

/** Teaching order by type when links do not decide: hold and enter first, finish last. */
const TYPE_ORDER: Readonly<Record<TechniqueType, number>> = {
  control: 0,
  takedown: 0,
  escape: 0,
  transition: 1,
  sweep: 1,
  pass: 1,
  submission: 2,
};

/** The weakness the chain answers best: the theme's focus and the instruction block's. */
function chainFocus(chain: readonly Technique[], weaknesses: ReadonlyMap<WeaknessTag, number>): WeaknessTag {
  const scores = new Map<WeaknessTag, number>();
  for (const technique of chain) {
    for (const tag of technique.weaknessTags) {
      // Each mention counts a little, so that a tag shared by the chain wins when no weight applies.
      scores.set(tag, (scores.get(tag) ?? 0) + (weaknesses.get(tag) ?? 0) + 0.001);
    }
  }
  let best: WeaknessTag | undefined;
  let bestScore = -1;
  for (const [tag, score] of scores) {
    if (score > bestScore) {
      best = tag;
      bestScore = score;
    }
  }
  return best ?? 'transitions';
}

/**
 * Drills for the chain, most fitting first: those that train its techniques, then those of the same
 * position and side, then those whose focus is the lesson's. Drills with no link to the lesson are left
 * out unless nothing links to it.
 */
function rankDrills(
  chain: readonly Technique[],
  theme: Theme,
  focus: WeaknessTag,
  candidates: PlanCandidates,
  random: Random,
): readonly Drill[] {
  const { audience, weaknesses } = candidates;
  const chainIds = new Set(chain.map((technique) => technique.id));
  // The lesson's weaknesses: its focus, and any tag that two of its techniques share.
  const tagCounts = new Map<WeaknessTag, number>();
  for (const tag of chain.flatMap((technique) => technique.weaknessTags)) {
    tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  }
  const chainTags = new Set([focus, ...[...tagCounts].filter(([, count]) => count >= 2).map(([tag]) => tag)]);
  const themeIds = new Set(
    techniquesFor({ position: theme.position, perspective: theme.perspective }).map((technique) => technique.id),
  );
  const allowed = drillsFor({
    maxLevel: audience.maxLevel,
    attire: audience.attire,
    kids: audience.kids,
    belt: audience.belt,
  });
  const scored = allowed.map((drill) => {
    const ids = drill.techniqueIds ?? [];
    const trains = ids.filter((id) => chainIds.has(id)).length;
    const sameTheme = ids.filter((id) => themeIds.has(id) && !chainIds.has(id)).length;
    const focusMatch = chainTags.has(drill.focus);
    const score = 3 * trains + sameTheme + (focusMatch ? 1 : 0) + 2 * (weaknesses.get(drill.focus) ?? 0);
    return { drill, score, relevant: trains > 0 || sameTheme > 0 || focusMatch };
  });
  const relevant = scored.filter((entry) => entry.relevant);
  const ordered = weightedOrder(relevant, (entry) => entry.score ** 2, random).map((entry) => entry.drill);
  if (ordered.length > 0) return ordered;
  // Nothing links to the lesson: offer the two drills that best fit the weaknesses.
  return weightedOrder(scored, (entry) => entry.score + 0.01, random)
    .slice(0, 2)
    .map((entry) => entry.drill);
}

/** Positions and weaknesses a sparring format suits; formats not listed suit any lesson. */
interface Affinity {
  readonly positions?: readonly PositionId[];
  readonly perspectives?: readonly Perspective[];
  readonly tags?: readonly WeaknessTag[];
}

const GUARDS: readonly PositionId[] = ['closed-guard', 'open-guard', 'half-guard'];
const PINS: readonly PositionId[] = ['side-control', 'mount', 'knee-on-belly', 'back', 'turtle'];

const SPARRING_AFFINITY: Readonly<Record<string, Affinity>> = {
  'guard-versus-pass': { positions: GUARDS, tags: ['guard-retention', 'passing', 'sweeps'] },
  'escape-rounds': { positions: PINS, perspectives: ['bottom'], tags: ['escapes-from-bottom', 'back-defense'] },
  'pin-game': { positions: PINS, perspectives: ['top'], tags: ['top-control'] },
  'closed-guard-submission-hunt': { positions: ['closed-guard'], tags: ['posture', 'submission-defense'] },
  'back-attack-rounds': { positions: ['back', 'turtle'], tags: ['back-defense'] },
  'takedown-rounds': { positions: ['standing'], tags: ['takedowns', 'takedown-defense', 'grip-fighting'] },
  'competition-simulation': { positions: ['standing'], tags: ['takedowns'] },
  'leg-lock-rounds': { tags: ['leg-locks'] },
  'shark-tank': { tags: ['scrambles'] },
  'flow-rolling': { tags: ['transitions'] },
};

/** Warm-ups that prepare a position especially well, and those meant for children only. */
const WARM_UP_AFFINITY: Readonly<
  Record<string, { readonly positions?: readonly PositionId[]; readonly kidsOnly?: boolean }>
> = {
  'guard-play-warm-up': { positions: GUARDS },
  'hip-mobility-flow': { positions: GUARDS },
  'partner-pummeling': { positions: ['standing', 'half-guard'] },
  'breakfalls-and-rolls': { positions: ['standing'] },
  'shoulder-and-neck-prep': { positions: ['back', 'turtle'] },
  'tag-games': { kidsOnly: true },
};

function affinityScore(affinity: Affinity | undefined, theme: Theme, focus: WeaknessTag): number {
  if (affinity === undefined) return 1;
  const positionMatch =
    affinity.positions?.includes(theme.position) === true &&
    (affinity.perspectives === undefined || affinity.perspectives.includes(theme.perspective));
  const tagMatch = affinity.tags?.includes(focus) === true;
  if (!positionMatch && !tagMatch) return 0.1;
  return 1 + (positionMatch ? 4 : 0) + (tagMatch ? 2 : 0);
}

function pickSparring(theme: Theme, focus: WeaknessTag, audience: PlanAudience, random: Random): SparringFormat {
  const formats = sparringFormatsFor({ level: audience.sparringLevel, kids: audience.kids });
  const format = weightedPick(formats, (f) => affinityScore(SPARRING_AFFINITY[f.id], theme, focus), random);
  if (format === undefined) throw new Error('the knowledge base has no sparring format for this audience');
  return format;
}

/** How well a part's own minutes fit the minutes the plan gives it. */
function closeness(own: number, given: number): number {
  return 1 / (1 + Math.abs(own - given) / 3);
}

function pickWarmUp(theme: Theme, audience: PlanAudience, minutes: number, random: Random): WarmUp {
  const warmUps = warmUpsFor({ kids: audience.kids }).filter(
    (warmUp) => audience.kids || WARM_UP_AFFINITY[warmUp.id]?.kidsOnly !== true,
  );
  const warmUp = weightedPick(
    warmUps,
    (w) =>
      closeness(w.minutes, minutes) * (WARM_UP_AFFINITY[w.id]?.positions?.includes(theme.position) === true ? 3 : 1),
    random,
  );
  if (warmUp === undefined) throw new Error('the knowledge base has no warm-up for this audience');
  return warmUp;
}

function pickCoolDown(minutes: number, random: Random): CoolDown {
  const coolDown = weightedPick(coolDownsFor(), (c) => closeness(c.minutes, minutes), random);
  if (coolDown === undefined) throw new Error('the knowledge base has no cool-down');
  return coolDown;
}

function planTechnique(technique: Technique, language: Language): PlanTechnique {
  return {
    name: technique.name[language],
    description: technique.description[language],
    tips: [...technique.tips[language]],
    technique_id: technique.id,
  };
}

/** What a lesson plan decides for the request; see the top of this file for how. */
export function decidePlan(request: PlanRequest): PlanDecision {
  const random = seededRandom(request.seed);
  const candidates = planCandidates(request);
  const { audience, totalMinutes: total } = candidates;

  const themes = themesOf(candidates);
  const topic = planTopic(request.description, candidates.allowed, themes);
  const theme = pickTheme(topic?.themes ?? themes, random);
  const count = techniqueCountFor(total);
  const chain = buildChain(theme, candidates, count, random, namedIn(topic, theme, count));
  const focus = chainFocus(chain, candidates.weaknesses);
  const drills = rankDrills(chain, theme, focus, candidates, random);
  const sparring = pickSparring(theme, focus, audience, random);
  const minutes = allocateMinutes(total, {
    techniqueCount: chain.length,
    drillMinutes: drills.map((drill) => drill.minutes),
    roundMinutes: sparring.roundMinutes,
    sparring: sparringProfileFor(request.targetLevel, audience.kids),
  });
  const warmUp = pickWarmUp(theme, audience, minutes.warmUp, random);
  const coolDown = pickCoolDown(minutes.coolDown, random);
  return {
    position: theme.position,
    perspective: theme.perspective,
    focus,
    totalMinutes: total,
    warmUp: { id: warmUp.id, minutes: minutes.warmUp },
    techniqueIds: chain.map((technique) => technique.id),
    instructionMinutes: minutes.instruction,
    drills: minutes.drills.map((drillMinutes, index) => {
      const drill = drills[index];
      if (drill === undefined) throw new Error('the minute plan has more drills than were offered');
      return { id: drill.id, minutes: drillMinutes };
    }),
    sparring: { id: sparring.id, minutes: minutes.sparring, rounds: minutes.rounds },
    coolDown: { id: coolDown.id, minutes: minutes.coolDown },
  };
}

/** The knowledge-base entries a decision names. */
interface PlanEntries {
  readonly position: Position;
  readonly warmUp: WarmUp;
  readonly techniques: readonly Technique[];
  readonly drills: readonly Drill[];
  readonly sparring: SparringFormat;
  readonly coolDown: CoolDown;
}

/** Every item, or undefined when one of them is missing. */
function everyFound<T>(items: ReadonlyArray<T | undefined>): T[] | undefined {
  const found = items.filter((item) => item !== undefined);
  return found.length === items.length ? found : undefined;
}

/** The entries a decision names, or undefined when one is no longer in the knowledge base. */
function planEntries(decision: PlanDecision): PlanEntries | undefined {
  const position = positionById(decision.position);
  const warmUp = warmUpById(decision.warmUp.id);
  const techniques = everyFound(decision.techniqueIds.map((id) => techniqueById(id)));
  const drills = everyFound(decision.drills.map((drill) => drillById(drill.id)));
  const sparring = sparringFormatById(decision.sparring.id);
  const coolDown = coolDownById(decision.coolDown.id);
  if (position === undefined || warmUp === undefined || techniques === undefined || drills === undefined) {
    return undefined;
  }
  if (sparring === undefined || coolDown === undefined) return undefined;
  return { position, warmUp, techniques, drills, sparring, coolDown };
}

function planDrills(decision: PlanDecision, entries: PlanEntries, language: Language): PlanDrill[] {
  const instruction: PlanDrill = {
    name: instructionName(language),
    description: instructionDescription(
      entries.techniques.map((technique) => technique.name[language]),
      language,
    ),
    focus: weaknessLabel(decision.focus, language),
    duration: minutesText(decision.instructionMinutes, language),
  };
  return [
    instruction,
    ...entries.drills.map((drill, index) => ({
      name: drill.name[language],
      description: drill.description[language],
      focus: weaknessLabel(drill.focus, language),
      duration: minutesText(decision.drills[index]?.minutes ?? 0, language),
    })),
  ];
}

/**
 * The plan of a decision written in `language`, or null when the decision names something the knowledge
 * base no longer has (a plan saved before an entry was removed).
 */
export function renderKnownPlan(decision: PlanDecision, language: Language): Curriculum | null {
  const entries = planEntries(decision);
  if (entries === undefined) return null;
  const { sparring } = entries;
  const rounds = decision.sparring.rounds;
  const sparringDescription =
    rounds === null
      ? sparring.description[language]
      : `${sparring.description[language]} ${roundsText(rounds.rounds, rounds.roundMinutes, rounds.restMinutes, language)}`;
  return {
    session_title: sessionTitle(entries.position.name, decision.perspective, decision.focus, language),
    duration: minutesText(decision.totalMinutes, language),
    warm_up: {
      name: entries.warmUp.name[language],
      description: entries.warmUp.description[language],
      duration: minutesText(decision.warmUp.minutes, language),
    },
    techniques: entries.techniques.map((technique) => planTechnique(technique, language)),
    drills: planDrills(decision, entries, language),
    sparring: {
      name: sparring.name[language],
      description: sparringDescription,
      guidelines: sparring.guidelines[language].join('; '),
      duration: minutesText(decision.sparring.minutes, language),
    },
    cool_down: {
      name: entries.coolDown.name[language],
      description: entries.coolDown.description[language],
      duration: minutesText(decision.coolDown.minutes, language),
    },
  };
}

/** The plan of a decision written in `language`; throws when it names an id the knowledge base lacks. */
export function renderPlan(decision: PlanDecision, language: Language): Curriculum {
  const curriculum = renderKnownPlan(decision, language);
  if (curriculum === null) throw new Error('the plan names an entry the knowledge base does not have');
  return curriculum;
}

/** A lesson plan for the request, written in its language; see the top of this file for how it is made. */
export function composePlan(request: PlanRequest): PlanResult {
  const decision = decidePlan(request);
  return {
    curriculum: renderPlan(decision, request.language),
    techniqueIds: [...decision.techniqueIds],
    decision,
  };
}
