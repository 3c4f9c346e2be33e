import {
  formatTimestamp,
  POSITIONAL_SCENARIO_IDS,
  type AnalysisDrill,
  type AnalysisImprovement,
  type AnalysisPosition,
  type AnalysisResult,
  type AnalysisStrength,
  type AnalysisTechnique,
  type PositionSegment,
} from '@openmat/contract/analysis';
import type { Language } from '@openmat/contract/languages';
import { FINDINGS_TEXT } from './findings-text.js';
import type { ColourName } from './identify.js';
import { apportion } from '../lib/apportion.js';
import { movesOf, type Move, type MoveKind, type Side } from './moves.js';

/** What the findings need of the technique knowledge base; the service hands it in (analysis/ never imports coach/). */
export interface FindingsKnowledge {
  /** The knowledge base's techniques of a move from one position to another, likeliest first, in `language`. */
  techniquesFor(
    kind: MoveKind,
    from: AnalysisPosition,
    to: AnalysisPosition,
    side: 'top' | 'bottom' | 'neutral',
    language: Language,
  ): Array<{
    id: string;
    name: string;
  }>;
  /** Drills that work on a weakness tag, in `language`. */
  drillsFor(
    tag: WeaknessCategory,
    language: Language,
  ): Array<{ id: string; name: string; description: string; minutes: number }>;
  /** Keywords of a weakness tag (its name and related words), in `language`. */
  keywordsFor(tag: WeaknessCategory, language: Language): string[];
  positionName(position: AnalysisPosition, language: Language): string;
}

/** The weakness tags the findings use; the knowledge base's vocabulary. */
export const WEAKNESS_CATEGORIES = [
  'guard-retention',
  'top-control',
  'takedown-defense',
  'back-defense',
  'escapes-from-bottom',
  'sweeps',
  'passing',
  'scrambles',
] as const;
export type WeaknessCategory = (typeof WEAKNESS_CATEGORIES)[number];

export interface FindingsInput {
  /** The timeline from the student's side. */
  timeline: readonly PositionSegment[];
  durationSeconds: number;
  framesPerSecond: number;
  athletes: {
    found: number;
    identification: 'identified' | 'no-colour' | 'ambiguous' | 'unseen';
    /** The colour the identifier names (written in the reader's language), or null when it names none. */
    colour: ColourName | null;
  };
  language: Language;
  analyzer: { name: string; version: string };
}

/** A weakness is worth naming only past these amounts. */
const STUCK_SECONDS = 20;
const NO_SWEEP_SECONDS = 45;
const NO_PASS_SECONDS = 45;
/** At most this many drills per weakness, and weaknesses in all. */
const DRILLS_PER_WEAKNESS = 2;
const MAX_WEAKNESSES = 5;

const TOP_POSITIONS: ReadonlySet<AnalysisPosition> = new Set([
  'side-control',
  'mount',
  'back',
  'knee-on-belly',
  'turtle',
]);
const GUARDS: ReadonlySet<AnalysisPosition> = new Set(['closed-guard', 'open-guard', 'half-guard']);

const seconds = (segment: PositionSegment) => Math.max(0, segment.end - segment.start);
const roundConfidence = (value: number) => Math.round(value * 100) / 100;

/** The `techniqueType.name` of each move, as the original's lists name them. */
const TYPE_NAMES: Record<MoveKind, string> = {
  takedown: 'Takedown',
  'guard-pull': 'Guard Pull',
  sweep: 'Sweep',
  pass: 'Guard Pass',
  'back-take': 'Back Take',
  mount: 'Transition',
  'knee-on-belly': 'Transition',
  escape: 'Escape',
};

/** Which side of the starting position a move is made from, for the knowledge base. */
function sideOf(move: Move): 'top' | 'bottom' | 'neutral' {
  if (move.kind === 'takedown' || move.kind === 'guard-pull') return 'neutral';
  if (move.kind === 'sweep' || move.kind === 'escape') return 'bottom';
  return 'top';
}

/**
 * The findings of a roll, written from its numbers: each move as a technique with its time and
 * confidence (named from the knowledge base), what the student did well, what went wrong (tagged with
 * the knowledge base's weakness tags), drills for those, and a summary. Nothing is reported that the
 * timeline does not show.
 */
export function buildFindings(input: FindingsInput, knowledge: FindingsKnowledge): AnalysisResult {
  const { language, timeline } = input;
  const text = FINDINGS_TEXT[language];
  const name = (position: AnalysisPosition) => knowledge.positionName(position, language);
  const who = (side: Side) => text.by[side];

  const moves = movesOf(timeline);
  const techniques: AnalysisTechnique[] = moves.map((move, index) => {
    const candidates = knowledge.techniquesFor(move.kind, move.from.position, move.to.position, sideOf(move), language);
    const what = text.move[move.kind](name(move.from.position), name(move.to.position));
    const description = [
      text.moveDescription(
        who(move.by),
        what,
        name(move.from.position),
        name(move.to.position),
        formatTimestamp(move.at),
      ),
      candidates.length > 0
        ? text.likely(
            candidates
              .slice(0, 3)
              .map((candidate) => candidate.name)
              .join(', '),
          )
        : '',
    ]
      .filter(Boolean)
      .join(' ');
    return {
      id: index + 1,
      name: what,
      description,
      techniqueType: { name: TYPE_NAMES[move.kind], positionalScenarioId: POSITIONAL_SCENARIO_IDS[move.from.position] },
      positionalScenario: { id: POSITIONAL_SCENARIO_IDS[move.from.position], name: name(move.from.position) },
      startTimestamp: formatTimestamp(Math.max(move.from.start, move.at - 2)),
      endTimestamp: formatTimestamp(Math.min(move.to.end, move.at + 2)),
      confidence: roundConfidence(move.confidence),
      knowledgeId: candidates[0]?.id ?? null,
    };
  });
  const techniqueOf = (move: Move) => techniques[moves.indexOf(move)]?.id ?? null;

  const strengths: AnalysisStrength[] = moves
    .filter((move) => move.by === 'student')
    .map((move) => ({
      description: text.strength[move.kind](name(move.from.position)),
      relatedTechniqueId: techniqueOf(move),
    }));
  const total = Math.max(
    1,
    timeline.reduce((sum, segment) => sum + seconds(segment), 0),
  );
  for (const [position, held] of timeInPosition(timeline, 'student')) {
    const share = Math.round((100 * held) / total);
    if (TOP_POSITIONS.has(position) && share >= 15) {
      strengths.push({ description: text.heldTop(name(position), share), relatedTechniqueId: null });
    }
  }

  const weaknesses = findWeaknesses(timeline, moves, input, knowledge).slice(0, MAX_WEAKNESSES);
  const areasForImprovement: AnalysisImprovement[] = weaknesses.map((weakness) => ({
    description: weakness.description,
    weaknessCategory: weakness.tag,
    relatedTechniqueId: weakness.move ? techniqueOf(weakness.move) : null,
    keywords: knowledge.keywordsFor(weakness.tag, language),
  }));

  const drills: AnalysisDrill[] = [];
  const seenDrills = new Set<string>();
  for (const weakness of weaknesses) {
    const related = weakness.move ? techniques[moves.indexOf(weakness.move)] : undefined;
    for (const drill of knowledge.drillsFor(weakness.tag, language)) {
      if (seenDrills.has(drill.id)) continue;
      if (drills.filter((made) => made.focus === weakness.tag).length >= DRILLS_PER_WEAKNESS) break;
      seenDrills.add(drill.id);
      drills.push({
        id: drills.length + 1,
        name: drill.name,
        focus: weakness.tag,
        duration: text.minutes(drill.minutes),
        description: drill.description,
        relatedTechniqueName: related?.name ?? text.generic,
        relatedTechniqueId: related?.id ?? null,
      });
    }
  }

  return {
    techniques,
    drills,
    overallDescription: describe(input, moves, knowledge),
    strengths,
    areasForImprovement,
    positionTimeline: timeline.map((segment) => ({ ...segment, confidence: roundConfidence(segment.confidence) })),
    athletes: {
      found: input.athletes.found,
      // Told apart from a partner only when there was one: the flag and the note say the same.
      studentIdentified: input.athletes.identification === 'identified' && input.athletes.found >= 2,
      ...(input.athletes.identification === 'unseen' && input.athletes.found >= 2 ? { clothesSeen: false } : {}),
      note: identificationNote(input),
    },
    analyzer: input.analyzer,
    language,
  };
}

/** Seconds in each position with `side` on top (or neither, for standing and scrambles). */
function timeInPosition(timeline: readonly PositionSegment[], side: Side | null): Map<AnalysisPosition, number> {
  const held = new Map<AnalysisPosition, number>();
  for (const segment of timeline) {
    if (segment.top !== side) continue;
    held.set(segment.position, (held.get(segment.position) ?? 0) + seconds(segment));
  }
  return held;
}

interface Weakness {
  tag: WeaknessCategory;
  description: string;
  /** The move that showed it, when one did. */
  move: Move | null;
  /** Orders the weaknesses: the most telling first. */
  weight: number;
}

function findWeaknesses(
  timeline: readonly PositionSegment[],
  moves: readonly Move[],
  input: FindingsInput,
  knowledge: FindingsKnowledge,
): Weakness[] {
  const text = FINDINGS_TEXT[input.language].weakness;
  const found: Weakness[] = [];
  const byPartner = (kind: MoveKind) => moves.filter((move) => move.by === 'partner' && move.kind === kind);
  const add = (tag: WeaknessCategory, against: Move[], describe: (count: number) => string) => {
    if (against.length > 0)
      found.push({ tag, description: describe(against.length), move: against[0] ?? null, weight: 60 * against.length });
  };
  add('guard-retention', byPartner('pass'), text.guardPassed);
  add('top-control', byPartner('sweep'), text.swept);
  add('takedown-defense', byPartner('takedown'), text.takenDown);
  add('back-defense', byPartner('back-take'), text.backTaken);

  const underneath = timeInPosition(timeline, 'partner');
  for (const [position, held] of underneath) {
    if (TOP_POSITIONS.has(position) && held >= STUCK_SECONDS) {
      found.push({
        tag: position === 'back' ? 'back-defense' : 'escapes-from-bottom',
        description: text.stuckBottom(knowledge.positionName(position, input.language), Math.round(held)),
        move: null,
        weight: held,
      });
    }
  }
  const inBottomGuard = [...underneath]
    .filter(([position]) => GUARDS.has(position))
    .reduce((sum, [, held]) => sum + held, 0);
  if (inBottomGuard >= NO_SWEEP_SECONDS && !moves.some((move) => move.by === 'student' && move.kind === 'sweep')) {
    found.push({
      tag: 'sweeps',
      description: text.noSweeps(Math.round(inBottomGuard)),
      move: null,
      weight: inBottomGuard / 2,
    });
  }
  const inTopGuard = [...timeInPosition(timeline, 'student')]
    .filter(([position]) => GUARDS.has(position))
    .reduce((sum, [, held]) => sum + held, 0);
  if (inTopGuard >= NO_PASS_SECONDS && !moves.some((move) => move.by === 'student' && move.kind === 'pass')) {
    found.push({
      tag: 'passing',
      description: text.noPass(Math.round(inTopGuard)),
      move: null,
      weight: inTopGuard / 2,
    });
  }
  const lostScrambles = timeline.filter(
    (segment, index) => segment.position === 'scramble' && timeline[index + 1]?.top === 'partner',
  ).length;
  if (lostScrambles >= 2) {
    found.push({
      tag: 'scrambles',
      description: text.scrambles(lostScrambles),
      move: null,
      weight: 30 * lostScrambles,
    });
  }
  // One weakness per tag: the most telling.
  const best = new Map<WeaknessCategory, Weakness>();
  for (const weakness of found) {
    const previous = best.get(weakness.tag);
    if (!previous || weakness.weight > previous.weight) best.set(weakness.tag, weakness);
  }
  return [...best.values()].sort((first, second) => second.weight - first.weight);
}

function identificationNote(input: FindingsInput): string {
  const text = FINDINGS_TEXT[input.language].overall;
  const { identification, colour } = input.athletes;
  // With fewer than two athletes there was nobody to tell the student from: say so, not what they wore.
  if (input.athletes.found < 2) return text.noPair;
  if (identification === 'identified' && colour) return text.identified(colour);
  if (identification === 'ambiguous' && colour) return text.ambiguous(colour);
  if (identification === 'unseen' && colour) return text.unseen(colour);
  return text.noColour;
}

const clock = (total: number) => {
  const whole = Math.round(total);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** Less than half a frame unread is the timeline's rounding of its times, not a stretch left unread. */
const HALF_A_FRAME = 0.5;

/**
 * The share of the roll read, in whole percent, never 100 while a stretch was left unread (the sentence
 * then speaks of the rest) nor 0 when something was read.
 */
const readShare = (readSeconds: number, duration: number) =>
  Math.min(99, Math.max(1, Math.round((100 * readSeconds) / duration)));

function describe(input: FindingsInput, moves: readonly Move[], knowledge: FindingsKnowledge): string {
  const text = FINDINGS_TEXT[input.language];
  if (input.athletes.found === 0) return text.overall.nobody;
  if (input.athletes.found === 1) return text.overall.onlyOne;
  const readable = input.timeline.filter((segment) => segment.position !== 'unclear');
  const readSeconds = readable.reduce((sum, segment) => sum + seconds(segment), 0);
  if (readSeconds <= 0) return [text.overall.unreadable, text.overall.filming, identificationNote(input)].join(' ');
  const duration = Math.max(readSeconds, input.durationSeconds);
  const total = Math.max(1e-9, readSeconds);
  const byPosition = new Map<AnalysisPosition, number>();
  for (const segment of readable) {
    byPosition.set(segment.position, (byPosition.get(segment.position) ?? 0) + seconds(segment));
  }
  const held = [...byPosition].sort((first, second) => second[1] - first[1]);
  // Whole percent that add up to 100 (largest remainders), as a reader adds them up.
  const shares = apportion(
    100,
    held.map(([, seconds]) => seconds / total),
    0,
    100,
  );
  const positions = held
    .map(([position], index) => `${knowledge.positionName(position, input.language)} ${String(shares[index] ?? 0)} %`)
    .join(', ');
  const ground = input.timeline.filter((segment) => segment.top !== null);
  const groundSeconds = ground.reduce((sum, segment) => sum + seconds(segment), 0);
  const onTop = ground
    .filter((segment) => segment.top === 'student')
    .reduce((sum, segment) => sum + seconds(segment), 0);
  const counts = new Map<string, { kind: MoveKind; by: Side; count: number }>();
  for (const move of moves) {
    const key = `${move.kind}/${move.by}`;
    const entry = counts.get(key) ?? { kind: move.kind, by: move.by, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  const moveList = [...counts.values()]
    .map(({ kind, by, count }) => text.moveCount[kind](count, text.by[by]))
    .join(', ');
  return [
    text.overall.analysed(clock(input.durationSeconds), input.framesPerSecond),
    readSeconds >= duration - HALF_A_FRAME / input.framesPerSecond
      ? text.overall.readAll(clock(readSeconds))
      : text.overall.read(readShare(readSeconds, duration), clock(readSeconds)),
    // Most of the roll unreadable: say how to film one the analysis can read.
    readSeconds < duration / 2 ? text.overall.filming : '',
    text.overall.positions(positions),
    groundSeconds > 0 ? text.overall.top(Math.round((100 * onTop) / groundSeconds)) : '',
    moveList ? text.overall.moves(moveList) : text.overall.noMoves,
    identificationNote(input),
  ]
    .filter(Boolean)
    .join(' ');
}
