import type { PairFrame, TimelineOf } from '../pipeline.js';
import { DEFAULT_ASPECT } from './features.js';
import { HMM_STATES, logStart, logTransitions, UNCLEAR, viterbi } from './hmm.js';
import { modelProbabilities, POSITION_MODEL } from './model.js';
import type { PositionModelFile } from './network.js';
import { readable, SEEN_JOINT_SCORE, type Skeleton } from '../skeleton.js';
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
/*
 * The bar a position must clear to be reported is the model file's `readable`: the calibrated probability
 * below which, on the generator's held-out calibration split, the model's best guess is more often wrong
 * than right (set by the training script, ADR 0023). Where no state reaches it for a while, the stretch
 * is `unclear`.
 */
const STATES = HMM_STATES.length;
const robust = (p: number) => (1 - GLITCH_SHARE) * p + GLITCH_SHARE / STATES;

/** What one frame says: nobody there, people but no readable pair, or the model's probabilities. */
type Reading = { kind: 'nobody' } | { kind: 'unreadable' } | { kind: 'pair'; probabilities: number[] };

function read(frame: PairFrame, aspect: number, model: PositionModelFile, adaptation?: FrameAdaptation): Reading {
  if (frame.a === null && frame.b === null) return { kind: 'nobody' };
  if (!readable(frame.a) || !readable(frame.b)) return { kind: 'unreadable' };
  const probabilities = modelProbabilities(frame.a, frame.b, aspect, model);
  if (probabilities === null) return { kind: 'unreadable' };
  // The installation's adaptation to its coaches' corrections (ADR 0028), when there is one.
  return {
    kind: 'pair',
    probabilities: adaptation ? adaptation(frame.a, frame.b, aspect, probabilities) : probabilities,
  };
}

/**
 * Log-emissions over `HMM_STATES`: flat with nobody there. With a readable pair, each state has the
 * model's probability (unclear: that the picture is no position, people apart, a bystander). Without one
 * (one athlete, or one too hidden to measure) the frame says nothing about the position, and unclear has
 * the readable bar: a short occlusion keeps the position, a long one becomes unclear.
 *
 * The bar is not applied frame by frame to a readable pair: a noisy detector leaves many single frames
 * under it even where most frames are right, and a per-frame bar turned such stretches into unclear ones
 * (a generated roll right on 77 % of its frames one by one came out 49 % right). It is applied to the
 * smoothed segments instead (`segmentsOf`).
 */
function emission(reading: Reading, readable: number): number[] {
  if (reading.kind === 'nobody') return HMM_STATES.map(() => 0);
  return HMM_STATES.map((_, s) => {
    if (reading.kind === 'pair') return Math.log(robust(reading.probabilities[s] ?? 0));
    return Math.log(robust(s === UNCLEAR ? readable : 1 / STATES));
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

/** The model's probability that a frame shows `position`, whoever is on top (a frame without a readable pair: its share by chance). */
function positionShare(reading: Reading, position: string): number {
  const shares = HMM_STATES.map((state, s) =>
    state.position !== position ? 0 : reading.kind === 'pair' ? (reading.probabilities[s] ?? 0) : 1 / STATES,
  );
  return shares.reduce((sum, p) => sum + p, 0);
}

/** Adds an unclear stretch, joined to an unclear segment it follows directly. */
function pushUnclear(segments: Segment[], start: number, end: number, readings: readonly Reading[]): void {
  const confidences = readings.map((reading) => frameConfidence(reading, UNCLEAR));
  const confidence = confidences.reduce((sum, p) => sum + p, 0) / Math.max(1, confidences.length);
  const last = segments.at(-1);
  if (last !== undefined && last.position === 'unclear' && last.end === start) {
    const before = last.end - last.start;
    const after = end - start;
    last.confidence = (last.confidence * before + confidence * after) / Math.max(1e-9, before + after);
    last.end = end;
    return;
  }
  segments.push({ position: 'unclear', top: null, start, end, confidence });
}

/*
 * "Scramble" means both athletes moving between positions (issue 19). A pair that looks like one but holds
 * still (a photograph, one picture repeated over a clip, two athletes resting tangled) is not scrambling: the
 * model has no position for what it sees, and the stretch is unclear. Moving is measured between frames half a
 * second or more apart, round the segment as well as inside it (a scramble is a change of position: the
 * movement into it counts): each athlete's joints seen in both frames moved, on average, by more than a tenth
 * of their size. The pose model's joints of somebody standing still wander by 0.01-0.07 of their size in half
 * a second; grappling judoka move by 0.2-0.8 (measured on the development set's judo clip, bystanders against
 * the two judoka; not on its labels).
 */
const MOVING_SHARE = 0.1;
const MOVE_SECONDS = 0.5;
/** Frames further apart than this say nothing about how the athletes moved in between. */
const MOVE_SECONDS_AT_MOST = 3;

/** How far one athlete's joints moved between two frames, in their size; null when too few joints are seen in both. */
function moved(before: Skeleton | null, after: Skeleton | null, aspect: number): number | null {
  if (before === null || after === null) return null;
  const distances: number[] = [];
  const seen: Array<{ x: number; y: number }> = [];
  before.keypoints.forEach((point, i) => {
    const later = after.keypoints[i];
    if (later === undefined || point.score < SEEN_JOINT_SCORE || later.score < SEEN_JOINT_SCORE) return;
    distances.push(Math.hypot((point.x - later.x) * aspect, point.y - later.y));
    seen.push({ x: point.x * aspect, y: point.y }, { x: later.x * aspect, y: later.y });
  });
  if (distances.length < 3) return null;
  const xs = seen.map((p) => p.x);
  const ys = seen.map((p) => p.y);
  const size = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2;
  return distances.reduce((sum, d) => sum + d, 0) / distances.length / Math.max(size, 1e-6);
}

/** Whether the athletes move round frames `from` to `to - 1` (`MOVING_SHARE`): every athlete that can be measured moved. */
function athletesMove(frames: readonly PairFrame[], from: number, to: number, aspect: number): boolean {
  const start = frames[from]?.time ?? 0;
  const end = frames[to - 1]?.time ?? start;
  let first = Math.max(0, from - 1);
  while (first > 0 && (frames[first - 1]?.time ?? -Infinity) >= start - MOVE_SECONDS) first--;
  let last = Math.min(frames.length - 1, to);
  while (last < frames.length - 1 && (frames[last + 1]?.time ?? Infinity) <= end + MOVE_SECONDS) last++;
  for (let i = first; i <= last; i++) {
    const before = frames[i];
    if (before === undefined) continue;
    let j = i + 1;
    while (j <= last && (frames[j]?.time ?? Infinity) < before.time + MOVE_SECONDS) j++;
    const after = frames[j];
    if (j > last || after === undefined || after.time - before.time > MOVE_SECONDS_AT_MOST) continue;
    const shares = [moved(before.a, after.a, aspect), moved(before.b, after.b, aspect)].filter((x) => x !== null);
    if (shares.length > 0 && shares.every((share) => share > MOVING_SHARE)) return true;
  }
  return false;
}

/** Merges runs of one state into segments, each ending where the next frame begins; frames with nobody are left out. */
function segmentsOf(
  frames: readonly PairFrame[],
  path: readonly number[],
  readings: readonly Reading[],
  step: number,
  readable: number,
  aspect: number,
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
      // The position alone: its states (one per athlete on top) together. Two athletes tangled on the
      // ground can be plainly in half guard while who is on top is a coin toss; the position is then
      // named, with nobody on top, rather than the whole stretch called unclear.
      const positionConfidence =
        state === undefined || state.top === null
          ? confidence
          : readings.slice(from, t).reduce((sum, reading) => sum + positionShare(reading, state.position), 0) /
            Math.max(1, t - from);
      // Unclear, or too unsure to name: the model's reading of the stretch is more often wrong than right;
      // or a scramble's look with nobody moving.
      if (
        state === undefined ||
        chosen === UNCLEAR ||
        positionConfidence < readable ||
        (state.position === 'scramble' && !athletesMove(frames, from, t, aspect))
      )
        pushUnclear(segments, start, end, readings.slice(from, t));
      else if (confidence < readable)
        segments.push({ position: state.position, top: null, start, end, confidence: positionConfidence });
      else segments.push({ position: state.position, top: state.top, start, end, confidence });
    }
    from = t;
  }
  return segments;
}

/** Whether two skeletons are the same values: the pose stage's answer to one picture, given again. */
function sameSkeleton(one: Skeleton | null, other: Skeleton | null): boolean {
  if (one === null || other === null) return one === other;
  return (
    one.keypoints.length === other.keypoints.length &&
    one.keypoints.every((point, i) => {
      const same = other.keypoints[i];
      return same !== undefined && point.x === same.x && point.y === same.y && point.score === same.score;
    })
  );
}

/**
 * Whether a frame repeats the one before: both athletes (or their absence) exactly as they were, which no
 * pose model gives for two pictures a video's compression has touched, only for one picture held over
 * several frames (a still made into a video, a frozen stretch; the pipeline gives such a frame the people
 * of the frame before, `seeFrames`). It is one observation: counted once per frame, a picture held two
 * seconds at two frames a second weighed four times as much as the same picture sampled once, so one
 * misread picture overruled the positions round it, and a roll of frames made into a clip came out as
 * confident, wrong positions where the same frames read one by one were rightly unclear (ADR 0023).
 */
function repeatsFrameBefore(before: PairFrame | undefined, frame: PairFrame | undefined): boolean {
  if (before === undefined || frame === undefined) return false;
  if (frame.a === null && frame.b === null) return false;
  return sameSkeleton(before.a, frame.a) && sameSkeleton(before.b, frame.b);
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
      readings.map((reading, t) =>
        t > 0 && repeatsFrameBefore(frames[t - 1], frames[t])
          ? HMM_STATES.map(() => 0)
          : emission(reading, model.readable),
      ),
    );
    return segmentsOf(frames, path, readings, frameStep(frames), model.readable, aspect);
  };
}

/** The position timeline of a roll filmed in landscape 16:9. */
export const positionTimeline: TimelineOf = positionTimelineFor(DEFAULT_ASPECT);
