import type { Random } from '../../lib/seeded-random.js';
import { keypointIndex, type Keypoint, type KeypointName, type Skeleton } from '../skeleton.js';
import { POSITION_STATES, type PositionState } from './states.js';

/**
 * The synthetic grappling pairs the position model learns from (ADR 0023). Two articulated 3D bodies
 * (random proportions) are posed in a position: joint placements drawn from ranges, with the contacts that
 * define it (mount: the top's knees on the mat either side of the bottom's hips; back: chest to back with
 * the hooks in front of the hips; closed guard: the ankles crossed behind the top's back). A random camera
 * (height, angle, distance, lens, roll) sees them in perspective; joints hidden by the other body or the
 * own torso are mostly missed, and the rest get detector-like noise, misses, low scores and left/right
 * swaps. Nothing here has seen real footage: it is what the positions are, written down as geometry.
 *
 * World units are metres, y up, the mat at y = 0.
 */

export type V3 = readonly [number, number, number];
const add = (p: V3, q: V3): V3 => [p[0] + q[0], p[1] + q[1], p[2] + q[2]];
const sub = (p: V3, q: V3): V3 => [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
const mul = (p: V3, k: number): V3 => [p[0] * k, p[1] * k, p[2] * k];
const dot = (p: V3, q: V3) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
const cross = (p: V3, q: V3): V3 => [p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]];
const norm = (p: V3) => Math.hypot(p[0], p[1], p[2]);
function unit(p: V3, fallback: V3 = [0, 1, 0]): V3 {
  const length = norm(p);
  return length < 1e-9 ? fallback : mul(p, 1 / length);
}
/** Sum of scaled vectors. */
function combo(...terms: ReadonlyArray<readonly [V3, number]>): V3 {
  return terms.reduce<V3>((sum, [v, k]) => add(sum, mul(v, k)), [0, 0, 0]);
}
/** Rotates `p` about the unit axis `axis` by `angle` radians (Rodrigues). */
function rotate(p: V3, axis: V3, angle: number): V3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return combo([p, c], [cross(axis, p), s], [axis, dot(axis, p) * (1 - c)]);
}
const DEG = Math.PI / 180;

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
const chance = (random: Random, p: number) => random() < p;
const sign = (random: Random) => (random() < 0.5 ? -1 : 1);

/** One athlete's bone lengths, in metres. */
interface Body {
  readonly height: number;
  readonly torso: number;
  readonly hipWidth: number;
  readonly shoulderWidth: number;
  readonly upperArm: number;
  readonly forearm: number;
  readonly thigh: number;
  readonly shin: number;
  readonly neck: number;
}

function randomBody(random: Random): Body {
  const height = uniform(random, 1.55, 1.95);
  const vary = () => 1 + 0.06 * gaussian(random);
  return {
    height,
    torso: 0.29 * height * vary(),
    hipWidth: 0.11 * height * vary(),
    shoulderWidth: 0.215 * height * vary(),
    upperArm: 0.17 * height * vary(),
    forearm: 0.155 * height * vary(),
    thigh: 0.245 * height * vary(),
    shin: 0.25 * height * vary(),
    neck: 0.1 * height * vary(),
  };
}

/** Where a limb's hand or foot goes: aimed (mid joint towards one point, end towards another) or reaching. */
type Limb =
  | { readonly kind: 'aim'; readonly mid: V3; readonly end: V3 }
  | { readonly kind: 'reach'; readonly end: V3; readonly bend: V3 };

/** A posed body: the pelvis (middle of the hip joints), the torso's frame, and its four limbs. */
interface Pose {
  readonly pelvis: V3;
  /** Hips to shoulders. */
  readonly up: V3;
  /** Where the chest faces (made perpendicular to `up`). */
  readonly forward: V3;
  readonly leftArm: Limb;
  readonly rightArm: Limb;
  readonly leftLeg: Limb;
  readonly rightLeg: Limb;
  /** Where the face looks, relative to the chest: a small turn, radians. */
  readonly headTurn?: number;
}

/** The 17 COCO joints of a posed body, in world space. */
type Joints = readonly V3[];

/** The torso frame of a pose: up, forward and the athlete's own left. */
function frameOf(pose: Pose): { up: V3; forward: V3; left: V3 } {
  const up = unit(pose.up);
  const forward = unit(sub(pose.forward, mul(up, dot(pose.forward, up))), [0, 0, 1]);
  return { up, forward, left: unit(cross(up, forward)) };
}

function placeLimb(root: V3, first: number, second: number, limb: Limb): [V3, V3] {
  if (limb.kind === 'aim') {
    const mid = add(root, mul(unit(sub(limb.mid, root)), first));
    return [mid, add(mid, mul(unit(sub(limb.end, mid)), second))];
  }
  const towards = sub(limb.end, root);
  const direction = unit(towards);
  const reach = Math.min(first + second - 1e-3, Math.max(Math.abs(first - second) + 1e-3, norm(towards)));
  const along = (first * first - second * second + reach * reach) / (2 * reach);
  const out = Math.sqrt(Math.max(0, first * first - along * along));
  const bend = unit(sub(limb.bend, mul(direction, dot(limb.bend, direction))), [0, 1, 0]);
  const mid = combo([root, 1], [direction, along], [bend, out]);
  return [mid, add(root, mul(direction, reach))];
}

function jointsOf(body: Body, pose: Pose): Joints {
  const { up, forward, left } = frameOf(pose);
  const hipL = add(pose.pelvis, mul(left, body.hipWidth / 2));
  const hipR = add(pose.pelvis, mul(left, -body.hipWidth / 2));
  const neck = add(pose.pelvis, mul(up, body.torso));
  const shoulderL = add(neck, mul(left, body.shoulderWidth / 2));
  const shoulderR = add(neck, mul(left, -body.shoulderWidth / 2));
  const look = rotate(forward, up, pose.headTurn ?? 0);
  const side = unit(cross(up, look));
  const headCentre = add(neck, mul(up, body.neck));
  const nose = add(headCentre, mul(look, 0.1 * body.height * 0.55));
  const eye = (s: number) =>
    combo([headCentre, 1], [look, 0.045 * body.height], [up, 0.015 * body.height], [side, s * 0.018 * body.height]);
  const ear = (s: number) => combo([headCentre, 1], [side, s * 0.045 * body.height]);
  const [elbowL, wristL] = placeLimb(shoulderL, body.upperArm, body.forearm, pose.leftArm);
  const [elbowR, wristR] = placeLimb(shoulderR, body.upperArm, body.forearm, pose.rightArm);
  const [kneeL, ankleL] = placeLimb(hipL, body.thigh, body.shin, pose.leftLeg);
  const [kneeR, ankleR] = placeLimb(hipR, body.thigh, body.shin, pose.rightLeg);
  return [
    nose,
    eye(1),
    eye(-1),
    ear(1),
    ear(-1),
    shoulderL,
    shoulderR,
    elbowL,
    elbowR,
    wristL,
    wristR,
    hipL,
    hipR,
    kneeL,
    kneeR,
    ankleL,
    ankleR,
  ];
}

/** Joint indices, named. */
const J = (name: KeypointName): number => keypointIndex(name);

const at = (joints: Joints, name: KeypointName): V3 => joints[J(name)] ?? [0, 0, 0];
const midpoint = (p: V3, q: V3): V3 => mul(add(p, q), 0.5);

/** A small random offset, metres. */
const jitter = (random: Random, size: number): V3 => [
  size * gaussian(random),
  size * gaussian(random) * 0.5,
  size * gaussian(random),
];
const onMat = (p: V3, height = 0.03): V3 => [p[0], height, p[2]];

/** A body lying on its back along +x (head towards +x): `raise` lifts the shoulders, `roll` turns onto a side. */
function supine(
  random: Random,
  body: Body,
  raise: number,
  roll: number,
  pelvis: V3 = [0, 0, 0],
): { pelvis: V3; up: V3; forward: V3 } {
  const up: V3 = [Math.cos(raise), Math.sin(raise), 0];
  const flatForward: V3 = [-Math.sin(raise), Math.cos(raise), 0];
  const forward = rotate(flatForward, up, roll);
  const height = 0.09 + 0.08 * Math.abs(Math.sin(roll)) + 0.02 * random();
  return { pelvis: add(pelvis, [0, height + body.height * 0.0, 0]), up, forward };
}

/** The bottom's legs, for positions where they are not the point: flat, bent with feet on the mat, or one of each. */
function idleLegs(random: Random, pelvis: V3, up: V3, left: V3, body: Body): { leftLeg: Limb; rightLeg: Limb } {
  const leg = (s: number): Limb => {
    const hip = add(pelvis, mul(left, (s * body.hipWidth) / 2));
    const spread = s * uniform(random, 0.05, 0.3);
    if (chance(random, 0.5)) {
      // Knee up, foot flat on the mat.
      const foot = onMat(combo([hip, 1], [up, -uniform(random, 0.3, 0.45)], [left, spread]));
      return { kind: 'reach', end: foot, bend: [0, 1, 0] };
    }
    const knee = combo([hip, 1], [up, -body.thigh], [left, spread], [[0, 1, 0], uniform(random, 0, 0.15)]);
    return { kind: 'aim', mid: knee, end: combo([knee, 1], [up, -1], [left, spread], [[0, -1, 0], 0.1]) };
  };
  return { leftLeg: leg(1), rightLeg: leg(-1) };
}

/** Arms that reach for a point (a grip, a frame, a post), each with a random bend outwards. */
function reachArm(random: Random, target: V3, out: V3): Limb {
  return { kind: 'reach', end: add(target, jitter(random, 0.06)), bend: add(out, jitter(random, 0.3)) };
}

/** Top athlete first, bottom second (for standing and scramble, just two athletes). */
interface Scene {
  readonly first: { body: Body; pose: Pose };
  readonly second: { body: Body; pose: Pose };
}

type SceneMaker = (random: Random, top: Body, bottom: Body) => Scene;

const WORLD_UP: V3 = [0, 1, 0];

/** Both on their feet facing each other, gripping or hand fighting; sometimes one shoots in. */
const standing: SceneMaker = (random, first, second) => {
  // Gripping, hand fighting, or circling apart before engaging.
  const gap = chance(random, 0.75) ? uniform(random, 0.35, 1.4) : uniform(random, 1.4, 3);
  const make = (body: Body, x: number, facing: number, shooting: boolean): Pose => {
    const legLength = body.thigh + body.shin;
    // (v5) A third of the athletes not shooting stand in a low stance, as competition exchanges are
    // fought (no-gi most of all): hips well down, chest forward over wide feet, the hands low in front
    // and sometimes touching the mat. Still standing: on the feet, not between positions.
    const low = !shooting && chance(random, 1 / 3);
    // A third of those bend right down, the torso near level, the hands on the mat in front.
    const touching = low && chance(random, 1 / 3);
    const lean = shooting
      ? uniform(random, 35, 65) * DEG
      : touching
        ? uniform(random, 60, 80) * DEG
        : low
          ? uniform(random, 25, 60) * DEG
          : uniform(random, -5, 30) * DEG;
    const hipHeight =
      legLength *
      (shooting
        ? uniform(random, 0.55, 0.75)
        : touching
          ? uniform(random, 0.5, 0.65)
          : low
            ? uniform(random, 0.55, 0.8)
            : uniform(random, 0.85, 0.99));
    const yaw = uniform(random, -35, 35) * DEG;
    const heading = rotate([facing, 0, 0], WORLD_UP, yaw);
    const pelvis: V3 = [x, hipHeight, uniform(random, -0.15, 0.15)];
    const up = unit(combo([WORLD_UP, Math.cos(lean)], [heading, Math.sin(lean)]));
    const left = unit(cross(WORLD_UP, heading));
    const stagger = uniform(random, -0.35, 0.35);
    const foot = (s: number) =>
      onMat(
        combo(
          [pelvis, 1],
          [left, s * (low ? uniform(random, 0.2, 0.4) : uniform(random, 0.1, 0.25))],
          [heading, s * stagger],
        ),
        0.04,
      );
    const shoulders = add(pelvis, mul(up, body.torso));
    const hand = (s: number) =>
      touching
        ? onMat(combo([shoulders, 1], [heading, uniform(random, 0.05, 0.25)], [left, s * uniform(random, 0.1, 0.25)]))
        : combo(
            [shoulders, 1],
            [heading, uniform(random, 0.2, 0.55)],
            [left, s * uniform(random, 0, 0.25)],
            [WORLD_UP, low ? uniform(random, -0.5, 0) : uniform(random, -0.3, 0.15)],
          );
    return {
      pelvis,
      up,
      forward: heading,
      leftArm: reachArm(random, hand(1), combo([left, 1], [WORLD_UP, -1])),
      rightArm: reachArm(random, hand(-1), combo([left, -1], [WORLD_UP, -1])),
      leftLeg: { kind: 'reach', end: foot(1), bend: heading },
      rightLeg: { kind: 'reach', end: foot(-1), bend: heading },
      headTurn: uniform(random, -20, 20) * DEG,
    };
  };
  const shooter = random() < 0.15 ? pick(random, [0, 1]) : -1;
  return {
    first: { body: first, pose: make(first, 0, 1, shooter === 0) },
    second: { body: second, pose: make(second, gap, -1, shooter === 1) },
  };
};

/** A generic kneeling, crouching, sitting or turning body, for a scramble: neither standing nor pinned. */
function inBetween(random: Random, body: Body, x: number, facing: V3): Pose {
  const kind = pick(random, ['kneel', 'crouch', 'sit', 'turn', 'hands'] as const);
  const left = unit(cross(WORLD_UP, facing));
  const legs = body.thigh + body.shin;
  let hip: number;
  let lean: number;
  if (kind === 'kneel') {
    hip = body.thigh * uniform(random, 0.6, 1);
    lean = uniform(random, 10, 60);
  } else if (kind === 'crouch') {
    hip = legs * uniform(random, 0.45, 0.75);
    lean = uniform(random, 30, 75);
  } else if (kind === 'sit') {
    hip = uniform(random, 0.1, 0.2);
    lean = uniform(random, -60, -15);
  } else if (kind === 'turn') {
    hip = uniform(random, 0.2, 0.5);
    lean = uniform(random, 60, 120) * (random() < 0.5 ? 1 : -1);
  } else {
    hip = body.thigh * uniform(random, 0.7, 1);
    lean = uniform(random, 55, 85);
  }
  const pelvis: V3 = [x, hip, uniform(random, -0.2, 0.2)];
  const up = unit(combo([WORLD_UP, Math.cos(lean * DEG)], [facing, Math.sin(lean * DEG)]));
  const shoulders = add(pelvis, mul(up, body.torso));
  const foot = (s: number) =>
    onMat(combo([pelvis, 1], [left, s * uniform(random, 0.1, 0.3)], [facing, uniform(random, -0.5, 0.4)]));
  const hand = (s: number) =>
    chance(random, 0.5)
      ? onMat(combo([shoulders, 1], [left, s * uniform(random, 0.1, 0.3)], [facing, uniform(random, -0.2, 0.4)]))
      : combo(
          [shoulders, 1],
          [facing, uniform(random, 0.1, 0.5)],
          [left, s * 0.2],
          [WORLD_UP, uniform(random, -0.3, 0.2)],
        );
  return {
    pelvis,
    up,
    forward: kind === 'sit' ? combo([facing, 1], [WORLD_UP, 0.5]) : combo([facing, 1], [WORLD_UP, -0.3]),
    leftArm: reachArm(random, hand(1), left),
    rightArm: reachArm(random, hand(-1), mul(left, -1)),
    leftLeg: { kind: 'reach', end: foot(1), bend: combo([facing, 1], [WORLD_UP, 0.5]) },
    rightLeg: { kind: 'reach', end: foot(-1), bend: combo([facing, 1], [WORLD_UP, 0.5]) },
    headTurn: uniform(random, -30, 30) * DEG,
  };
}

/**
 * A top athlete on the feet over the other, bent forward by `lean` towards `facing`: the feet apart by
 * `narrowest` to 0.3 m each side and staggered, the arms to be aimed by the caller (standing in open guard,
 * and just after a takedown).
 */
function standingOver(random: Random, pelvis: V3, facing: V3, lean: number, narrowest: number): Pose {
  const left = unit(cross(WORLD_UP, facing));
  const stagger = uniform(random, -0.3, 0.3);
  const foot = (s: number) =>
    onMat(combo([pelvis, 1], [left, s * uniform(random, narrowest, 0.3)], [facing, s * stagger]), 0.04);
  return {
    pelvis,
    up: unit(combo([WORLD_UP, Math.cos(lean)], [facing, Math.sin(lean)])),
    forward: facing,
    leftArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    leftLeg: { kind: 'reach', end: foot(1), bend: facing },
    rightLeg: { kind: 'reach', end: foot(-1), bend: facing },
  };
}

/**
 * (v3) Just after a takedown or a throw: one athlete down on the back or a side, the other still on the
 * feet beside the fallen one's body, bent over and holding a sleeve or the collar, before any pin. Both are
 * between positions (not a guard: the standing one is beside the body, not in front of the legs).
 */
function afterTakedown(random: Random, first: Body, second: Body): Scene {
  let bottom = bottomOnBack(random, second, [0, 40], [-60, 60]);
  const b = landmarks(second, bottom);
  const side = sign(random);
  const legs = first.thigh + first.shin;
  const facing = rotate([0, 0, -side], WORLD_UP, uniform(random, -35, 35) * DEG);
  const lean = uniform(random, 0, 45) * DEG;
  const pelvis: V3 = [
    uniform(random, -0.2, 0.7),
    legs * uniform(random, 0.75, 0.97),
    side * uniform(random, 0.45, 0.9),
  ];
  let top: Pose = { ...standingOver(random, pelvis, facing, lean, 0.1), headTurn: uniform(random, -25, 25) * DEG };
  top = topArms(random, top, [...b.wrists, b.chest, ...b.shoulders]);
  const t = landmarks(first, top);
  bottom = bottomArms(random, bottom, [...t.wrists, ...t.knees]);
  return { first: { body: first, pose: top }, second: { body: second, pose: bottom } };
}

/** Both athletes moving between positions: kneeling, crouching, sitting up, turning, close to each other. */
const scramble: SceneMaker = (random, first, second) => {
  if (chance(random, 0.3)) return afterTakedown(random, first, second);
  const gap = uniform(random, 0.3, 1.1);
  const yaw = (facing: number) => rotate([facing, 0, 0], WORLD_UP, uniform(random, -60, 60) * DEG);
  return {
    first: { body: first, pose: inBetween(random, first, 0, yaw(1)) },
    second: { body: second, pose: inBetween(random, second, gap, yaw(-1)) },
  };
};

/** A kneeling top between the bottom's legs, facing the bottom's head (+x), `distance` back from its hips. */
function kneelingTop(random: Random, body: Body, distance: number, hipHeight: number, lean: number): Pose {
  const pelvis: V3 = [-distance, hipHeight, uniform(random, -0.08, 0.08)];
  const facing = rotate([1, 0, 0], WORLD_UP, uniform(random, -25, 25) * DEG);
  const up = unit(combo([WORLD_UP, Math.cos(lean)], [facing, Math.sin(lean)]));
  const left = unit(cross(WORLD_UP, facing));
  const knee = (s: number) =>
    onMat(combo([pelvis, 1], [left, s * uniform(random, 0.12, 0.22)], [facing, uniform(random, 0, 0.25)]));
  const ankle = (s: number) =>
    onMat(combo([pelvis, 1], [left, s * uniform(random, 0.08, 0.25)], [facing, -uniform(random, 0.3, 0.5)]));
  return {
    pelvis,
    up,
    forward: combo([facing, 1], [WORLD_UP, -0.2]),
    leftArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    leftLeg: { kind: 'aim', mid: knee(1), end: ankle(1) },
    rightLeg: { kind: 'aim', mid: knee(-1), end: ankle(-1) },
    headTurn: uniform(random, -20, 20) * DEG,
  };
}

/** Arms of the top resting on the bottom (hands on chest, hips, biceps) or posted on the mat. */
function topArms(random: Random, top: Pose, targets: readonly V3[]): Pose {
  const { left } = frameOf(top);
  return {
    ...top,
    leftArm: reachArm(random, pick(random, targets), left),
    rightArm: reachArm(random, pick(random, targets), mul(left, -1)),
  };
}

/** Key points of a posed body, for contacts. */
function landmarks(body: Body, pose: Pose) {
  const joints = jointsOf(body, pose);
  return {
    joints,
    pelvis: pose.pelvis,
    chest: midpoint(at(joints, 'leftShoulder'), at(joints, 'rightShoulder')),
    head: at(joints, 'nose'),
    hips: [at(joints, 'leftHip'), at(joints, 'rightHip')] as const,
    knees: [at(joints, 'leftKnee'), at(joints, 'rightKnee')] as const,
    shoulders: [at(joints, 'leftShoulder'), at(joints, 'rightShoulder')] as const,
    wrists: [at(joints, 'leftWrist'), at(joints, 'rightWrist')] as const,
    ankles: [at(joints, 'leftAnkle'), at(joints, 'rightAnkle')] as const,
  };
}

/** The bottom's arms: frames or grips on the top, or on the mat. */
function bottomArms(random: Random, bottom: Pose, targets: readonly V3[]): Pose {
  const { left, up } = frameOf(bottom);
  const shoulders = add(bottom.pelvis, mul(up, 0.5));
  const mat = (s: number) =>
    onMat(combo([shoulders, 1], [left, s * uniform(random, 0.3, 0.6)], [up, uniform(random, -0.4, 0.3)]));
  const arm = (s: number): Limb =>
    chance(random, 0.7) ? reachArm(random, pick(random, targets), mul(left, s)) : reachArm(random, mat(s), [0, 1, 0]);
  return { ...bottom, leftArm: arm(1), rightArm: arm(-1) };
}

function bottomOnBack(random: Random, body: Body, raise: [number, number], roll: [number, number]): Pose {
  const frame = supine(
    random,
    body,
    uniform(random, raise[0], raise[1]) * DEG,
    uniform(random, roll[0], roll[1]) * DEG,
  );
  const left = unit(cross(frame.up, frame.forward));
  return {
    ...frame,
    ...idleLegs(random, frame.pelvis, frame.up, left, body),
    leftArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    headTurn: uniform(random, -40, 40) * DEG,
  };
}

/** Closed guard: the bottom on the back, ankles crossed behind the kneeling top's back. */
const closedGuard: SceneMaker = (random, topBody, bottomBody) => {
  let bottom = bottomOnBack(random, bottomBody, [0, 35], [-25, 25]);
  const hipHeight = uniform(random, 0.3, 0.6);
  let top = kneelingTop(random, topBody, uniform(random, 0.12, 0.32), hipHeight, uniform(random, -10, 65) * DEG);
  // (v4) A fifth of the time the top has stood up to break the guard: on the feet, the bottom's hips
  // lifted off the mat by the legs still locked round the top's waist, the shoulders on the mat.
  if (chance(random, 0.2)) {
    const lift = uniform(random, 0.15, 0.4);
    bottom = {
      ...bottom,
      pelvis: add(bottom.pelvis, [0, lift, 0]),
      up: unit([bottomBody.torso, -lift * uniform(random, 0.6, 1), 0]),
    };
    const legs = topBody.thigh + topBody.shin;
    const facing = rotate([1, 0, 0], WORLD_UP, uniform(random, -20, 20) * DEG);
    top = standingOver(
      random,
      [-uniform(random, 0.12, 0.3), legs * uniform(random, 0.8, 0.95), uniform(random, -0.05, 0.05)],
      facing,
      uniform(random, 0, 35) * DEG,
      0.12,
    );
  }
  const topFrame = frameOf(top);
  const lowBack = combo([top.pelvis, 1], [topFrame.forward, -0.16], [topFrame.up, uniform(random, 0, 0.2)]);
  bottom = {
    ...bottom,
    leftLeg: {
      kind: 'reach',
      end: add(lowBack, mul(topFrame.left, -0.04)),
      bend: combo([WORLD_UP, 1], [topFrame.left, 0.6]),
    },
    rightLeg: {
      kind: 'reach',
      end: add(lowBack, mul(topFrame.left, 0.04)),
      bend: combo([WORLD_UP, 1], [topFrame.left, -0.6]),
    },
  };
  const b = landmarks(bottomBody, bottom);
  top = topArms(random, top, [b.chest, b.pelvis, ...b.hips, add(b.chest, [0, 0, 0.2]), ...b.shoulders]);
  const t = landmarks(topBody, top);
  bottom = bottomArms(random, bottom, [...t.shoulders, t.head, ...t.wrists, t.chest]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
};

/**
 * (v2) A leg entanglement (50/50, single-leg X, ashi garami), counted as open guard: both athletes seated or
 * lying back, facing each other, each with legs wrapped round the other's leg; the top is the one sitting
 * up more.
 */
const entangledGuard: SceneMaker = (random, topBody, bottomBody) => {
  let bottom = bottomOnBack(random, bottomBody, [0, 45], [-35, 35]);
  const seated = bottomOnBack(random, topBody, [30, 80], [-35, 35]);
  const half = (p: V3): V3 => rotate(p, WORLD_UP, Math.PI + uniform(random, -25, 25) * DEG);
  const gap = uniform(random, 0.5, 1.1);
  let top: Pose = {
    ...seated,
    pelvis: add(half(seated.pelvis), [-gap, 0, uniform(random, -0.3, 0.3)]),
    up: half(seated.up),
    forward: half(seated.forward),
  };
  const t = landmarks(topBody, top);
  const b = landmarks(bottomBody, bottom);
  const { left: topLeft } = frameOf(top);
  const { left: bottomLeft } = frameOf(bottom);
  const wrap = (targets: readonly V3[], side: V3, s: number): Limb => ({
    kind: 'reach',
    end: add(pick(random, targets), jitter(random, 0.08)),
    bend: combo([WORLD_UP, 1], [side, s * 0.5]),
  });
  const bottomSpots = [...b.hips, ...b.knees, b.pelvis];
  const topSpots = [...t.hips, ...t.knees, t.pelvis];
  top = { ...top, leftLeg: wrap(bottomSpots, topLeft, 1), rightLeg: wrap(bottomSpots, topLeft, -1) };
  bottom = { ...bottom, leftLeg: wrap(topSpots, bottomLeft, 1), rightLeg: wrap(topSpots, bottomLeft, -1) };
  const t2 = landmarks(topBody, top);
  const b2 = landmarks(bottomBody, bottom);
  top = topArms(random, top, [...b2.knees, ...b2.ankles, ...t2.knees]);
  bottom = bottomArms(random, bottom, [...t2.knees, ...t2.ankles, ...b2.knees]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
};

/** Open guard: the bottom on the back or seated, feet on the top's hips, knees or biceps; the top kneels or stands. */
const openGuard: SceneMaker = (random, topBody, bottomBody) => {
  if (chance(random, 0.25)) return entangledGuard(random, topBody, bottomBody);
  let bottom = bottomOnBack(random, bottomBody, chance(random, 0.3) ? [35, 70] : [0, 30], [-30, 30]);
  const standingTop = chance(random, 0.5);
  const legs = topBody.thigh + topBody.shin;
  let top: Pose;
  if (standingTop) {
    const distance = uniform(random, 0.45, 1);
    const lean = uniform(random, 10, 50) * DEG;
    const facing = rotate([1, 0, 0], WORLD_UP, uniform(random, -30, 30) * DEG);
    const pelvis: V3 = [-distance, legs * uniform(random, 0.7, 0.95), uniform(random, -0.15, 0.15)];
    top = standingOver(random, pelvis, facing, lean, 0.12);
  } else {
    top = kneelingTop(
      random,
      topBody,
      uniform(random, 0.35, 0.75),
      uniform(random, 0.35, 0.65),
      uniform(random, 0, 50) * DEG,
    );
  }
  const t = landmarks(topBody, top);
  const { left: bottomLeft } = frameOf(bottom);
  const spots = [
    ...t.hips,
    ...t.knees,
    ...t.shoulders,
    t.pelvis,
    midpoint(t.knees[0], t.hips[0]),
    midpoint(t.knees[1], t.hips[1]),
  ];
  const leg = (s: number, free: boolean): Limb => {
    if (free) {
      const hip = add(bottom.pelvis, mul(bottomLeft, (s * bottomBody.hipWidth) / 2));
      return { kind: 'reach', end: onMat(combo([hip, 1], [bottom.up, -0.35], [bottomLeft, s * 0.15])), bend: WORLD_UP };
    }
    return {
      kind: 'reach',
      end: add(pick(random, spots), jitter(random, 0.05)),
      bend: combo([WORLD_UP, 1], [bottomLeft, s * 0.5]),
    };
  };
  const freeLeg = chance(random, 0.3) ? pick(random, [1, -1]) : 0;
  bottom = { ...bottom, leftLeg: leg(1, freeLeg === 1), rightLeg: leg(-1, freeLeg === -1) };
  const b = landmarks(bottomBody, bottom);
  top = topArms(random, top, [...b.knees, ...b.ankles, b.pelvis, ...b.hips]);
  bottom = bottomArms(random, bottom, [...t.wrists, ...t.knees, t.head, ...t.shoulders]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
};

/** A top lying or kneeling on the bottom, chest over chest, at an angle `across` to the bottom's body. */
function chestOnChest(
  random: Random,
  body: Body,
  chestAt: V3,
  across: number,
  hipHeight: number,
  topSide: number,
): Pose {
  // The top's body points from its hips to the chest point, `across` from lying along the bottom.
  const direction = rotate([1, 0, 0], WORLD_UP, topSide * across);
  const horizontal = Math.sqrt(Math.max(0, body.torso ** 2 - (hipHeight - chestAt[1]) ** 2));
  const pelvis: V3 = [chestAt[0] - direction[0] * horizontal, hipHeight, chestAt[2] - direction[2] * horizontal];
  const up = unit(sub(chestAt, pelvis));
  const forward: V3 = [0, -1, 0];
  return {
    pelvis,
    up,
    forward,
    leftArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    leftLeg: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightLeg: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    headTurn: uniform(random, -40, 40) * DEG,
  };
}

/** Legs of a top on knees or sprawled, behind its hips (away from the chest). */
function trailingLegs(random: Random, pose: Pose, sprawl: boolean): { leftLeg: Limb; rightLeg: Limb } {
  const { up, left } = frameOf(pose);
  const back: V3 = unit([-up[0], 0, -up[2]], [-1, 0, 0]);
  const leg = (s: number): Limb => {
    const spread = s * uniform(random, 0.1, 0.35);
    if (sprawl) {
      const knee = onMat(combo([pose.pelvis, 1], [back, uniform(random, 0.3, 0.45)], [left, spread]), 0.05);
      return { kind: 'aim', mid: knee, end: onMat(combo([knee, 1], [back, 0.5], [left, spread]), 0.04) };
    }
    const knee = onMat(combo([pose.pelvis, 1], [back, uniform(random, -0.05, 0.2)], [left, spread]), 0.04);
    return { kind: 'aim', mid: knee, end: onMat(combo([knee, 1], [back, 0.45], [left, spread * 0.5]), 0.04) };
  };
  return { leftLeg: leg(1), rightLeg: leg(-1) };
}

/**
 * (v4) Knee-shield half guard: the bottom on a side facing the top, the upper knee across the top's belly
 * and the lower leg hooked round the top's near leg; the top kneels up in front of the bottom's hips, not
 * chest to chest.
 */
function kneeShield(random: Random, topBody: Body, bottomBody: Body): Scene {
  const side = sign(random);
  let bottom = bottomOnBack(random, bottomBody, [5, 40], [0, 0]);
  bottom = {
    ...bottom,
    ...supine(random, bottomBody, uniform(random, 5, 40) * DEG, side * uniform(random, 45, 80) * DEG),
  };
  let top = kneelingTop(
    random,
    topBody,
    uniform(random, 0.2, 0.4),
    uniform(random, 0.4, 0.6),
    uniform(random, 0, 40) * DEG,
  );
  top = { ...top, pelvis: add(top.pelvis, [0, 0, side * uniform(random, 0.05, 0.2)]) };
  const t = landmarks(topBody, top);
  const { up: topUp, forward: topForward } = frameOf(top);
  const belly = combo([t.pelvis, 1], [topUp, 0.15], [topForward, 0.12]);
  const b0 = landmarks(bottomBody, bottom);
  // The leg whose hip is higher (the bottom lies on the other) is the shield.
  const upper = b0.hips[0][1] >= b0.hips[1][1] ? 1 : -1;
  const shield: Limb = {
    kind: 'aim',
    mid: add(belly, jitter(random, 0.04)),
    end: add(t.hips[upper === 1 ? 1 : 0], jitter(random, 0.05)),
  };
  const hook: Limb = {
    kind: 'reach',
    end: add(midpoint(t.knees[upper === 1 ? 0 : 1], t.hips[upper === 1 ? 0 : 1]), jitter(random, 0.05)),
    bend: WORLD_UP,
  };
  bottom =
    upper === 1 ? { ...bottom, leftLeg: shield, rightLeg: hook } : { ...bottom, leftLeg: hook, rightLeg: shield };
  const b = landmarks(bottomBody, bottom);
  top = topArms(random, top, [...b.knees, b.head, ...b.shoulders, b.pelvis]);
  const t2 = landmarks(topBody, top);
  bottom = bottomArms(random, bottom, [...t2.shoulders, t2.head, ...t2.hips, ...t2.wrists]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
}

/** Half guard: chest to chest, one of the top's legs trapped between the bottom's; (v4) or a knee shield. */
const halfGuard: SceneMaker = (random, topBody, bottomBody) => {
  if (chance(random, 0.25)) return kneeShield(random, topBody, bottomBody);
  let bottom = bottomOnBack(random, bottomBody, [0, 30], [-60, 60]);
  const b0 = landmarks(bottomBody, bottom);
  const kneeling = chance(random, 0.35);
  const chestAt = combo(
    [b0.chest, 1],
    [WORLD_UP, uniform(random, 0.12, 0.22)],
    [[1, 0, 0], uniform(random, -0.15, 0.1)],
    [[0, 0, 1], uniform(random, -0.15, 0.15)],
  );
  let top = chestOnChest(
    random,
    topBody,
    chestAt,
    uniform(random, -40, 40) * DEG,
    kneeling ? uniform(random, 0.35, 0.55) : uniform(random, 0.2, 0.3),
    sign(random),
  );
  const trapped = pick(random, [1, -1]);
  const { left, up } = frameOf(top);
  const back: V3 = unit([-up[0], 0, -up[2]], [-1, 0, 0]);
  const trappedKnee = onMat(combo([top.pelvis, 1], [back, uniform(random, 0.25, 0.4)], [left, trapped * 0.08]), 0.1);
  const free = trailingLegs(random, top, !kneeling);
  const trappedLeg: Limb = { kind: 'aim', mid: trappedKnee, end: onMat(combo([trappedKnee, 1], [back, 0.5]), 0.06) };
  top =
    trapped === 1
      ? { ...top, leftLeg: trappedLeg, rightLeg: free.rightLeg }
      : { ...top, leftLeg: free.leftLeg, rightLeg: trappedLeg };
  const t = landmarks(topBody, top);
  const { left: bottomLeft } = frameOf(bottom);
  const trappedKneePoint = trapped === 1 ? t.knees[0] : t.knees[1];
  const trappedAnkle = trapped === 1 ? t.ankles[0] : t.ankles[1];
  const wrap = (s: number): Limb => ({
    kind: 'reach',
    end: add(midpoint(trappedKneePoint, trappedAnkle), combo([bottomLeft, s * 0.08], [WORLD_UP, s * 0.05])),
    bend: combo([WORLD_UP, 1], [bottomLeft, s * 0.7]),
  });
  bottom = { ...bottom, leftLeg: wrap(1), rightLeg: wrap(-1) };
  const b = landmarks(bottomBody, bottom);
  top = topArms(random, top, [
    b.head,
    add(b.head, [0, 0, 0.25]),
    add(b.head, [0, 0, -0.25]),
    ...b.shoulders,
    onMat(b.chest),
  ]);
  bottom = bottomArms(random, bottom, [...t.shoulders, t.head, t.pelvis, ...t.hips]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
};

/**
 * (v4) North-south, held as side control: the top's chest on the bottom's chest, its head towards the
 * bottom's hips and its hips and legs beyond the bottom's head, on knees or sprawled.
 */
function northSouth(random: Random, topBody: Body, bottomBody: Body, bottom: Pose): Scene {
  const b0 = landmarks(bottomBody, bottom);
  const sprawl = chance(random, 0.5);
  const chestAt = combo(
    [b0.chest, 1],
    [[1, 0, 0], -uniform(random, 0.05, 0.3)],
    [WORLD_UP, uniform(random, 0.12, 0.22)],
    [[0, 0, 1], uniform(random, -0.1, 0.1)],
  );
  let top = chestOnChest(
    random,
    topBody,
    chestAt,
    Math.PI + uniform(random, -20, 20) * DEG,
    sprawl ? uniform(random, 0.18, 0.3) : uniform(random, 0.3, 0.5),
    1,
  );
  top = { ...top, ...trailingLegs(random, top, sprawl) };
  const b = landmarks(bottomBody, bottom);
  top = topArms(random, top, [...b.hips, b.pelvis, ...b.shoulders, onMat(add(b.pelvis, [0, 0, 0.3]))]);
  const t = landmarks(topBody, top);
  bottom = bottomArms(random, bottom, [t.head, ...t.shoulders, t.chest, ...t.hips]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
}

/**
 * (v4) The scarf hold (kesa gatame), held as side control: the top sits on its hip beside the bottom's
 * chest, facing the bottom's head, leaning on the chest with an arm round the head, legs spread wide on
 * the mat, one forward and one back.
 */
function scarfHold(random: Random, topBody: Body, bottomBody: Body, bottom: Pose, side: number): Scene {
  const b0 = landmarks(bottomBody, bottom);
  const chestAt = combo(
    [b0.chest, 1],
    [[1, 0, 0], uniform(random, -0.15, 0.05)],
    [WORLD_UP, uniform(random, 0.15, 0.35)],
    [[0, 0, 1], side * uniform(random, 0.05, 0.15)],
  );
  let top = chestOnChest(random, topBody, chestAt, uniform(random, 15, 40) * DEG, uniform(random, 0.12, 0.2), side);
  // Sitting beside the bottom, on the side the top comes from.
  const pelvis: V3 = [top.pelvis[0], top.pelvis[1], side * Math.max(0.22, Math.abs(top.pelvis[2]))];
  const away: V3 = [0, 0, side];
  const leg = (ahead: number): Limb => {
    const knee = onMat(
      combo([pelvis, 1], [[1, 0, 0], ahead * uniform(random, 0.2, 0.4)], [away, uniform(random, 0.15, 0.35)]),
      uniform(random, 0.05, 0.25),
    );
    return {
      kind: 'aim',
      mid: knee,
      end: onMat(combo([knee, 1], [[1, 0, 0], ahead * uniform(random, 0.1, 0.35)], [away, uniform(random, 0.1, 0.3)])),
    };
  };
  const forwardLeg = sign(random);
  top = {
    ...top,
    pelvis,
    up: unit(sub(chestAt, pelvis)),
    leftLeg: leg(forwardLeg),
    rightLeg: leg(-forwardLeg),
  };
  const b = landmarks(bottomBody, bottom);
  const aroundHead = add(b.head, [uniform(random, 0.05, 0.15), 0, -side * uniform(random, 0.1, 0.25)]);
  top = topArms(random, top, [aroundHead, onMat(aroundHead), ...b.shoulders, b.chest]);
  const t = landmarks(topBody, top);
  bottom = bottomArms(random, bottom, [t.head, ...t.shoulders, t.chest, t.pelvis, ...t.hips]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
}

/**
 * Side control: the top across the bottom's chest, past the legs, on knees or sprawled; (v4) or head to
 * head the other way (north-south), or sitting beside the chest (the scarf hold).
 */
const sideControl: SceneMaker = (random, topBody, bottomBody) => {
  // (v4) A third of the time the bottom is turned well onto a side: towards the top, framing to recover
  // guard, or away from it.
  let bottom = bottomOnBack(random, bottomBody, [0, 20], chance(random, 0.3) ? [-75, 75] : [-30, 45]);
  const b0 = landmarks(bottomBody, bottom);
  const side = sign(random);
  const variant = random();
  if (variant < 0.2) return northSouth(random, topBody, bottomBody, bottom);
  if (variant < 0.35) return scarfHold(random, topBody, bottomBody, bottom, side);
  const chestLow = combo(
    [b0.chest, 1],
    [[1, 0, 0], uniform(random, -0.25, 0.05)],
    [WORLD_UP, uniform(random, 0.12, 0.25)],
    [[0, 0, 1], side * uniform(random, 0, 0.15)],
  );
  const sprawl = chance(random, 0.35);
  // (v2) A third of the time the top kneels tall beside the bottom (posted on a hand, chest raised, hips
  // high: a side control held loosely or being settled), not chest to chest.
  const tall = !sprawl && chance(random, 0.35);
  const chestAt = tall ? add(chestLow, [0, uniform(random, 0.15, 0.35), 0]) : chestLow;
  let top = chestOnChest(
    random,
    topBody,
    chestAt,
    uniform(random, 65, 115) * DEG,
    sprawl ? uniform(random, 0.18, 0.3) : tall ? uniform(random, 0.5, 0.7) : uniform(random, 0.3, 0.55),
    side,
  );
  // The top lies across from `side`: its hips are on that side of the bottom.
  top = { ...top, pelvis: [top.pelvis[0], top.pelvis[1], side * Math.abs(top.pelvis[2])] };
  top = {
    ...top,
    up: unit(sub(chestAt, top.pelvis)),
    ...trailingLegs(random, { ...top, up: unit(sub(chestAt, top.pelvis)) }, sprawl),
  };
  const b = landmarks(bottomBody, bottom);
  top = topArms(random, top, [
    b.head,
    add(b.head, [0, 0, -side * 0.25]),
    ...b.hips,
    onMat(add(b.pelvis, [0, 0, -side * 0.3])),
    ...b.shoulders,
  ]);
  const t = landmarks(topBody, top);
  bottom = bottomArms(random, bottom, [t.head, ...t.shoulders, t.pelvis, ...t.hips]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
};

/** Mount: sitting on the belly or chest, knees on the mat either side of the bottom's hips (or grapevined). */
const mount: SceneMaker = (random, topBody, bottomBody) => {
  let bottom = bottomOnBack(random, bottomBody, [0, 25], [-35, 35]);
  const b0 = landmarks(bottomBody, bottom);
  const along = uniform(random, 0.0, 0.75) * bottomBody.torso;
  const lean = uniform(random, -20, 70) * DEG;
  const facing = rotate([1, 0, 0], WORLD_UP, uniform(random, -20, 20) * DEG);
  const pelvis: V3 = [
    b0.pelvis[0] + along,
    uniform(random, 0.25, 0.42) + (lean > 50 * DEG ? -0.05 : 0),
    uniform(random, -0.06, 0.06),
  ];
  const up = unit(combo([WORLD_UP, Math.cos(lean)], [facing, Math.sin(lean)]));
  const left = unit(cross(WORLD_UP, facing));
  const grapevine = chance(random, 0.15);
  // (v4) A fifth of the rest is an S-mount (technical mount): one knee up by the bottom's shoulder, that
  // foot posted on the mat beside the bottom's head, the hips turned towards the other side.
  const raisedKnee = !grapevine && chance(random, 0.2) ? sign(random) : 0;
  const leg = (s: number): Limb => {
    if (s === raisedKnee) {
      const foot = onMat(
        combo([b0.pelvis, 1], [[1, 0, 0], uniform(random, 0.45, 0.65)], [left, s * uniform(random, 0.2, 0.35)]),
      );
      return { kind: 'reach', end: foot, bend: combo([WORLD_UP, 1], [facing, 0.5]) };
    }
    if (grapevine) {
      const knee = onMat(combo([pelvis, 1], [facing, -uniform(random, 0.3, 0.45)], [left, s * 0.2]), 0.12);
      return { kind: 'aim', mid: knee, end: onMat(combo([knee, 1], [facing, -0.5], [left, -s * 0.05]), 0.08) };
    }
    const knee = onMat(
      combo([pelvis, 1], [facing, uniform(random, -0.05, 0.2)], [left, s * uniform(random, 0.17, 0.3)]),
      0.04,
    );
    return {
      kind: 'aim',
      mid: knee,
      end: onMat(combo([knee, 1], [facing, -0.5], [left, s * uniform(random, -0.05, 0.05)]), 0.04),
    };
  };
  let top: Pose = {
    pelvis,
    up,
    forward: facing,
    leftArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    leftLeg: leg(1),
    rightLeg: leg(-1),
    headTurn: uniform(random, -25, 25) * DEG,
  };
  const b = landmarks(bottomBody, bottom);
  top = topArms(random, top, [
    b.chest,
    b.head,
    ...b.shoulders,
    onMat(add(b.head, [0, 0, 0.25])),
    onMat(add(b.head, [0, 0, -0.25])),
    b.pelvis,
  ]);
  const t = landmarks(topBody, top);
  const { left: bottomLeft } = frameOf(bottom);
  // The bottom's legs: flat, or knees up to bridge.
  const bridge = (s: number): Limb => {
    const hip = add(bottom.pelvis, mul(bottomLeft, (s * bottomBody.hipWidth) / 2));
    return {
      kind: 'reach',
      end: onMat(combo([hip, 1], [bottom.up, -uniform(random, 0.3, 0.75)], [bottomLeft, s * 0.15])),
      bend: WORLD_UP,
    };
  };
  bottom = { ...bottom, leftLeg: bridge(1), rightLeg: bridge(-1) };
  bottom = bottomArms(random, bottom, [t.pelvis, ...t.hips, t.chest, ...t.wrists, ...t.knees]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
};

/** Knee on belly: one knee on the bottom's belly or chest, the other foot posted, the hips high. */
const kneeOnBelly: SceneMaker = (random, topBody, bottomBody) => {
  let bottom = bottomOnBack(random, bottomBody, [0, 20], [-30, 30]);
  const b0 = landmarks(bottomBody, bottom);
  const side = sign(random);
  const kneeAt = combo([b0.pelvis, 1], [[1, 0, 0], uniform(random, 0.05, 0.8) * bottomBody.torso], [WORLD_UP, 0.14]);
  const facing = unit(rotate([0, 0, -side], WORLD_UP, -side * uniform(random, -20, 70) * DEG));
  const left = unit(cross(WORLD_UP, facing));
  const pelvis = combo(
    [kneeAt, 1],
    [[0, 0, 1], side * uniform(random, 0.15, 0.3)],
    [WORLD_UP, uniform(random, 0.3, 0.45)],
  );
  const lean = uniform(random, -5, 45) * DEG;
  const up = unit(combo([WORLD_UP, Math.cos(lean)], [facing, Math.sin(lean)]));
  const onBelly: Limb = {
    kind: 'aim',
    mid: kneeAt,
    end: onMat(
      combo([kneeAt, 1], [facing, uniform(random, -0.4, -0.2)], [[1, 0, 0], uniform(random, -0.2, 0.2)]),
      0.12,
    ),
  };
  const posted: Limb = {
    kind: 'reach',
    end: onMat(
      combo([pelvis, 1], [[0, 0, 1], side * uniform(random, 0.25, 0.5)], [[1, 0, 0], uniform(random, -0.4, 0.2)]),
    ),
    bend: combo([WORLD_UP, 1], [[0, 0, 1], side]),
  };
  // The knee on the belly is the leg on the bottom's side.
  const beltLeg = dot(left, [0, 0, -side]) > 0 ? 'left' : 'right';
  let top: Pose = {
    pelvis,
    up,
    forward: facing,
    leftArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    leftLeg: beltLeg === 'left' ? onBelly : posted,
    rightLeg: beltLeg === 'left' ? posted : onBelly,
    headTurn: uniform(random, -30, 30) * DEG,
  };
  const b = landmarks(bottomBody, bottom);
  top = topArms(random, top, [b.chest, b.head, ...b.shoulders, ...b.hips, b.pelvis]);
  const t = landmarks(topBody, top);
  bottom = bottomArms(random, bottom, [...t.knees, t.pelvis, ...t.hips, ...t.wrists]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
};

/** Turns every joint of a scene about the vertical axis through the origin, then about a horizontal axis, and settles it on the mat. */
type SceneJoints = readonly [Joints, Joints];

/** Back control: chest to back, the hooks in front of the bottom's hips, seated or lying back or on a side. */
const backControl: SceneMaker = (random, topBody, bottomBody) => {
  const recline = uniform(random, 15, 65) * DEG;
  const facing: V3 = [1, 0, 0];
  const topUp = unit(combo([WORLD_UP, Math.cos(recline)], [facing, -Math.sin(recline)]));
  const topPelvis: V3 = [0, 0.1, 0];
  const bottomRecline = recline + uniform(random, -15, 10) * DEG;
  const bottomUp = unit(combo([WORLD_UP, Math.cos(bottomRecline)], [facing, -Math.sin(bottomRecline)]));
  const topForward = unit(combo([facing, Math.cos(recline)], [WORLD_UP, Math.sin(recline)]));
  const bottomPelvis = combo(
    [topPelvis, 1],
    [topForward, uniform(random, 0.16, 0.28)],
    [topUp, uniform(random, 0.0, 0.12)],
    [[0, 0, 1], uniform(random, -0.08, 0.08)],
  );
  const bottomForward = unit(combo([facing, Math.cos(bottomRecline)], [WORLD_UP, Math.sin(bottomRecline)]));
  const bottomLeft = unit(cross(bottomUp, bottomForward));
  const topLeft = unit(cross(topUp, topForward));
  const triangle = chance(random, 0.2);
  const hook = (s: number): Limb => ({
    kind: 'reach',
    end: triangle
      ? combo([bottomPelvis, 1], [bottomForward, 0.2], [bottomLeft, -s * 0.1], [bottomUp, 0.1])
      : combo(
          [bottomPelvis, 1],
          [bottomForward, uniform(random, 0.1, 0.25)],
          [bottomUp, -uniform(random, 0.1, 0.3)],
          [bottomLeft, s * uniform(random, 0.0, 0.12)],
        ),
    bend: combo([topLeft, s * 1], [topForward, 0.3], [WORLD_UP, 0.3]),
  });
  const bottomLeg = (s: number): Limb => {
    const hip = add(bottomPelvis, mul(bottomLeft, (s * bottomBody.hipWidth) / 2));
    return chance(random, 0.5)
      ? {
          kind: 'reach',
          end: onMat(combo([hip, 1], [facing, uniform(random, 0.3, 0.5)], [bottomLeft, s * 0.2])),
          bend: WORLD_UP,
        }
      : {
          kind: 'aim',
          mid: onMat(combo([hip, 1], [facing, 0.45], [bottomLeft, s * 0.15]), 0.08),
          end: onMat(combo([hip, 1], [facing, 1.0], [bottomLeft, s * 0.2]), 0.06),
        };
  };
  let top: Pose = {
    pelvis: topPelvis,
    up: topUp,
    forward: topForward,
    leftArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    leftLeg: hook(1),
    rightLeg: hook(-1),
    headTurn: uniform(random, -30, 30) * DEG,
  };
  let bottom: Pose = {
    pelvis: bottomPelvis,
    up: bottomUp,
    forward: bottomForward,
    leftArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    leftLeg: bottomLeg(1),
    rightLeg: bottomLeg(-1),
    headTurn: uniform(random, -40, 40) * DEG,
  };
  const b = landmarks(bottomBody, bottom);
  // The seat belt: one arm over the shoulder, one under the arm, hands meeting on the chest.
  const chestFront = combo([b.chest, 1], [bottomForward, 0.12], [bottomUp, -0.08]);
  top = {
    ...top,
    leftArm: { kind: 'reach', end: add(chestFront, jitter(random, 0.06)), bend: combo([topLeft, 1], [WORLD_UP, 0.5]) },
    rightArm: {
      kind: 'reach',
      end: add(chestFront, jitter(random, 0.06)),
      bend: combo([topLeft, -1], [WORLD_UP, -0.3]),
    },
  };
  const t = landmarks(topBody, top);
  bottom = bottomArms(random, bottom, [...t.wrists, chestFront, b.head]);
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
};

/** Turtle: the bottom on knees and elbows, the top's chest over its back, beside or behind it. */
const turtle: SceneMaker = (random, topBody, bottomBody) => {
  const hip = bottomBody.thigh * uniform(random, 0.8, 1.0);
  const dip = uniform(random, -5, 30) * DEG;
  const bottomUp = unit(combo([[1, 0, 0], Math.cos(dip)], [WORLD_UP, -Math.sin(dip)]));
  const bottomPelvis: V3 = [0, hip, 0];
  const bottomLeftSide = unit(cross(bottomUp, [0, -1, 0]));
  const knee = (s: number) =>
    onMat(combo([bottomPelvis, 1], [[1, 0, 0], uniform(random, 0.0, 0.15)], [bottomLeftSide, s * 0.12]), 0.05);
  const shoulders = add(bottomPelvis, mul(bottomUp, bottomBody.torso));
  const hand = (s: number) =>
    onMat(
      combo([shoulders, 1], [[1, 0, 0], uniform(random, -0.3, 0.15)], [bottomLeftSide, s * uniform(random, 0.08, 0.2)]),
    );
  let bottom: Pose = {
    pelvis: bottomPelvis,
    up: bottomUp,
    forward: [0, -1, 0],
    leftArm: { kind: 'reach', end: hand(1), bend: [-1, 0.5, 0] },
    rightArm: { kind: 'reach', end: hand(-1), bend: [-1, 0.5, 0] },
    leftLeg: { kind: 'aim', mid: knee(1), end: onMat(add(knee(1), [-0.5, 0, 0]), 0.05) },
    rightLeg: { kind: 'aim', mid: knee(-1), end: onMat(add(knee(-1), [-0.5, 0, 0]), 0.05) },
    headTurn: uniform(random, -30, 30) * DEG,
  };
  const b = landmarks(bottomBody, bottom);
  const behind = chance(random, 0.35);
  const side = sign(random);
  const backMiddle = midpoint(b.pelvis, b.chest);
  const chestAt = combo(
    [backMiddle, 1],
    [WORLD_UP, uniform(random, 0.15, 0.28)],
    [[1, 0, 0], behind ? -0.1 : uniform(random, -0.15, 0.15)],
    [[0, 0, 1], side * uniform(random, 0, 0.15)],
  );
  const kneelHip = uniform(random, 0.45, 0.7);
  const pelvis: V3 = behind
    ? [b.pelvis[0] - uniform(random, 0.35, 0.55), kneelHip, uniform(random, -0.1, 0.1)]
    : [chestAt[0] + uniform(random, -0.2, 0.2), kneelHip, side * uniform(random, 0.3, 0.5)];
  let top: Pose = {
    pelvis,
    up: unit(sub(chestAt, pelvis)),
    forward: [0, -1, 0],
    leftArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightArm: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    leftLeg: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    rightLeg: { kind: 'aim', mid: [0, 0, 0], end: [0, 0, 0] },
    headTurn: uniform(random, -30, 30) * DEG,
  };
  top = { ...top, ...trailingLegs(random, top, false) };
  const farSide = combo([b.pelvis, 1], [[0, 0, 1], -side * 0.2], [WORLD_UP, -0.15]);
  top = topArms(random, top, [
    farSide,
    ...b.hips,
    ...b.shoulders,
    combo([b.chest, 1], [[0, 0, 1], -side * 0.2], [WORLD_UP, -0.2]),
  ]);
  const t = landmarks(topBody, top);
  if (chance(random, 0.3)) bottom = { ...bottom, leftArm: reachArm(random, t.wrists[0], [-1, 0, 0]) };
  return { first: { body: topBody, pose: top }, second: { body: bottomBody, pose: bottom } };
};

/** The positions a scene can be posed in (not `unclear`, which is no position). */
export type PosedPosition = Exclude<PositionState['position'], 'unclear'>;

const SCENES: Record<PosedPosition, SceneMaker> = {
  standing,
  scramble,
  'closed-guard': closedGuard,
  'open-guard': openGuard,
  'half-guard': halfGuard,
  'side-control': sideControl,
  mount,
  back: backControl,
  'knee-on-belly': kneeOnBelly,
  turtle,
};
const POSED_POSITIONS: readonly PosedPosition[] = [
  'standing',
  'scramble',
  'closed-guard',
  'open-guard',
  'half-guard',
  'side-control',
  'mount',
  'back',
  'knee-on-belly',
  'turtle',
];

/** The pair on the mat after a turn of the whole scene: settled so its lowest joint rests on the mat. */
function settle(
  random: Random,
  scene: SceneJoints,
  spin: number,
  tip: { axis: V3; angle: number } | null,
): SceneJoints {
  const turn = (p: V3) => {
    const tipped = tip === null ? p : rotate(p, tip.axis, tip.angle);
    return rotate(tipped, WORLD_UP, spin);
  };
  const turned = scene.map((joints) => joints.map(turn));
  const lowest = Math.min(...turned.flat().map((p) => p[1]));
  const lift = uniform(random, 0.01, 0.05) - lowest;
  const [first = [], second = []] = turned.map((joints) => joints.map((p): V3 => [p[0], p[1] + lift, p[2]]));
  return [first, second];
}

/** A camera: where it is, what it looks at, its lens and roll. */
export interface Camera {
  readonly position: V3;
  readonly target: V3;
  /** Vertical field of view, radians. */
  readonly fov: number;
  /** Roll about the viewing axis, radians. */
  readonly roll: number;
  /** Where the target lands in the frame (fractions). */
  readonly centre: readonly [number, number];
}

/**
 * Where a camera stands that looks at `target` from `distance` metres, `elevation` radians above the mat
 * and `azimuth` radians round it; never lower than 0.25 m (a phone standing on the mat).
 */
export function orbitPosition(target: V3, distance: number, elevation: number, azimuth: number): V3 {
  return [
    target[0] + distance * Math.cos(elevation) * Math.cos(azimuth),
    Math.max(0.25, target[1] + distance * Math.sin(elevation)),
    target[2] + distance * Math.cos(elevation) * Math.sin(azimuth),
  ];
}

/** A random camera around the pair: height from the mat to a broadcast gantry, any side, any distance. */
export function randomCamera(random: Random, look: V3 = [0.2, 0.3, 0]): Camera {
  // From a phone on the mat's edge to a camera across the room.
  // (v2) up to 12 m: a phone or action camera at the wall of a gym, with other pairs in between.
  const distance = chance(random, 0.35) ? uniform(random, 1.6, 3) : uniform(random, 3, 12);
  // Most rolls are filmed from near mat level; some from a raised phone, a few from a high broadcast camera.
  // (v2) A third from within a few degrees of the mat (a phone or action camera standing on it).
  const elevation =
    (chance(random, 0.15)
      ? uniform(random, 35, 65)
      : chance(random, 0.35)
        ? uniform(random, -3, 8)
        : uniform(random, -3, 35)) * DEG;
  const azimuth = uniform(random, 0, 2 * Math.PI);
  const target: V3 = add(look, jitter(random, 0.15));
  return {
    position: orbitPosition(target, distance, elevation, azimuth),
    target,
    // (v2) Phones' main lenses to wide action cameras (vertical field of view; 90° vertical is about 120° across).
    fov: (chance(random, 0.3) ? uniform(random, 70, 95) : uniform(random, 35, 70)) * DEG,
    roll: Math.max(-12, Math.min(12, 4 * gaussian(random))) * DEG,
    centre: [0.5 + uniform(random, -0.3, 0.3), 0.5 + uniform(random, -0.2, 0.25)],
  };
}

/** The frames are 16:9, as the pipeline letterboxes every video. */
export const FRAME_ASPECT = 16 / 9;

interface Projected {
  readonly x: number;
  readonly y: number;
  /** Distance in front of the camera. */
  readonly depth: number;
}

function projector(camera: Camera): (p: V3) => Projected {
  const forward = unit(sub(camera.target, camera.position));
  const right0 = unit(cross(forward, WORLD_UP), [1, 0, 0]);
  const up0 = cross(right0, forward);
  const right = rotate(right0, forward, camera.roll);
  const up = rotate(up0, forward, camera.roll);
  const focal = 0.5 / Math.tan(camera.fov / 2);
  return (p) => {
    const v = sub(p, camera.position);
    const depth = Math.max(0.05, dot(v, forward));
    return {
      x: camera.centre[0] + (focal * dot(v, right)) / depth / FRAME_ASPECT,
      y: camera.centre[1] - (focal * dot(v, up)) / depth,
      depth,
    };
  };
}

/** The bones whose thickness hides what is behind them, with a radius in metres. */
const FLESH: ReadonlyArray<readonly [number, number, number]> = [
  [J('leftShoulder'), J('leftHip'), 0.13],
  [J('rightShoulder'), J('rightHip'), 0.13],
  [J('leftShoulder'), J('rightHip'), 0.12],
  [J('rightShoulder'), J('leftHip'), 0.12],
  [J('leftShoulder'), J('leftElbow'), 0.05],
  [J('rightShoulder'), J('rightElbow'), 0.05],
  [J('leftElbow'), J('leftWrist'), 0.04],
  [J('rightElbow'), J('rightWrist'), 0.04],
  [J('leftHip'), J('leftKnee'), 0.08],
  [J('rightHip'), J('rightKnee'), 0.08],
  [J('leftKnee'), J('leftAnkle'), 0.055],
  [J('rightKnee'), J('rightAnkle'), 0.055],
  [J('nose'), J('leftShoulder'), 0.08],
  [J('nose'), J('rightShoulder'), 0.08],
];
const TORSO_BONES = FLESH.slice(0, 4);
const TORSO_JOINTS: ReadonlySet<number> = new Set([J('leftShoulder'), J('rightShoulder'), J('leftHip'), J('rightHip')]);

/** Whether a joint is behind one of `bones` of `joints` as the camera sees it. */
function hidden(
  point: V3,
  joints: Joints,
  bones: typeof FLESH,
  project: (p: V3) => Projected,
  skip: ReadonlySet<number>,
): boolean {
  const seen = project(point);
  for (const [from, to, radius] of bones) {
    if (skip.has(from) || skip.has(to)) continue;
    const p = joints[from];
    const q = joints[to];
    if (p === undefined || q === undefined) continue;
    const a = project(p);
    const b = project(q);
    const dx = (b.x - a.x) * FRAME_ASPECT;
    const dy = b.y - a.y;
    const length2 = dx * dx + dy * dy;
    const t =
      length2 < 1e-12
        ? 0
        : Math.max(0, Math.min(1, ((seen.x - a.x) * FRAME_ASPECT * dx + (seen.y - a.y) * dy) / length2));
    const depth = a.depth + t * (b.depth - a.depth);
    if (depth >= seen.depth - 0.04) continue;
    const gap = Math.hypot((seen.x - a.x) * FRAME_ASPECT - t * dx, seen.y - a.y - t * dy);
    if (gap < (radius * 0.5) / Math.tan(0.5) / depth / 1.6) return true;
  }
  return false;
}

/** How the detector degrades what the camera sees. */
export interface DetectorNoise {
  /** Per-joint position noise, as a share of the person's size in the frame. */
  readonly jitter: number;
  /** Chance a visible joint is missed. */
  readonly miss: number;
  /** Chance a hidden joint is still reported (somewhere near). */
  readonly hiddenSeen: number;
  /** Chance all of a person's left and right labels are swapped, and that one limb pair is. */
  readonly swapAll: number;
  readonly swapOne: number;
  /**
   * (v2) Chance a visible joint is far off (a wrist put on the other athlete's knee, an ankle on a shadow):
   * four to eight times the usual noise. Absent: never.
   */
  readonly outlier?: number;
  /**
   * (v2) Chance, per limb, that the detector gives this person the other athlete's limb where the two are
   * tangled (the nearest of the other's limbs, within about a thigh's length). Absent: never.
   */
  readonly crossLimb?: number;
  /** (v2) Chance a whole limb is missed (hidden in the tangle, or cut by the frame's edge). Absent: never. */
  readonly limbMiss?: number;
  /**
   * (v3) How much surer the detector is of each kind of joint than of the others: a hidden shoulder or hip
   * is still reported (the model infers the torso), while knees, ankles and wrists are missed more often
   * even where nothing covers them. Absent: every joint alike.
   */
  readonly profile?: boolean;
}

/**
 * (v3) The detector's joint-by-joint habits, written down from what MoveNet reports on real grappling pairs
 * (the share of each joint it scores 0.3 or more on the development footage's athletes, whatever the
 * position: torso 0.84-0.91, face 0.75-0.84, elbows 0.6, wrists 0.47-0.56, knees 0.46-0.54, ankles
 * 0.40-0.57). These are the detector's outputs, not the footage's labels; they set how the generated
 * detector fails, not what any position looks like. Per joint: the chance a hidden joint is still reported
 * and the extra chance a visible one is missed.
 */
const JOINT_HABITS: ReadonlyArray<{ readonly hiddenSeen: number; readonly extraMiss: number }> = [
  ...Array.from({ length: 5 }, () => ({ hiddenSeen: 0.7, extraMiss: -0.06 })),
  ...Array.from({ length: 2 }, () => ({ hiddenSeen: 0.95, extraMiss: -0.12 })),
  ...Array.from({ length: 2 }, () => ({ hiddenSeen: 0.35, extraMiss: 0.1 })),
  ...Array.from({ length: 2 }, () => ({ hiddenSeen: 0.25, extraMiss: 0.22 })),
  ...Array.from({ length: 2 }, () => ({ hiddenSeen: 0.95, extraMiss: -0.12 })),
  ...Array.from({ length: 2 }, () => ({ hiddenSeen: 0.25, extraMiss: 0.2 })),
  ...Array.from({ length: 2 }, () => ({ hiddenSeen: 0.25, extraMiss: 0.22 })),
];

export function randomNoise(random: Random): DetectorNoise {
  // (v3) One pair in four is a careful skeleton: every joint placed, hidden ones too, as a person annotating
  // keypoints (or a detector on a large, clear view) gives them. The model must read those as well.
  if (chance(random, 1 / 4))
    return {
      jitter: uniform(random, 0.005, 0.02),
      miss: uniform(random, 0, 0.05),
      hiddenSeen: uniform(random, 0.8, 1),
      swapAll: 0,
      swapOne: 0.02,
    };
  // (v2) A single-person model on small, tangled bodies: wider noise, far-off joints, limbs taken from the
  // other athlete and whole limbs missed (what MoveNet does to two people 100 pixels tall on the floor).
  const small = chance(random, 0.5);
  return {
    jitter: small ? uniform(random, 0.03, 0.08) : uniform(random, 0.01, 0.045),
    // On two people 100 pixels tall MoveNet scores half their joints under 0.3 (measured on the
    // development footage's detections, not on its labels).
    miss: small ? uniform(random, 0.1, 0.5) : uniform(random, 0.02, 0.15),
    hiddenSeen: uniform(random, 0.1, 0.5),
    swapAll: 0.1,
    swapOne: 0.06,
    outlier: uniform(random, 0, small ? 0.12 : 0.05),
    crossLimb: uniform(random, 0, 0.2),
    limbMiss: uniform(random, 0, 0.15),
    profile: true,
  };
}

/** Index pairs of left and right joints. */
const MIRROR_PAIRS: ReadonlyArray<readonly [number, number]> = [
  [J('leftEye'), J('rightEye')],
  [J('leftEar'), J('rightEar')],
  [J('leftShoulder'), J('rightShoulder')],
  [J('leftElbow'), J('rightElbow')],
  [J('leftWrist'), J('rightWrist')],
  [J('leftHip'), J('rightHip')],
  [J('leftKnee'), J('rightKnee')],
  [J('leftAnkle'), J('rightAnkle')],
];

/** Each limb's joints from the body outwards: arms (elbow, wrist), legs (knee, ankle). */
const LIMBS: ReadonlyArray<readonly number[]> = [
  [J('leftElbow'), J('leftWrist')],
  [J('rightElbow'), J('rightWrist')],
  [J('leftKnee'), J('leftAnkle')],
  [J('rightKnee'), J('rightAnkle')],
];

function detect(
  random: Random,
  joints: Joints,
  other: Joints,
  project: (p: V3) => Projected,
  noise: DetectorNoise,
): Skeleton {
  const projected = joints.map(project);
  const xs = projected.map((p) => p.x * FRAME_ASPECT);
  const ys = projected.map((p) => p.y);
  const size = Math.max(0.02, Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)));
  const spread = noise.jitter * size;
  let keypoints: Keypoint[] = joints.map((point, i) => {
    const p = projected[i] ?? { x: 0, y: 0, depth: 1 };
    const covered =
      hidden(point, other, FLESH, project, new Set()) ||
      (!TORSO_JOINTS.has(i) && hidden(point, joints, TORSO_BONES, project, new Set([i])));
    const outside = p.x < 0 || p.x > 1 || p.y < 0 || p.y > 1;
    let score: number;
    let wobble = spread;
    if (outside) score = uniform(random, 0, 0.2);
    else if (covered) {
      const habit = noise.profile ? JOINT_HABITS[i] : undefined;
      if (chance(random, habit ? (noise.hiddenSeen + habit.hiddenSeen) / 2 : noise.hiddenSeen)) {
        score = uniform(random, 0.3, 0.55);
        wobble = spread * 2.5;
      } else score = uniform(random, 0, 0.3);
    } else if (chance(random, noise.miss + (noise.profile ? (JOINT_HABITS[i]?.extraMiss ?? 0) : 0)))
      score = uniform(random, 0.05, 0.3);
    else score = Math.min(0.98, uniform(random, 0.4, 0.95));
    if (chance(random, noise.outlier ?? 0)) wobble *= uniform(random, 4, 8);
    return { x: p.x + (wobble * gaussian(random)) / FRAME_ASPECT, y: p.y + wobble * gaussian(random), score };
  });
  // (v2) Limbs taken from the other athlete, or missed whole.
  const others = other.map(project);
  for (const limb of LIMBS) {
    if (chance(random, noise.limbMiss ?? 0)) {
      for (const i of limb) {
        const k = keypoints[i];
        if (k !== undefined) keypoints[i] = { ...k, score: uniform(random, 0, 0.25) };
      }
      continue;
    }
    if (!chance(random, noise.crossLimb ?? 0)) continue;
    const end = projected[limb[limb.length - 1] ?? 0];
    if (end === undefined) continue;
    // The other's nearest limb of either side (the same kind: an arm for an arm, a leg for a leg).
    const candidates = LIMBS.filter((l) => l.length === limb.length && (l[0] ?? 0) <= 10 === (limb[0] ?? 0) <= 10);
    let best: readonly number[] | null = null;
    let bestGap = Infinity;
    for (const l of candidates) {
      const q = others[l[l.length - 1] ?? 0];
      if (q === undefined) continue;
      const gap = Math.hypot((q.x - end.x) * FRAME_ASPECT, q.y - end.y);
      if (gap < bestGap) {
        bestGap = gap;
        best = l;
      }
    }
    if (best === null || bestGap > 0.3 * size) continue;
    limb.forEach((i, n) => {
      const q = others[best[n] ?? 0];
      const k = keypoints[i];
      if (q === undefined || k === undefined) return;
      keypoints[i] = {
        x: q.x + (spread * gaussian(random)) / FRAME_ASPECT,
        y: q.y + spread * gaussian(random),
        score: Math.max(k.score, uniform(random, 0.3, 0.8)),
      };
    });
  }
  const swapped = [...keypoints];
  const swapAll = chance(random, noise.swapAll);
  for (const [l, r] of MIRROR_PAIRS) {
    if (swapAll !== chance(random, noise.swapOne)) {
      const left = keypoints[l];
      const right = keypoints[r];
      if (left !== undefined && right !== undefined) {
        swapped[l] = right;
        swapped[r] = left;
      }
    }
  }
  keypoints = swapped;
  const seen = keypoints.filter((k) => k.score >= 0.2);
  const box =
    seen.length === 0
      ? { x: 0, y: 0, width: 0, height: 0 }
      : (() => {
          const left = Math.min(...seen.map((k) => k.x));
          const right = Math.max(...seen.map((k) => k.x));
          const top = Math.min(...seen.map((k) => k.y));
          const bottom = Math.max(...seen.map((k) => k.y));
          const padX = 0.1 * (right - left);
          const padY = 0.1 * (bottom - top);
          return { x: left - padX, y: top - padY, width: right - left + 2 * padX, height: bottom - top + 2 * padY };
        })();
  const scores = keypoints.map((k) => k.score).sort((x, y) => y - x);
  const score = scores.slice(0, 8).reduce((sum, s) => sum + s, 0) / 8;
  return { keypoints, score, box };
}

/** A generated pair, as skeletons `a` and `b` with its state (top 'a' or 'b' or null). */
export interface GeneratedPair {
  readonly state: PositionState;
  readonly a: Skeleton;
  readonly b: Skeleton;
}

export interface PairOptions {
  /** The camera (a roll keeps one); random when absent. */
  readonly camera?: Camera;
  /** The detector's noise; random when absent. */
  readonly noise?: DetectorNoise;
  /** Which way the scene is turned on the mat, radians; random when absent. */
  readonly spin?: number;
  /** Whether the top athlete is `a` (for standing and scramble: the first posed); random when absent. */
  readonly topIsA?: boolean;
  /** Where the detector's noise draws from (a roll holds a pose and varies only the noise); `random` when absent. */
  readonly detectorRandom?: Random;
}

/** The 3D joints of a posed scene of `position`, top first: turned, sometimes tipped on a side (back control), and settled. */
export function posedScene(random: Random, position: PosedPosition, spin: number): SceneJoints {
  const made = SCENES[position](random, randomBody(random), randomBody(random));
  const scene: SceneJoints = [jointsOf(made.first.body, made.first.pose), jointsOf(made.second.body, made.second.pose)];
  // Back control is often taken lying back or on a side: tip the seated pair over.
  const tip =
    position === 'back' && chance(random, 0.45)
      ? {
          axis: pick(random, [
            [1, 0, 0],
            [0, 0, 1],
          ] as const satisfies readonly V3[]),
          angle: sign(random) * uniform(random, 40, 85) * DEG,
        }
      : null;
  return settle(random, scene, spin, tip);
}

/** One generated pair in a state: posed, seen by a camera, degraded by a detector. */
export function generatePair(random: Random, state: PositionState, options: PairOptions = {}): GeneratedPair {
  const spin = options.spin ?? uniform(random, 0, 2 * Math.PI);
  if (state.position === 'unclear') throw new Error('unclear is no position to pose');
  const [first, second] = posedScene(random, state.position, spin);
  const centre = mul(
    add(
      first.reduce((s, p) => add(s, p), [0, 0, 0]),
      second.reduce((s, p) => add(s, p), [0, 0, 0]),
    ),
    1 / 34,
  );
  const camera = options.camera ?? randomCamera(random, centre);
  const noise = options.noise ?? randomNoise(random);
  const project = projector(camera);
  const noisy = options.detectorRandom ?? random;
  const top = detect(noisy, first, second, project, noise);
  const bottom = detect(noisy, second, first, project, noise);
  const topIsA = options.topIsA ?? random() < 0.5;
  if (state.top === null) return { state, ...(topIsA ? { a: top, b: bottom } : { a: bottom, b: top }) };
  return topIsA
    ? { state: { position: state.position, top: 'a' }, a: top, b: bottom }
    : { state: { position: state.position, top: 'b' }, a: bottom, b: top };
}

/**
 * A pair in no position at all, labelled `unclear`: two people apart (1.8 to 5 m), at least one of them
 * not on their feet: a bystander sitting at the mat's edge, someone lying apart, another pair's athlete.
 * The model learns that such a picture is no grappling position, instead of forcing it into one.
 */
export function generateApart(random: Random, options: Omit<PairOptions, 'topIsA'> = {}): GeneratedPair {
  const spin = options.spin ?? uniform(random, 0, 2 * Math.PI);
  const pose = (onFeet: boolean): Joints => {
    const position = pick(random, onFeet ? POSED_POSITIONS : POSED_POSITIONS.filter((p) => p !== 'standing'));
    const [top, bottom] = posedScene(random, position, uniform(random, 0, 2 * Math.PI));
    return chance(random, 0.5) ? top : bottom;
  };
  const centreOf = (joints: Joints) =>
    mul(
      joints.reduce((sum, p) => add(sum, p), [0, 0, 0]),
      1 / joints.length,
    );
  const place = (joints: Joints, at: V3): Joints => {
    const centre = centreOf(joints);
    return joints.map((p) => [p[0] - centre[0] + at[0], p[1], p[2] - centre[2] + at[2]]);
  };
  const distance = uniform(random, 1.8, 5);
  const direction = rotate([1, 0, 0], WORLD_UP, spin);
  const first = place(pose(false), [0, 0, 0]);
  const second = place(pose(chance(random, 0.5)), mul(direction, distance));
  const centre = mul(add(centreOf(first), centreOf(second)), 0.5);
  const camera = options.camera ?? randomCamera(random, centre);
  const noise = options.noise ?? randomNoise(random);
  const project = projector(camera);
  return {
    state: { position: 'unclear', top: null },
    a: detect(random, first, second, project, noise),
    b: detect(random, second, first, project, noise),
  };
}

/** `perState` generated pairs of every state of `POSITION_STATES`, and as many pairs in no position. */
export function generateSet(random: Random, perState: number): GeneratedPair[] {
  const set: GeneratedPair[] = [];
  for (let i = 0; i < perState; i++) {
    for (const state of POSITION_STATES)
      set.push(generatePair(random, state, { topIsA: state.top !== 'b' && (state.top === 'a' || random() < 0.5) }));
    set.push(generateApart(random));
  }
  return set;
}
