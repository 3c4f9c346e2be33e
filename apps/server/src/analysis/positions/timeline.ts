import type { PairFrame, TimelineOf } from '../pipeline.js';
import { classifyPair, POSITION_STATES } from './classifier.js';
import { DEFAULT_ASPECT } from './features.js';
import { logStart, logTransitions, viterbi } from './hmm.js';

/**
 * The position stage: every frame's pair classified on its own, the frame-by-frame guesses smoothed
 * by the roll's hidden Markov model, and runs of the same state merged into segments.
 */

type Segment = ReturnType<TimelineOf>[number];

/** The step between frames when there is only one frame to go by. */
const SINGLE_FRAME_SECONDS = 1;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/** The usual step between frames: the median gap, so one dropped frame does not stretch the last segment. */
function frameStep(frames: readonly PairFrame[]): number {
  const gaps = frames.slice(1).map((frame, i) => frame.time - (frames[i]?.time ?? frame.time));
  return median(gaps.filter((gap) => gap > 0)) ?? SINGLE_FRAME_SECONDS;
}

/**
 * Share of frames whose picture is simply wrong (a limb of a spectator, a swapped joint, a blurred
 * frame): the classifier's answer is trusted for the rest, and the Viterbi path may walk through a
 * glitch rather than switch positions for one confident but wrong frame.
 */
const GLITCH_SHARE = 0.3;

function robustLog(probabilities: readonly number[]): number[] {
  const even = 1 / probabilities.length;
  return probabilities.map((p) => Math.log((1 - GLITCH_SHARE) * p + GLITCH_SHARE * even));
}

/** Merges runs of one state into segments; each ends where the next begins. */
function segmentsOf(
  frames: readonly PairFrame[],
  path: readonly number[],
  emissions: ReadonlyArray<readonly number[]>,
  step: number,
): Segment[] {
  const segments: Segment[] = [];
  let from = 0;
  for (let t = 1; t <= path.length; t++) {
    if (t < path.length && path[t] === path[from]) continue;
    const state = POSITION_STATES[path[from] ?? 0];
    const start = frames[from]?.time ?? 0;
    const end = t < path.length ? (frames[t]?.time ?? start) : (frames[t - 1]?.time ?? start) + step;
    const chosen = path[from] ?? 0;
    const probabilities = emissions.slice(from, t).map((row) => row[chosen] ?? 0);
    const confidence = probabilities.reduce((sum, p) => sum + p, 0) / Math.max(1, probabilities.length);
    if (state !== undefined) segments.push({ position: state.position, top: state.top, start, end, confidence });
    from = t;
  }
  return segments;
}

/** The position timeline of a roll, for frames of the given shape (width over height). */
export function positionTimelineFor(aspect: number): TimelineOf {
  return (input) => {
    if (input.length === 0) return [];
    const frames = [...input].sort((x, y) => x.time - y.time);
    const emissions = frames.map((frame) => classifyPair(frame.a, frame.b, aspect));
    const transitions = logTransitions();
    const path = viterbi(
      logStart(),
      (t) => transitions((frames[t]?.time ?? 0) - (frames[t - 1]?.time ?? 0)),
      emissions.map(robustLog),
    );
    return segmentsOf(frames, path, emissions, frameStep(frames));
  };
}

/** The position timeline of a roll filmed in landscape 16:9. */
export const positionTimeline: TimelineOf = positionTimelineFor(DEFAULT_ASPECT);
