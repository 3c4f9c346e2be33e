import { createHash } from 'node:crypto';
import type { PositionSegment } from '@openmat/contract/analysis';
import { z } from 'zod';
import { parseJsonAs } from '../../lib/parse-json.js';
import type { TimelineOf } from '../pipeline.js';
import { readable, type Skeleton } from '../skeleton.js';
import { HMM_STATES, UNCLEAR } from './hmm.js';
import { POSITION_MODEL } from './model.js';
import { pairVector } from './model-features.js';
import type { PositionModelFile } from './network.js';
import type { StoredPairs } from './pair-frames.js';

/**
 * The position model learning from the academy's corrections (ADR 0028): the frames of every corrected
 * video, labelled with the coach's ribbon, are points in the model's feature space; a frame's
 * probabilities are the base model's blended with its nearest labelled neighbours', the more the
 * closer they are. Nothing here knows how the model is built beyond `PositionFeatureSpace`, so a
 * retrained model only means a refit.
 */

/** What the adaptation needs of the position model. */
export interface PositionFeatureSpace {
  /** The base model's identity: an adaptation fitted on another model is not applied. */
  readonly modelVersion: string;
  /** The ordered pair's point in the model's feature space (optionally mirrored), or null when it cannot be measured. */
  embed(first: Skeleton, second: Skeleton, aspect: number, mirror: boolean): number[] | null;
}

/** The learned model's feature space: the activations of its last hidden layer. */
export function modelFeatureSpace(model: PositionModelFile = POSITION_MODEL): PositionFeatureSpace {
  const hidden = model.layers.slice(0, -1);
  // A retrained model may keep its version name: its weights tell it apart.
  const weights = createHash('sha256')
    .update(JSON.stringify([model.mean, model.scale, model.layers]))
    .digest('hex');
  return {
    modelVersion: `${model.version} ${weights.slice(0, 16)}`,
    embed(first, second, aspect, mirror) {
      const vector = pairVector(first, second, aspect, mirror);
      if (vector === null) return null;
      let values = vector.map((x, i) => (x - (model.mean[i] ?? 0)) / (model.scale[i] ?? 1));
      for (const layer of hidden) {
        const next = new Array<number>(layer.outputs);
        for (let o = 0; o < layer.outputs; o++) {
          let sum = layer.bias[o] ?? 0;
          const row = o * layer.inputs;
          for (let i = 0; i < layer.inputs; i++) sum += (layer.weights[row + i] ?? 0) * (values[i] ?? 0);
          next[o] = Math.max(0, sum);
        }
        values = next;
      }
      return values;
    },
  };
}

/** Adjusts one frame's base probabilities (`HMM_STATES` order) for its pair; the timeline calls it. */
export type FrameAdaptation = (a: Skeleton, b: Skeleton, aspect: number, base: readonly number[]) => number[];

/** A corrected video: its stored frames, the coach's ribbon, and the stretches the coach changed. */
export interface CorrectedVideo {
  videoId: number;
  pairs: StoredPairs;
  coach: readonly PositionSegment[];
  corrected: ReadonlyArray<{ start: number; end: number }>;
}

/** One labelled point: a view of a frame in the feature space, and the state the coach gave it in that view. */
export interface Example {
  videoId: number;
  frame: number;
  state: number;
  corrected: boolean;
  vector: Float32Array;
}

/** Neighbours asked. */
export const NEIGHBOURS = 8;
/** At most this many examples are kept (the coach's changes first, then the frames the coach left as they were). */
export const MAX_EXAMPLES = 6000;

/** The same state with the other athlete on top: what a state is when the pair's order is swapped. */
const SWAPPED: readonly number[] = HMM_STATES.map((state) =>
  HMM_STATES.findIndex(
    (other) =>
      other.position === state.position && other.top === (state.top === null ? null : state.top === 'a' ? 'b' : 'a'),
  ),
);

const inside = (time: number, span: { start: number; end: number }) => span.start <= time && time < span.end;

/** The coach's state of a frame (tops by track), or null where the ribbon says nothing or nothing fits. */
function coachState(video: CorrectedVideo, time: number): number | null {
  const segment = video.coach.find((band) => inside(time, band));
  if (!segment) return null;
  const partner = video.pairs.student === 'a' ? 'b' : 'a';
  const top = segment.top === null ? null : segment.top === 'student' ? video.pairs.student : partner;
  const index = HMM_STATES.findIndex((state) => state.position === segment.position && state.top === top);
  return index < 0 ? null : index;
}

/**
 * A video's labelled examples: each readable frame the coach's ribbon covers, in its four views. Frames
 * outside the corrected spans count as the coach's word too (the coach reviewed the roll and left them),
 * except where they are unclear.
 */
export function examplesOf(video: CorrectedVideo, space: PositionFeatureSpace): Example[] {
  const examples: Example[] = [];
  video.pairs.frames.forEach((frame, index) => {
    if (!readable(frame.a) || !readable(frame.b)) return;
    const state = coachState(video, frame.time);
    if (state === null) return;
    const corrected = video.corrected.some((span) => inside(frame.time, span));
    // A stretch the analyser could not read and the coach left so is nobody's word on the position.
    if (!corrected && state === UNCLEAR) return;
    for (const swapped of [false, true]) {
      for (const mirror of [false, true]) {
        const [first, second] = swapped ? [frame.b, frame.a] : [frame.a, frame.b];
        if (first === null || second === null) continue;
        const vector = space.embed(first, second, video.pairs.aspect, mirror);
        if (vector === null) continue;
        examples.push({
          videoId: video.videoId,
          frame: index,
          state: swapped ? (SWAPPED[state] ?? state) : state,
          corrected,
          vector: Float32Array.from(vector),
        });
      }
    }
  });
  return examples;
}

/** Keeps at most `limit` examples: every corrected one first, the rest spread evenly. */
export function capped(examples: readonly Example[], limit = MAX_EXAMPLES): Example[] {
  const corrected = examples.filter((example) => example.corrected);
  const kept = examples.filter((example) => !example.corrected);
  const pick = (list: readonly Example[], count: number) =>
    count >= list.length
      ? [...list]
      : Array.from({ length: Math.max(0, count) }, (_, i) => list[Math.floor((i * list.length) / count)]).filter(
          (example): example is Example => example !== undefined,
        );
  const first = pick(corrected, limit);
  return [...first, ...pick(kept, limit - first.length)];
}

function distanceSquared(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < x.length; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    sum += d * d;
  }
  return sum;
}

/** The `k` nearest examples of a point, as squared distances with their examples, nearest first. */
function nearest(
  examples: readonly Example[],
  point: ArrayLike<number>,
  k: number,
  skip: (example: Example) => boolean = () => false,
): Array<{ d2: number; example: Example }> {
  const best: Array<{ d2: number; example: Example }> = [];
  for (const example of examples) {
    if (skip(example)) continue;
    const d2 = distanceSquared(point, example.vector);
    if (best.length < k) {
      best.push({ d2, example });
      best.sort((x, y) => x.d2 - y.d2);
    } else if (d2 < (best[k - 1]?.d2 ?? Infinity)) {
      best[k - 1] = { d2, example };
      best.sort((x, y) => x.d2 - y.d2);
    }
  }
  return best;
}

/** A fitted adaptation: the labelled examples and the distance within which a neighbour counts fully. */
export interface FittedAdaptation {
  baseModel: string;
  radius: number;
  examples: Example[];
}

/**
 * The radius: the median distance from an example to its NEIGHBOURS-th nearest example of another video
 * (of another frame when there is one video), so "close" means as close as the neighbours a frame of
 * another roll finds. With the distance to the single nearest one, a confident base model was never
 * overruled: a new roll's neighbours lay a little beyond it, weighed almost nothing together, and the
 * blend below stayed under a half.
 */
export function fit(examples: readonly Example[], space: PositionFeatureSpace): FittedAdaptation {
  const kept = capped(examples);
  const videos = new Set(kept.map((example) => example.videoId)).size;
  const probes = capped(kept, 400);
  const distances = probes
    .map((probe) => {
      const hit = nearest(kept, probe.vector, NEIGHBOURS, (other) =>
        videos > 1 ? other.videoId === probe.videoId : other.frame === probe.frame,
      ).at(-1);
      return hit === undefined ? null : Math.sqrt(hit.d2);
    })
    .filter((d): d is number => d !== null)
    .sort((x, y) => x - y);
  const radius = Math.max(1e-3, distances[Math.floor(distances.length / 2)] ?? 1);
  return { baseModel: space.modelVersion, radius, examples: kept };
}

/**
 * The frame adaptation of a fit: the neighbours' states weighed by closeness (a neighbour at the radius
 * counts e^-1), blended with the base probabilities by their total weight W as W / (W + 1): a frame
 * like nothing the coaches labelled keeps the base model's answer.
 */
export function adaptationOf(fitted: FittedAdaptation, space: PositionFeatureSpace): FrameAdaptation | null {
  if (fitted.examples.length === 0 || fitted.baseModel !== space.modelVersion) return null;
  const r2 = fitted.radius * fitted.radius;
  return (a, b, aspect, base) => {
    const point = space.embed(a, b, aspect, false);
    if (point === null) return [...base];
    const votes = HMM_STATES.map(() => 0);
    let total = 0;
    for (const { d2, example } of nearest(fitted.examples, point, NEIGHBOURS)) {
      const weight = Math.exp(-d2 / r2);
      votes[example.state] = (votes[example.state] ?? 0) + weight;
      total += weight;
    }
    if (total <= 0) return [...base];
    const blend = total / (total + 1);
    return base.map((p, s) => (1 - blend) * p + (blend * (votes[s] ?? 0)) / total);
  };
}

/** Agreement of a ribbon with the coach's, in seconds, over the corrected stretches and over the rest. */
export type Agreement = {
  correctedSeconds: number;
  correctedAgreeing: number;
  keptSeconds: number;
  keptAgreeing: number;
};

const overlap = (x: { start: number; end: number }, y: { start: number; end: number }) =>
  Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));

/** Seconds of the coach's ribbon (corrected, and left as it was) that `ribbon` says the same of. */
export function agreement(video: CorrectedVideo, ribbon: readonly PositionSegment[]): Agreement {
  const result: Agreement = { correctedSeconds: 0, correctedAgreeing: 0, keptSeconds: 0, keptAgreeing: 0 };
  for (const band of video.coach) {
    const length = band.end - band.start;
    const corrected = video.corrected.reduce((sum, span) => sum + overlap(band, span), 0);
    const same = ribbon.filter(
      (segment) => segment.position === band.position && (segment.top ?? null) === (band.top ?? null),
    );
    const agreeing = same.reduce((sum, segment) => sum + overlap(band, segment), 0);
    const agreeingCorrected = same.reduce(
      (sum, segment) =>
        sum +
        video.corrected.reduce(
          (inner, span) =>
            inner + overlap({ start: Math.max(band.start, span.start), end: Math.min(band.end, span.end) }, segment),
          0,
        ),
      0,
    );
    result.correctedSeconds += corrected;
    result.correctedAgreeing += agreeingCorrected;
    result.keptSeconds += length - corrected;
    result.keptAgreeing += agreeing - agreeingCorrected;
  }
  return result;
}

/** The timeline of stored frames told from the student's side, as the analysis tells it. */
export function studentRibbon(
  pairs: StoredPairs,
  timelineFor: (aspect: number) => TimelineOf,
  adaptation?: FrameAdaptation,
): PositionSegment[] {
  return timelineFor(pairs.aspect)(pairs.frames, adaptation).map((segment) => ({
    position: segment.position,
    top: segment.top === null ? null : segment.top === pairs.student ? 'student' : 'partner',
    start: segment.start,
    end: segment.end,
    confidence: segment.confidence,
  }));
}

/** One held-out video's figures. */
export type HeldOut = Agreement & {
  videoId: number;
  correctedAgreeingBefore: number;
  keptAgreeingBefore: number;
};

const Share = z.number().min(0).max(1).nullable();
/** The figures stored with a version (the per-video ones are kept for whoever wants to look closer). */
export const Measurement = z.object({
  videos: z.number().int().min(0),
  correctedSeconds: z.number().min(0),
  /** Shares of the corrected seconds the base model, and the model adapted on the other videos, agree on. */
  before: Share,
  after: Share,
  /** The same over the seconds the coaches left as the analyser had them. */
  keptSeconds: z.number().min(0),
  keptBefore: Share,
  keptAfter: Share,
  perVideo: z.array(z.record(z.string(), z.number())),
});
export interface Measurement extends z.infer<typeof Measurement> {
  perVideo: HeldOut[];
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * Leave one video out: each corrected video is read by the base model and by the model adapted on the
 * examples of every other video, and both ribbons are compared with the coach's.
 */
export function measure(
  videos: readonly CorrectedVideo[],
  examples: ReadonlyMap<number, readonly Example[]>,
  space: PositionFeatureSpace,
  timelineFor: (aspect: number) => TimelineOf,
): Measurement {
  const perVideo: HeldOut[] = videos.map((video) => {
    const before = agreement(video, studentRibbon(video.pairs, timelineFor));
    const others = videos.flatMap((other) =>
      other.videoId === video.videoId ? [] : (examples.get(other.videoId) ?? []),
    );
    const adaptation = others.length > 0 ? adaptationOf(fit(others, space), space) : null;
    const after = adaptation ? agreement(video, studentRibbon(video.pairs, timelineFor, adaptation)) : before;
    return {
      videoId: video.videoId,
      ...after,
      correctedAgreeingBefore: before.correctedAgreeing,
      keptAgreeingBefore: before.keptAgreeing,
    };
  });
  const sum = (pick: (video: HeldOut) => number) => perVideo.reduce((total, video) => total + pick(video), 0);
  const correctedSeconds = sum((video) => video.correctedSeconds);
  const keptSeconds = sum((video) => video.keptSeconds);
  return {
    videos: perVideo.length,
    correctedSeconds,
    before: ratio(
      sum((video) => video.correctedAgreeingBefore),
      correctedSeconds,
    ),
    after: ratio(
      sum((video) => video.correctedAgreeing),
      correctedSeconds,
    ),
    keptSeconds,
    keptBefore: ratio(
      sum((video) => video.keptAgreeingBefore),
      keptSeconds,
    ),
    keptAfter: ratio(
      sum((video) => video.keptAgreeing),
      keptSeconds,
    ),
    perVideo,
  };
}

/** Examples as stored with their version: states and a base64 Float32 block. */
export function encodeFit(fitted: FittedAdaptation): string {
  const dimension = fitted.examples[0]?.vector.length ?? 0;
  const block = new Float32Array(fitted.examples.length * dimension);
  fitted.examples.forEach((example, i) => block.set(example.vector, i * dimension));
  return JSON.stringify({
    baseModel: fitted.baseModel,
    radius: fitted.radius,
    dimension,
    states: fitted.examples.map((example) => example.state),
    videos: fitted.examples.map((example) => example.videoId),
    vectors: Buffer.from(block.buffer).toString('base64'),
  });
}

const StoredFit = z.object({
  baseModel: z.string(),
  radius: z.number().positive(),
  dimension: z.number().int().min(0),
  states: z.array(z.number().int().min(0)),
  videos: z.array(z.number().int()),
  vectors: z.string(),
});

export function decodeFit(text: string): FittedAdaptation | null {
  const json = parseJsonAs(StoredFit, text);
  if (json === null) return null;
  const bytes = Buffer.from(json.vectors, 'base64');
  if (bytes.length !== json.states.length * json.dimension * 4) return null;
  const block = new Float32Array(json.states.length * json.dimension);
  for (let i = 0; i < block.length; i++) block[i] = bytes.readFloatLE(i * 4);
  return {
    baseModel: json.baseModel,
    radius: json.radius,
    examples: json.states.map((state, i) => ({
      videoId: json.videos[i] ?? 0,
      frame: i,
      state,
      corrected: true,
      vector: block.slice(i * json.dimension, (i + 1) * json.dimension),
    })),
  };
}
