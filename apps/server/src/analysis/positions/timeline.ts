import type { PairFrame, TimelineOf } from '../pipeline.js';
import { MIN_JOINT_SCORE, DEFAULT_ASPECT } from './features.js';
import { HMM_STATES, logStart, logTransitions, UNCLEAR, viterbi } from './hmm.js';
import { modelProbabilities, POSITION_MODEL } from './model.js';
import type { PositionModelFile } from './network.js';
import type { Skeleton } from '../skeleton.js';
import type { FrameAdaptation } from './adaptation.js';

/**
 * The position stage: every frame's pair read by the learned position model (model.ts), the
 * frame-by-frame probabilities smoothed by the roll's hidden Markov model (hmm.ts), and runs of one
 * state merged into segments. Frames with nobody in them belong to no segment (the timeline has a gap
 * there: no athletes, no position); a stretch the model cannot read becomes an `unclear` segment.
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
 * frame): the model's answer is trusted for the rest, and the Viterbi path may walk through a glitch
 * rather than switch positions for one confident but wrong frame.
 */
const GLITCH_SHARE = 0.3;
/**
 * The bar a position must clear to be reported: the emission a state has when the calibrated model gives
 * it one chance in three. Where no state reaches that for a while, the stretch is `unclear`.
 */
const READABLE_PROBABILITY = 1 / 3;
/** Fewer seen joints than this and an athlete is as good as missing. */
const MIN_SEEN_JOINTS = 5;

const STATES = HMM_STATES.length;
const robust = (p: number) => (1 - GLITCH_SHARE) * p + GLITCH_SHARE / STATES;

function seen(skeleton: Skeleton | null): skeleton is Skeleton {
  return (
    skeleton !== null && skeleton.keypoints.filter((point) => point.score >= MIN_JOINT_SCORE).length >= MIN_SEEN_JOINTS
  );
}

/** What one frame says: nobody there, people but no readable pair, or the model's probabilities. */
type Reading = { kind: 'nobody' } | { kind: 'unreadable' } | { kind: 'pair'; probabilities: number[] };

function read(frame: PairFrame, aspect: number, model: PositionModelFile, adaptation?: FrameAdaptation): Reading {
  if (frame.a === null && frame.b === null) return { kind: 'nobody' };
  if (!seen(frame.a) || !seen(frame.b)) return { kind: 'unreadable' };
  const probabilities = modelProbabilities(frame.a, frame.b, aspect, model);
  if (probabilities === null) return { kind: 'unreadable' };
  // The installation's adaptation to its coaches' corrections (ADR 0028), when there is one.
  return {
    kind: 'pair',
    probabilities: adaptation ? adaptation(frame.a, frame.b, aspect, probabilities) : probabilities,
  };
}

/**
 * Log-emissions over `HMM_STATES`: flat with nobody there. Otherwise each position has the model's
 * probability, and unclear has the model's probability that the picture is no position (people apart,
 * a bystander), but never less than the readable bar: a stretch where no position clears it is unclear.
 */
function emission(reading: Reading): number[] {
  if (reading.kind === 'nobody') return HMM_STATES.map(() => 0);
  return HMM_STATES.map((_, s) => {
    const p = reading.kind === 'pair' ? (reading.probabilities[s] ?? 0) : 1 / STATES;
    return Math.log(robust(s === UNCLEAR ? Math.max(READABLE_PROBABILITY, p) : p));
  });
}

/**
 * How sure a segment is, frame by frame: the model's probability of the chosen state (a frame without a
 * readable pair gives it only its share by chance); for unclear, the probability that no position is
 * right (one minus the likeliest position's).
 */
function frameConfidence(reading: Reading, state: number): number {
  const probabilities = reading.kind === 'pair' ? reading.probabilities : null;
  if (state === UNCLEAR) return probabilities === null ? 1 : 1 - Math.max(...probabilities.slice(0, UNCLEAR));
  return probabilities === null ? 1 / STATES : (probabilities[state] ?? 0);
}

/** Merges runs of one state into segments, each ending where the next frame begins; frames with nobody are left out. */
function segmentsOf(
  frames: readonly PairFrame[],
  path: readonly number[],
  readings: readonly Reading[],
  step: number,
): Segment[] {
  const segments: Segment[] = [];
  let from = 0;
  const nobody = (t: number) => readings[t]?.kind === 'nobody';
  for (let t = 1; t <= path.length; t++) {
    if (t < path.length && path[t] === path[from] && nobody(t) === nobody(from)) continue;
    if (!nobody(from)) {
      const chosen = path[from] ?? UNCLEAR;
      const state = HMM_STATES[chosen];
      const start = frames[from]?.time ?? 0;
      const end = t < path.length ? (frames[t]?.time ?? start) : (frames[t - 1]?.time ?? start) + step;
      const confidences = readings.slice(from, t).map((reading) => frameConfidence(reading, chosen));
      const confidence = confidences.reduce((sum, p) => sum + p, 0) / Math.max(1, confidences.length);
      if (state !== undefined) segments.push({ position: state.position, top: state.top, start, end, confidence });
    }
    from = t;
  }
  return segments;
}

/** The position timeline of a roll, for frames of the given shape (width over height). */
export function positionTimelineFor(aspect: number, model: PositionModelFile = POSITION_MODEL): TimelineOf {
  return (input, adaptation) => {
    if (input.length === 0) return [];
    const frames = [...input].sort((x, y) => x.time - y.time);
    const readings = frames.map((frame) => read(frame, aspect, model, adaptation));
    const transitions = logTransitions(model.transitions);
    const path = viterbi(
      logStart(),
      (t) => transitions((frames[t]?.time ?? 0) - (frames[t - 1]?.time ?? 0)),
      readings.map(emission),
    );
    return segmentsOf(frames, path, readings, frameStep(frames));
  };
}

/** The position timeline of a roll filmed in landscape 16:9. */
export const positionTimeline: TimelineOf = positionTimelineFor(DEFAULT_ASPECT);
