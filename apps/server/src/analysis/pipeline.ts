import type { AnalysisPosition, AnalysisResult, PositionSegment } from '@openmat/contract/analysis';
import type { Language } from '@openmat/contract/languages';
import { buildFindings, type FindingsKnowledge } from './findings.js';
import { identifyStudent, limbColour, torsoColour } from './identify.js';
import type { FrameAdaptation } from './positions/adaptation.js';
import { keypointIndex, type Skeleton } from './skeleton.js';
import { athletesFocus, trackAthletes, type SeenFrame, type TrackedFrame } from './tracking.js';

/** One sampled frame as ffmpeg gives it: raw RGB, `width` x `height`. */
export interface RollFrame {
  time: number;
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** The pose model, behind the repository that runs it. */
export interface PoseDetector {
  readonly name: string;
  readonly version: string;
  /** Frames it can work on at once (its threads); one when absent. */
  readonly concurrency?: number;
  /**
   * The people of a frame. `focus`, when given, is where the two athletes were in the frames just before
   * (a box, fractions of the frame): a detector may look there more closely.
   */
  detect(frame: RollFrame, focus?: Skeleton['box']): Promise<readonly Skeleton[]>;
}

/** The two athletes of a frame, for the position stage. */
export interface PairFrame {
  time: number;
  a: Skeleton | null;
  b: Skeleton | null;
}

/**
 * The position stage: a frame-by-frame pair of skeletons in, a smoothed timeline out (top by track);
 * `adaptation`, when given, adjusts each frame's probabilities (the installation's corrections, ADR 0028).
 */
export type TimelineOf = (
  frames: readonly PairFrame[],
  adaptation?: FrameAdaptation,
) => ReadonlyArray<{
  position: AnalysisPosition;
  top: 'a' | 'b' | null;
  start: number;
  end: number;
  confidence: number;
}>;

export interface RollRequest {
  durationSeconds: number;
  framesPerSecond: number;
  studentIdentifier: string;
  language: Language;
  /** Told how far the work has got, 0 to 1. */
  onProgress: (share: number) => Promise<void> | void;
  /** The installation's adaptation of the position model, when there is one. */
  adaptation?: FrameAdaptation;
  /** Told the two athletes of every frame and which track is the student, to be kept with the result. */
  onPairs?: (frames: readonly PairFrame[], student: 'a' | 'b') => void;
}

const TORSO = (['leftShoulder', 'rightShoulder', 'leftHip', 'rightHip'] as const).map(keypointIndex);
/** The upper arms and thighs, each from its upper end: what the clothes are read from when the torso is hidden. */
const LIMBS = (
  [
    ['leftShoulder', 'leftElbow'],
    ['rightShoulder', 'rightElbow'],
    ['leftHip', 'leftKnee'],
    ['rightHip', 'rightKnee'],
  ] as const
).map(([from, to]) => [keypointIndex(from), keypointIndex(to)] as const);

/** The two ends of each of a person's upper arms and thighs (`LIMBS`). */
const limbsOf = (person: Skeleton) =>
  LIMBS.map(
    ([from, to]) =>
      [person.keypoints[from] ?? { x: 0, y: 0, score: 0 }, person.keypoints[to] ?? { x: 0, y: 0, score: 0 }] as const,
  );

/** One frame's people as tracking takes them: each with the colour of what they wear. */
export function seenFrame(frame: RollFrame, people: readonly Skeleton[]): SeenFrame {
  return {
    time: frame.time,
    people: people.map((person) => {
      const corners = TORSO.map((index) => person.keypoints[index] ?? { x: 0, y: 0, score: 0 });
      const clothes = torsoColour(frame, corners, { oneHidden: true });
      return {
        ...person,
        colour: torsoColour(frame, corners),
        clothes,
        ...(clothes === null ? { limbs: limbColour(frame, limbsOf(person)) } : {}),
      };
    }),
  };
}

/** The grid a frame is summed into to tell whether its picture changed since the frame before (16:9). */
const PICTURE_GRID = { across: 16, down: 9 } as const;
/**
 * A cell of that grid whose mean grey moved less than this (of 255) did not change. A video's compression
 * alone moves a cell by about a tenth of a level between frames of one unchanging picture; anybody moving
 * in a cell, even at 30 frames a second, moves it by several levels.
 */
const STILL_LEVELS = 1;

/** The mean grey of each cell of `PICTURE_GRID`: what is compared to tell a repeated picture. */
function pictureCells(frame: RollFrame): Float32Array {
  const { across, down } = PICTURE_GRID;
  const sums = new Float64Array(across * down);
  const counts = new Float64Array(across * down);
  for (let y = 0; y < frame.height; y++) {
    const row = Math.min(down - 1, Math.floor((y * down) / frame.height)) * across;
    for (let x = 0; x < frame.width; x++) {
      const at = (y * frame.width + x) * 3;
      const cell = row + Math.min(across - 1, Math.floor((x * across) / frame.width));
      sums[cell] = (sums[cell] ?? 0) + ((frame.rgb[at] ?? 0) + (frame.rgb[at + 1] ?? 0) + (frame.rgb[at + 2] ?? 0)) / 3;
      counts[cell] = (counts[cell] ?? 0) + 1;
    }
  }
  return Float32Array.from(sums, (sum, cell) => sum / Math.max(1, counts[cell] ?? 0));
}

/** Whether two frames show the same picture: no cell of the grid changed (`STILL_LEVELS`). */
function samePicture(one: Float32Array, other: Float32Array): boolean {
  return one.length === other.length && one.every((grey, cell) => Math.abs(grey - (other[cell] ?? 0)) < STILL_LEVELS);
}

/**
 * How many frames back the pose stage is told where the athletes were from: frame t by the frames up to
 * t - 2. A fixed lag, not "the frames seen by the time it is sent", so that the same video gives the same
 * analysis on any number of threads (with more frames in flight, a frame was told by older ones, and on
 * the development roll that alone moved its agreement with the labels from 5/13 to 0/13; ADR 0022). It
 * also bounds the frames with the detector at once: two, whose looks share the threads between them.
 */
const FOCUS_LAG = 2;

/**
 * The people of every frame, in frame order: up to two frames are with the detector at once (fewer with
 * one thread), each told where the athletes were in the frames up to two before (`athletesFocus`,
 * `FOCUS_LAG`). `onSeen` is called for each frame once its people are known. Frames are dropped as soon
 * as they are seen.
 *
 * A frame that shows the same picture as the one before (a still made into a video, a paused or frozen
 * stretch: `samePicture`) is not looked at again: its people are the frame before's, and it is marked a
 * repeat, so that tracking does not count one picture many times as evidence. The pose model is not
 * stable under a video's compression noise, so looking again would only give a different answer to the
 * same picture.
 */
export async function seeFrames(
  frames: AsyncIterable<RollFrame> | Iterable<RollFrame>,
  detector: PoseDetector,
  onSeen: (frame: RollFrame) => Promise<void> | void = () => undefined,
): Promise<SeenFrame[]> {
  const seen: SeenFrame[] = [];
  // Their people are read back in frame order; a repeat's are the frame before's.
  const inFlight: Array<{ frame: RollFrame; people: Promise<readonly Skeleton[]> | 'repeat' }> = [];
  const settle = async () => {
    const next = inFlight.shift();
    if (!next) return;
    const before = seen.at(-1);
    if (next.people === 'repeat' && before) seen.push({ time: next.frame.time, people: before.people, repeat: true });
    else if (next.people !== 'repeat') seen.push(seenFrame(next.frame, await next.people));
    await onSeen(next.frame);
  };
  let previous: Float32Array | null = null;
  let index = 0;
  for await (const frame of frames) {
    const cells = pictureCells(frame);
    const repeat = previous !== null && samePicture(previous, cells);
    previous = cells;
    if (repeat) {
      inFlight.push({ frame, people: 'repeat' });
    } else {
      // The frames up to FOCUS_LAG before this one are seen: at most FOCUS_LAG - 1 others are in flight.
      const focus = athletesFocus(seen.slice(0, Math.max(0, index - FOCUS_LAG + 1)));
      const people = detector.detect(frame, focus ?? undefined);
      // Its failure is read when its turn comes; until then it must not count as unhandled.
      people.catch(() => undefined);
      inFlight.push({ frame, people });
    }
    index++;
    if (inFlight.length >= Math.min(FOCUS_LAG, Math.max(1, detector.concurrency ?? 1))) await settle();
  }
  while (inFlight.length > 0) await settle();
  return seen;
}

/**
 * The local analysis of a roll: people in every sampled frame, the two athletes followed through it,
 * the student told from the partner by what they wear, the positions smoothed into a timeline, and the
 * findings written from it. Frames are looked at one at a time and dropped: only skeletons are kept.
 */
export async function analyseRoll(
  frames: AsyncIterable<RollFrame>,
  detector: PoseDetector,
  timelineOf: TimelineOf,
  knowledge: FindingsKnowledge,
  request: RollRequest,
): Promise<AnalysisResult> {
  const duration = Math.max(request.durationSeconds, 1 / request.framesPerSecond);
  let reported = 0;
  const seen = await seeFrames(frames, detector, async (frame) => {
    // The frames are nine tenths of the work; progress is told in steps of five percent.
    const share = Math.min(0.9, (0.9 * (frame.time + 1 / request.framesPerSecond)) / duration);
    if (share - reported >= 0.05) {
      reported = share;
      await request.onProgress(share);
    }
  });
  const result = readSeen(seen, { name: detector.name, version: detector.version }, timelineOf, knowledge, request);
  await request.onProgress(1);
  return result;
}

/**
 * What the people seen in every frame (`seeFrames`) tell: the two athletes, which is the student, the
 * positions and the findings. Apart from `analyseRoll` so that a pose stream recorded on real footage can
 * be read again exactly as it was seen, colours included.
 */
export function readSeen(
  seen: readonly SeenFrame[],
  analyzer: { readonly name: string; readonly version: string },
  timelineOf: TimelineOf,
  knowledge: FindingsKnowledge,
  request: RollRequest,
): AnalysisResult {
  const tracking = trackAthletes(seen);
  const identification = identifyStudent(request.studentIdentifier, tracking.colours);
  const student = identification.kind === 'identified' ? identification.student : 'a';
  const pairFrames = pairs(tracking.frames);
  request.onPairs?.(pairFrames, student);
  const timeline =
    tracking.athletesFound >= 2 ? studentTimeline(timelineOf(pairFrames, request.adaptation), student) : [];
  return buildFindings(
    {
      timeline,
      durationSeconds: request.durationSeconds,
      framesPerSecond: request.framesPerSecond,
      athletes: {
        found: tracking.athletesFound,
        identification: identification.kind,
        colour: identification.kind === 'no-colour' ? null : identification.colour,
      },
      language: request.language,
      analyzer,
    },
    knowledge,
  );
}

function pairs(frames: readonly TrackedFrame[]): PairFrame[] {
  return frames.map(({ time, a, b }) => ({ time, a, b }));
}

/** The timeline told from the student's side. */
function studentTimeline(timeline: ReturnType<TimelineOf>, student: 'a' | 'b'): PositionSegment[] {
  return timeline.map((segment) => ({
    position: segment.position,
    top: segment.top === null ? null : segment.top === student ? 'student' : 'partner',
    start: segment.start,
    end: segment.end,
    confidence: segment.confidence,
  }));
}
