import type { AnalysisPosition } from '@openmat/contract/analysis';
import type { PairFrame } from '../../src/analysis/pipeline.js';
import type { Keypoint, Skeleton } from '../../src/analysis/skeleton.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

/**
 * Labelled synthetic skeleton pairs for the position stage: stick figures of each grappling position as
 * a camera at mat level, side on, sees them, drawn in "body heights" (a standing athlete is 1 tall, u to
 * the right, v up from the mat) and then randomised: size, place, a small roll of the camera, mirroring,
 * pose jitter, per-joint detector noise, and 10-20 % of joints missed. Seeded, so every run is the same.
 */

/** The frames of the generated video: landscape 16:9, as the position stage assumes. */
export const ASPECT = 16 / 9;

export type Top = 'a' | 'b' | null;
export interface PoseLabel {
  position: AnalysisPosition;
  top: Top;
}

/** The app's seeded PRNG (mulberry32), re-exported for the tests that build noisy sets. */
export { seededRandom };

type Random = () => number;
const uniform = (random: Random, low: number, high: number) => low + (high - low) * random();
function gaussian(random: Random): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

type J = readonly [number, number];
/** A joint pair: one point for both sides (seen side on, they overlap), or left and right. */
type Pair = J | readonly [J, J];
/** A stick figure: the joints that matter, the face drawn around the nose. */
interface Figure {
  nose: J;
  sh: Pair;
  el: Pair;
  wr: Pair;
  hip: Pair;
  kn: Pair;
  an: Pair;
}
/** Top first, bottom second (for standing and scramble, just two athletes). */
type Scene = readonly [Figure, Figure];

const isPair = (pair: Pair): pair is readonly [J, J] => typeof pair[0] !== 'number';
function sides(pair: Pair): readonly [J, J] {
  if (isPair(pair)) return pair;
  const [u, v] = pair;
  // The far side of a body seen side on sits a little off the near side.
  return [
    [u - 0.015, v + 0.01],
    [u + 0.015, v - 0.01],
  ];
}

/** Mirror a figure left to right about u = 0. */
const flipJ = ([u, v]: J): J => [-u, v];
function flip(figure: Figure): Figure {
  const side = (pair: Pair): Pair => {
    const [l, r] = sides(pair);
    return [flipJ(l), flipJ(r)];
  };
  return {
    nose: flipJ(figure.nose),
    sh: side(figure.sh),
    el: side(figure.el),
    wr: side(figure.wr),
    hip: side(figure.hip),
    kn: side(figure.kn),
    an: side(figure.an),
  };
}
function shift(figure: Figure, du: number): Figure {
  const moveJ = ([u, v]: J): J => [u + du, v];
  const side = (pair: Pair): Pair => {
    const [l, r] = sides(pair);
    return [moveJ(l), moveJ(r)];
  };
  return {
    nose: moveJ(figure.nose),
    sh: side(figure.sh),
    el: side(figure.el),
    wr: side(figure.wr),
    hip: side(figure.hip),
    kn: side(figure.kn),
    an: side(figure.an),
  };
}

// ---- The bottom athlete lying on the back, head to the right (shared by several positions). ----
const LYING: Figure = {
  nose: [0.5, 0.14],
  sh: [0.35, 0.1],
  el: [0.36, 0.27],
  wr: [0.3, 0.4],
  hip: [0.05, 0.1],
  kn: [
    [-0.17, 0.22],
    [-0.2, 0.12],
  ],
  an: [
    [-0.38, 0.05],
    [-0.45, 0.04],
  ],
};

const STANDING_UPRIGHT: Figure = {
  nose: [0.06, 0.93],
  sh: [0, 0.8],
  el: [0.1, 0.65],
  wr: [0.22, 0.72],
  hip: [0, 0.5],
  kn: [
    [0.04, 0.27],
    [-0.05, 0.27],
  ],
  an: [
    [0.02, 0.02],
    [-0.1, 0.02],
  ],
};
const STANDING_CROUCHED: Figure = {
  nose: [0.2, 0.8],
  sh: [0.1, 0.72],
  el: [0.2, 0.58],
  wr: [0.3, 0.62],
  hip: [0, 0.45],
  kn: [
    [0.1, 0.25],
    [-0.02, 0.24],
  ],
  an: [
    [0.05, 0.02],
    [-0.12, 0.02],
  ],
};

/** Two athletes facing each other, gripping or circling. */
function standing(random: Random): Scene {
  const gap = uniform(random, 0.35, 0.8);
  const first = pick(random, [STANDING_UPRIGHT, STANDING_CROUCHED]);
  const second = pick(random, [STANDING_UPRIGHT, STANDING_CROUCHED]);
  return [first, shift(flip(second), gap)];
}

/** The top kneels inside the bottom's legs, which wrap around the waist, ankles crossed behind. */
function closedGuard(random: Random): Scene {
  const bottom: Figure = {
    ...LYING,
    el: [0.3, 0.25],
    wr: [0.12, 0.45],
    kn: [
      [-0.12, 0.32],
      [-0.1, 0.3],
    ],
    an: [
      [-0.33, 0.22],
      [-0.3, 0.25],
    ],
  };
  const postured: Figure = {
    nose: [-0.02, 0.66],
    sh: [-0.08, 0.54],
    el: [0, 0.38],
    wr: [0.05, 0.2],
    hip: [-0.18, 0.25],
    kn: [-0.05, 0.04],
    an: [-0.32, 0.03],
  };
  const brokenDown: Figure = { ...postured, nose: [0.24, 0.33], sh: [0.1, 0.36], el: [0.2, 0.22], wr: [0.3, 0.18] };
  return [pick(random, [postured, brokenDown]), bottom];
}

/** The bottom's feet push on the top's hips and knees; the top kneels or stands out of reach of a closed guard. */
function openGuard(random: Random): Scene {
  const kneeling: Figure = {
    nose: [-0.28, 0.72],
    sh: [-0.32, 0.6],
    el: [-0.2, 0.42],
    wr: [-0.1, 0.3],
    hip: [-0.35, 0.3],
    kn: [-0.3, 0.04],
    an: [-0.6, 0.03],
  };
  const standingUp: Figure = {
    nose: [-0.3, 0.9],
    sh: [-0.35, 0.78],
    el: [-0.25, 0.6],
    wr: [-0.12, 0.45],
    hip: [-0.45, 0.5],
    kn: [-0.4, 0.27],
    an: [-0.45, 0.02],
  };
  const top = pick(random, [kneeling, standingUp]);
  const [hipU, hipV] = top === kneeling ? [-0.35, 0.3] : [-0.45, 0.5];
  const [kneeU, kneeV] = top === kneeling ? [-0.3, 0.1] : [-0.4, 0.27];
  const bottom: Figure = {
    nose: [0.48, 0.2],
    sh: [0.33, 0.15],
    el: [0.25, 0.25],
    wr: [0.02, 0.3],
    hip: [0.05, 0.1],
    kn: [
      [-0.12, 0.3],
      [-0.1, 0.25],
    ],
    an: [
      [hipU + 0.05, hipV + 0.02],
      [kneeU + 0.04, kneeV + 0.02],
    ],
  };
  return [top, bottom];
}

/** Chest to chest, one of the top's legs trapped between the bottom's knees. */
function halfGuard(random: Random): Scene {
  const bottom: Figure = {
    ...LYING,
    el: [0.3, 0.25],
    wr: [0.2, 0.35],
    kn: [
      [-0.15, 0.25],
      [-0.12, 0.22],
    ],
    an: [
      [-0.33, 0.08],
      [-0.3, 0.12],
    ],
  };
  const flat: Figure = {
    nose: [0.4, 0.3],
    sh: [0.28, 0.28],
    el: [0.35, 0.15],
    wr: [0.45, 0.2],
    hip: [0.02, 0.3],
    kn: [
      [-0.15, 0.12],
      [-0.1, 0.04],
    ],
    an: [
      [-0.38, 0.1],
      [-0.35, 0.03],
    ],
  };
  const shielded: Figure = {
    ...flat,
    nose: [0.28, 0.45],
    sh: [0.2, 0.38],
    hip: [0, 0.33],
    el: [0.25, 0.22],
    wr: [0.35, 0.2],
  };
  const shield: Figure = {
    ...bottom,
    kn: [
      [0.05, 0.33],
      [-0.12, 0.2],
    ],
    an: [
      [-0.15, 0.2],
      [-0.3, 0.1],
    ],
  };
  return pick(random, [[flat, bottom] as const, [shielded, shield] as const]);
}

/** The top lies across the bottom's chest: seen side on, the top's torso points at the camera. */
function sideControl(random: Random): Scene {
  const across: Figure = {
    nose: [0.36, 0.26],
    sh: [0.3, 0.28],
    el: [0.42, 0.15],
    wr: [0.5, 0.1],
    hip: [0.2, 0.3],
    kn: [
      [0.05, 0.05],
      [0.12, 0.05],
    ],
    an: [
      [0.15, 0.03],
      [0.08, 0.03],
    ],
  };
  const angled: Figure = { ...across, sh: [0.33, 0.26], hip: [0.14, 0.32], nose: [0.42, 0.27] };
  return [pick(random, [across, angled]), LYING];
}

/** The top sits on the bottom's belly, knees on the mat by the bottom's chest. */
function mount(random: Random): Scene {
  const bottom: Figure = { ...LYING, el: [0.35, 0.3], wr: [0.28, 0.45] };
  const high: Figure = {
    nose: [0.25, 0.68],
    sh: [0.2, 0.56],
    el: [0.3, 0.42],
    wr: [0.38, 0.3],
    hip: [0.15, 0.26],
    kn: [
      [0.32, 0.05],
      [0.3, 0.06],
    ],
    an: [
      [0.08, 0.04],
      [0.1, 0.04],
    ],
  };
  const low: Figure = {
    ...high,
    nose: [0.52, 0.32],
    sh: [0.42, 0.3],
    el: [0.5, 0.18],
    wr: [0.6, 0.12],
    hip: [0.18, 0.24],
  };
  return [pick(random, [high, low]), bottom];
}

/** One knee on the bottom's belly, the other leg posted, hips high. */
function kneeOnBelly(random: Random): Scene {
  const top: Figure = {
    nose: [0.25, 0.8],
    sh: [0.18, 0.7],
    el: [0.3, 0.55],
    wr: [0.35, 0.4],
    hip: [0.05, 0.43],
    kn: [
      [0.2, 0.18],
      [-0.15, 0.3],
    ],
    an: [
      [0, 0.13],
      [-0.22, 0.03],
    ],
  };
  const leaning: Figure = { ...top, nose: [0.36, 0.66], sh: [0.27, 0.6], hip: [0.08, 0.42] };
  return [pick(random, [top, leaning]), LYING];
}

/** The top sits behind the bottom, chest on the bottom's back, hooks in front of the bottom's hips. */
function back(random: Random): Scene {
  const seated: Figure = {
    nose: [0.02, 0.5],
    sh: [-0.05, 0.38],
    el: [0.15, 0.3],
    wr: [0.1, 0.45],
    hip: [0.05, 0.1],
    kn: [
      [0.28, 0.22],
      [0.3, 0.18],
    ],
    an: [
      [0.5, 0.04],
      [0.52, 0.04],
    ],
  };
  const behind: Figure = {
    nose: [-0.14, 0.47],
    sh: [-0.25, 0.36],
    el: [0, 0.45],
    wr: [0.08, 0.42],
    hip: [-0.15, 0.08],
    kn: [
      [0.05, 0.25],
      [0.02, 0.28],
    ],
    an: [
      [0.15, 0.1],
      [0.12, 0.13],
    ],
  };
  // Reclined: both lean further back, the top nearly lying with the bottom on its chest.
  const reclinedBottom: Figure = { ...seated, nose: [-0.08, 0.42], sh: [-0.15, 0.31], hip: [0.05, 0.12] };
  const reclinedTop: Figure = { ...behind, nose: [-0.3, 0.32], sh: [-0.35, 0.22], hip: [-0.12, 0.06] };
  return pick(random, [[behind, seated] as const, [reclinedTop, reclinedBottom] as const]);
}

/** The bottom on knees and elbows; the attacker's chest on the bottom's back. */
function turtle(random: Random): Scene {
  const bottom: Figure = {
    nose: [0.42, 0.1],
    sh: [0.3, 0.22],
    el: [
      [0.3, 0.04],
      [0.28, 0.05],
    ],
    wr: [
      [0.42, 0.03],
      [0.4, 0.03],
    ],
    hip: [0.02, 0.3],
    kn: [
      [0, 0.03],
      [0.02, 0.04],
    ],
    an: [
      [-0.25, 0.03],
      [-0.24, 0.04],
    ],
  };
  const behind: Figure = {
    nose: [0.22, 0.52],
    sh: [0.12, 0.45],
    el: [0.25, 0.35],
    wr: [0.28, 0.2],
    hip: [-0.12, 0.32],
    kn: [
      [-0.15, 0.03],
      [-0.1, 0.04],
    ],
    an: [
      [-0.4, 0.03],
      [-0.38, 0.03],
    ],
  };
  const side: Figure = {
    ...behind,
    nose: [0.26, 0.5],
    sh: [0.2, 0.45],
    hip: [0.1, 0.31],
    kn: [0.06, 0.04],
    an: [0.0, 0.03],
  };
  return [pick(random, [behind, side]), bottom];
}

/** Neither in control: both on their knees, one kneeling up against one sitting, or both half up. */
function scramble(random: Random): Scene {
  const kneeling: Figure = {
    nose: [0.12, 0.6],
    sh: [0.05, 0.5],
    el: [0.15, 0.35],
    wr: [0.25, 0.38],
    hip: [-0.02, 0.24],
    kn: [0.05, 0.03],
    an: [-0.22, 0.03],
  };
  const oneKnee: Figure = {
    nose: [0.15, 0.72],
    sh: [0.08, 0.62],
    el: [0.18, 0.48],
    wr: [0.28, 0.45],
    hip: [0, 0.35],
    kn: [
      [0.2, 0.28],
      [-0.08, 0.04],
    ],
    an: [
      [0.22, 0.02],
      [-0.3, 0.03],
    ],
  };
  const sittingUp: Figure = {
    nose: [0.2, 0.5],
    sh: [0.12, 0.4],
    el: [0.02, 0.25],
    wr: [-0.08, 0.05],
    hip: [0, 0.1],
    kn: [0.22, 0.25],
    an: [0.42, 0.04],
  };
  const first = pick(random, [kneeling, oneKnee]);
  const second = pick(random, [kneeling, oneKnee, sittingUp]);
  return [first, shift(flip(second), uniform(random, 0.3, 0.55))];
}

const SCENES: Record<Exclude<AnalysisPosition, 'unclear'>, (random: Random) => Scene> = {
  standing,
  scramble,
  'closed-guard': closedGuard,
  'open-guard': openGuard,
  'half-guard': halfGuard,
  'side-control': sideControl,
  mount,
  'knee-on-belly': kneeOnBelly,
  back,
  turtle,
};

/** Every labelled state: standing, scramble, and each ground position with either athlete on top. */
export const STATES: readonly PoseLabel[] = (
  Object.keys(SCENES) as Array<Exclude<AnalysisPosition, 'unclear'>>
).flatMap((position): PoseLabel[] =>
  position === 'standing' || position === 'scramble'
    ? [{ position, top: null }]
    : [
        { position, top: 'a' },
        { position, top: 'b' },
      ],
);

/** Where and how big the pair is in the frame, and how the camera is turned: fixed for a whole video. */
export interface Camera {
  /** One body height, in frame heights. */
  size: number;
  /** Frame position of u = 0 (in frame heights from the left) and of the mat (from the top). */
  originX: number;
  matY: number;
  /** Camera roll, radians. */
  roll: number;
  mirrored: boolean;
}

export function randomCamera(random: Random): Camera {
  const size = uniform(random, 0.35, 0.75);
  return {
    size,
    originX: uniform(random, 0.3 * ASPECT, 0.7 * ASPECT),
    matY: uniform(random, 0.72, 0.95),
    roll: (uniform(random, -5, 5) * Math.PI) / 180,
    mirrored: random() < 0.5,
  };
}

export interface Noise {
  /** Jitter of the pose itself, in body heights. */
  pose: number;
  /** Detector noise per joint, in body heights. */
  joint: number;
  /** Share of joints missed, drawn between these two. */
  missing: readonly [number, number];
}

export const DEFAULT_NOISE: Noise = { pose: 0.025, joint: 0.012, missing: [0.1, 0.2] };

function jointsOf(figure: Figure): J[] {
  const [nose] = [figure.nose];
  const [u, v] = nose;
  // The face around the nose: eyes just above, ears a little further back, towards the shoulders.
  const [shoulderLeft] = sides(figure.sh);
  const back = Math.sign(shoulderLeft[0] - u) * 0.04;
  const face: J[] = [nose, [u, v + 0.02], [u + back * 0.3, v + 0.02], [u + back, v + 0.01], [u + back, v + 0.01]];
  const limbs = [figure.sh, figure.el, figure.wr, figure.hip, figure.kn, figure.an].flatMap((pair) => [...sides(pair)]);
  return [...face, ...limbs];
}

/** Draws one figure through a camera, with jitter, detector noise and missed joints. */
function skeletonOf(figure: Figure, camera: Camera, random: Random, noise: Noise, missing: number): Skeleton {
  const keypoints: Keypoint[] = jointsOf(figure).map(([u0, v0]) => {
    const u = (camera.mirrored ? -u0 : u0) + noise.pose * gaussian(random) + noise.joint * gaussian(random);
    const v = v0 + noise.pose * gaussian(random) + noise.joint * gaussian(random);
    const cos = Math.cos(camera.roll);
    const sin = Math.sin(camera.roll);
    const px = camera.originX + camera.size * (u * cos - v * sin);
    const py = camera.matY - camera.size * (u * sin + v * cos);
    if (random() < missing) {
      // A missed joint: the detector still reports somewhere, with a low score.
      return {
        x: px / ASPECT + 0.1 * gaussian(random),
        y: py + 0.1 * gaussian(random),
        score: uniform(random, 0, 0.25),
      };
    }
    return { x: px / ASPECT, y: py, score: uniform(random, 0.4, 1) };
  });
  return { keypoints, score: uniform(random, 0.6, 0.95), box: boxOf(keypoints) };
}

function boxOf(keypoints: readonly Keypoint[]): Skeleton['box'] {
  const seen = keypoints.filter((point) => point.score >= 0.3);
  const points = seen.length > 0 ? seen : keypoints;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const pad = 0.01;
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  return { x, y, width: Math.max(...xs) + pad - x, height: Math.max(...ys) + pad - y };
}

/** One labelled pair: the scene of `label`, with the top athlete in the `a` or `b` slot as labelled. */
export function posePair(
  label: PoseLabel,
  random: Random,
  camera: Camera = randomCamera(random),
  noise: Noise = DEFAULT_NOISE,
): { a: Skeleton; b: Skeleton } {
  if (label.position === 'unclear') throw new Error('unclear is no position to draw');
  const [first, second] = SCENES[label.position](random);
  const missing = uniform(random, noise.missing[0], noise.missing[1]);
  const one = skeletonOf(first, camera, random, noise, missing);
  const other = skeletonOf(second, camera, random, noise, missing);
  // Standing and scramble have no top: which athlete is `a` is a coin toss.
  const firstIsA = label.top === null ? random() < 0.5 : label.top === 'a';
  return firstIsA ? { a: one, b: other } : { a: other, b: one };
}

/** A labelled set: `perState` pairs of every state. */
export function labelledSet(perState: number, seed: number): Array<{ label: PoseLabel; a: Skeleton; b: Skeleton }> {
  const random = seededRandom(seed);
  return STATES.flatMap((label) => Array.from({ length: perState }, () => ({ label, ...posePair(label, random) })));
}

/** One stretch of a scripted roll. */
export interface ScriptedSegment extends PoseLabel {
  seconds: number;
}

/**
 * A video of a scripted roll: frames every 1 / fps seconds drawn from each segment's scene through one
 * camera, with extra trouble on top of the usual noise: some frames lose an athlete, some are a random
 * other position (a limb flailing, a mis-detection), as a real detector's output does.
 */
export function scriptedRoll(
  script: readonly ScriptedSegment[],
  options: { fps: number; seed: number; noise?: Noise; dropRate?: number; confusionRate?: number },
): { frames: PairFrame[]; labels: PoseLabel[] } {
  const random = seededRandom(options.seed);
  const camera = randomCamera(random);
  const frames: PairFrame[] = [];
  const labels: PoseLabel[] = [];
  let start = 0;
  for (const segment of script) {
    const count = Math.round(segment.seconds * options.fps);
    for (let i = 0; i < count; i++) {
      const time = start + i / options.fps;
      const shown = random() < (options.confusionRate ?? 0.15) ? pick(random, STATES) : segment;
      const pair = posePair(shown, random, camera, options.noise ?? DEFAULT_NOISE);
      const drop = random() < (options.dropRate ?? 0.05);
      frames.push(drop ? { time, a: random() < 0.5 ? pair.a : null, b: null } : { time, ...pair });
      labels.push({ position: segment.position, top: segment.top });
    }
    start += count / options.fps;
  }
  return { frames, labels };
}
