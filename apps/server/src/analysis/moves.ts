import type { AnalysisPosition, PositionSegment } from '@openmat/contract/analysis';

/**
 * What a change of position means. Only changes the timeline shows are reported: a sweep is a guard
 * player ending on top, a pass is the top player getting past the legs, and so on. Nothing is inferred
 * that the positions do not show, so a roll without clear changes reports no techniques.
 */
export const MOVE_KINDS = [
  'takedown',
  'guard-pull',
  'sweep',
  'pass',
  'back-take',
  'mount',
  'knee-on-belly',
  'escape',
] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

export type Side = 'student' | 'partner';

export interface Move {
  kind: MoveKind;
  /** Who made it. */
  by: Side;
  from: PositionSegment;
  to: PositionSegment;
  /** When the position changed, in seconds. */
  at: number;
  confidence: number;
}

const GUARDS: ReadonlySet<AnalysisPosition> = new Set(['closed-guard', 'open-guard', 'half-guard']);
/** Positions where the top athlete is past the legs. */
const PINS: ReadonlySet<AnalysisPosition> = new Set(['side-control', 'mount', 'knee-on-belly', 'back', 'turtle']);
const NEUTRAL: ReadonlySet<AnalysisPosition> = new Set(['standing', 'scramble']);

const other = (side: Side): Side => (side === 'student' ? 'partner' : 'student');

/** A change across a gap shorter than this (seconds) counts as seen; the timeline's segments touch. */
const TOUCHING = 1e-6;

/**
 * The move between two consecutive segments, if the change is one. Nothing is read into a change to
 * or from an unclear stretch, or across a gap with nobody in the shot: nobody saw what happened there
 * (but see `BRIEF_UNCLEAR_SECONDS`).
 */
export function moveBetween(from: PositionSegment, to: PositionSegment): Move | null {
  if (from.position === 'unclear' || to.position === 'unclear') return null;
  if (to.start - from.end > TOUCHING) return null;
  const at = to.start;
  const base = { from, to, at, confidence: Math.min(from.confidence, to.confidence) };
  const fromTop = from.top;
  const toTop = to.top;
  if (NEUTRAL.has(from.position)) {
    if (!toTop) return null;
    // From the feet into a guard is the bottom athlete's choice; into anything else, a takedown.
    if (GUARDS.has(to.position) && to.position !== 'half-guard') {
      return { ...base, kind: 'guard-pull', by: other(toTop), confidence: base.confidence * 0.8 };
    }
    return { ...base, kind: 'takedown', by: toTop };
  }
  if (!fromTop) return null;
  const bottom = other(fromTop);
  if (GUARDS.has(from.position)) {
    if (toTop === bottom) return { ...base, kind: 'sweep', by: bottom };
    if (toTop === fromTop && PINS.has(to.position)) {
      return { ...base, kind: to.position === 'back' ? 'back-take' : 'pass', by: fromTop };
    }
    return null;
  }
  if (PINS.has(from.position)) {
    if (toTop === fromTop) {
      if (to.position === 'back') return { ...base, kind: 'back-take', by: fromTop };
      if (to.position === 'mount') return { ...base, kind: 'mount', by: fromTop };
      if (to.position === 'knee-on-belly') return { ...base, kind: 'knee-on-belly', by: fromTop };
      // Back to a guard under the same top athlete: the bottom athlete recovered guard.
      if (GUARDS.has(to.position)) return { ...base, kind: 'escape', by: bottom };
      return null;
    }
    // Up to the feet, into a scramble, or onto the top: the bottom athlete got out.
    return { ...base, kind: 'escape', by: bottom };
  }
  return null;
}

/**
 * An unclear stretch this short (seconds; two frames at the analysis's two a second) between two readable
 * positions is the change itself seen blurred, not a stretch nobody could read: bodies in motion read
 * worst, and the timeline prefers a moment of unclear to a change of position its prior finds unlikely
 * (a closed guard passed straight to side control). The change is read across it, at its start; a longer
 * unclear stretch still breaks it.
 */
export const BRIEF_UNCLEAR_SECONDS = 1;

/** Every move of the roll, in order. */
export function movesOf(timeline: readonly PositionSegment[]): Move[] {
  const moves: Move[] = [];
  for (let i = 1; i < timeline.length; i++) {
    const from = timeline[i - 1];
    const to = timeline[i];
    if (!from || !to) continue;
    const after = timeline[i + 1];
    const blurred =
      to.position === 'unclear' &&
      to.end - to.start <= BRIEF_UNCLEAR_SECONDS + TOUCHING &&
      to.start - from.end <= TOUCHING &&
      after !== undefined &&
      after.start - to.end <= TOUCHING;
    const move = blurred ? moveBetween(from, { ...after, start: to.start }) : moveBetween(from, to);
    if (move) moves.push(blurred ? { ...move, to: after } : move);
  }
  return moves;
}
