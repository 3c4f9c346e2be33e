import { keypointIndex, type KeypointName, type Skeleton } from '../skeleton.js';

/**
 * Geometric features of two grappling athletes in one frame, as a camera at mat level sees them.
 * Everything is measured in "body units" (the length of a torso or thigh), with heights taken above the
 * lowest joint of the pair (the mat), so the features do not depend on where the athletes are in the
 * frame or how far the camera is. A joint seen with a score below 0.3 is unknown, and every feature
 * that needs it is null rather than a guess.
 */

/** A joint below this score is treated as not seen. */
export const MIN_JOINT_SCORE = 0.3;
/**
 * Keypoints are fractions of the frame's width and height; a frame's shape is not handed to this stage,
 * so a landscape 16:9 video (what phones and cameras record a roll in) is assumed unless told otherwise.
 */
export const DEFAULT_ASPECT = 16 / 9;

/** A point in body units: x to the right, h upwards from the mat. */
export interface Point {
  readonly x: number;
  readonly h: number;
}

/** What one athlete's body looks like on its own. */
export interface AthleteFeatures {
  /** Middle of the seen hips. */
  readonly hip: Point | null;
  /** Middle of the seen shoulders. */
  readonly shoulder: Point | null;
  /** Mean of the seen face points (nose, eyes, ears). */
  readonly head: Point | null;
  /** The seen knees. */
  readonly knees: readonly Point[];
  /** The seen ankles. */
  readonly ankles: readonly Point[];
  /** The seen wrists and elbows, which are on the mat when someone is on hands and knees. */
  readonly hands: readonly Point[];
  /** Angle of the hip-to-shoulder line from straight up, in degrees: 0 upright, 90 lying, 180 upside down. */
  readonly torsoAngle: number | null;
  /** Seen length of the torso in body units: near 1 side on, short when the torso points at the camera. */
  readonly torsoLength: number | null;
  /** Height of the hips above the mat. */
  readonly hipHeight: number | null;
  /** Height of the shoulders above the mat. */
  readonly shoulderHeight: number | null;
  /** Height of the head above the mat. */
  readonly headHeight: number | null;
  /** Mean height of the seen knees above the mat. */
  readonly kneeHeight: number | null;
  /** Mean height of the seen wrists and elbows above the mat. */
  readonly handHeight: number | null;
  /** Which way the face points along x (+1 right, -1 left), when the head is clearly off the shoulders. */
  readonly facing: 1 | -1 | null;
}

/** How one athlete (`top`) sits on the other (`bottom`): the features of one top/bottom hypothesis. */
export interface RoleFeatures {
  /** Height of the top's torso middle above the bottom's. */
  readonly torsoAbove: number | null;
  /** Height of the top's hips above the bottom's hips. */
  readonly hipAbove: number | null;
  /** Where the top's hips are along the bottom's hip-to-shoulder axis: below 0 at the legs, 0 to 1 over the torso. */
  readonly alongBottom: number | null;
  /** How far the bottom's feet reach past the top's hips (away from the bottom): above 0 when legs wrap around. */
  readonly legReach: number | null;
  /** Shortest distance from the bottom's feet to the top's hips or knees: small when feet push or hook. */
  readonly footContact: number | null;
  /** How far the top's knees are ahead of the top's hips along the bottom's axis: above 0 in mount. */
  readonly kneesForward: number | null;
  /** Shortest distance from a top knee to the bottom's torso line: small for a knee on the belly or in mount. */
  readonly kneeToTorso: number | null;
  /** Height of that nearest top knee above the bottom's torso line: above 0 when the knee rests on it. */
  readonly kneeAboveTorso: number | null;
  /** How far the top's shoulders are behind the bottom's, opposite the bottom's face: above 0 on the back. */
  readonly chestBehind: number | null;
  /** How far the top's feet reach in front of the bottom's hips, in the bottom's facing: above 0 with hooks in. */
  readonly hooksIn: number | null;
  /** Angle between the two torsos in degrees: near 0 when they lie or sit along each other. */
  readonly torsoBetween: number | null;
  /** Height of the top's shoulders above the bottom's hips-to-shoulders midpoint, when chest on back. */
  readonly chestOverBack: number | null;
  /** +1 when the top looks towards the bottom's hips, -1 when away (a guard is faced; a back is not). */
  readonly topFacesBottom: 1 | -1 | null;
}

/** The whole pair: each athlete, both top/bottom hypotheses, and how close they are. */
export interface PairFeatures {
  /** Size of one body unit in frame-height fractions. */
  readonly scale: number;
  readonly a: AthleteFeatures;
  readonly b: AthleteFeatures;
  /** `a` on top of `b`. */
  readonly aOverB: RoleFeatures;
  /** `b` on top of `a`. */
  readonly bOverA: RoleFeatures;
  /** Area shared by the two boxes over the smaller box: 0 apart, 1 one inside the other. */
  readonly boxOverlap: number;
  /** Distance between the hips. */
  readonly hipDistance: number | null;
}

const FACE: readonly KeypointName[] = ['nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar'];
const index = (name: KeypointName) => keypointIndex(name);
/** Bones whose seen length gives the body unit: torso sides, thighs and shins. */
const BONES: ReadonlyArray<readonly [number, number]> = [
  [index('leftShoulder'), index('leftHip')],
  [index('rightShoulder'), index('rightHip')],
  [index('leftHip'), index('leftKnee')],
  [index('rightHip'), index('rightKnee')],
  [index('leftKnee'), index('leftAnkle')],
  [index('rightKnee'), index('rightAnkle')],
];

/** A seen joint in frame-height units (x stretched by the aspect), y still downwards. */
interface Raw {
  readonly x: number;
  readonly y: number;
}

function rawJoint(skeleton: Skeleton, at: number, aspect: number): Raw | null {
  const point = skeleton.keypoints[at];
  if (point === undefined || point.score < MIN_JOINT_SCORE) return null;
  if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) return null;
  return { x: point.x * aspect, y: point.y };
}

function distance(p: Raw, q: Raw): number {
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/**
 * The body unit: the mean of the three longest seen bones of either athlete. The longest ones are
 * used because a bone pointing at the camera looks short, never long.
 */
function bodyUnit(people: readonly Skeleton[], aspect: number): number {
  const lengths: number[] = [];
  for (const person of people) {
    for (const [from, to] of BONES) {
      const p = rawJoint(person, from, aspect);
      const q = rawJoint(person, to, aspect);
      if (p !== null && q !== null) lengths.push(distance(p, q));
    }
  }
  lengths.sort((x, y) => y - x);
  const longest = lengths.slice(0, 3);
  if (longest.length > 0) return Math.max(1e-3, longest.reduce((sum, x) => sum + x, 0) / longest.length);
  // No bone seen at all: a standing person's box is about three body units tall or wide.
  const boxes = people.map((person) => Math.max(person.box.height, person.box.width * aspect));
  return Math.max(1e-3, Math.max(0, ...boxes) / 3);
}

/** The mat: the lowest seen joint of the pair (largest y), or the lowest box edge if no joint is seen. */
function matLevel(people: readonly Skeleton[], aspect: number): number {
  let lowest = -Infinity;
  for (const person of people) {
    for (let at = 0; at < person.keypoints.length; at++) {
      const joint = rawJoint(person, at, aspect);
      if (joint !== null) lowest = Math.max(lowest, joint.y);
    }
  }
  if (lowest > -Infinity) return lowest;
  return Math.max(...people.map((person) => person.box.y + person.box.height));
}

interface Frame {
  readonly aspect: number;
  readonly unit: number;
  readonly mat: number;
}

function joint(skeleton: Skeleton, name: KeypointName, frame: Frame): Point | null {
  const raw = rawJoint(skeleton, index(name), frame.aspect);
  if (raw === null) return null;
  return { x: raw.x / frame.unit, h: (frame.mat - raw.y) / frame.unit };
}

function seen(skeleton: Skeleton, names: readonly KeypointName[], frame: Frame): Point[] {
  return names.map((name) => joint(skeleton, name, frame)).filter((point) => point !== null);
}

function mean(points: readonly Point[]): Point | null {
  if (points.length === 0) return null;
  return {
    x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
    h: points.reduce((sum, p) => sum + p.h, 0) / points.length,
  };
}

function meanHeight(points: readonly Point[]): number | null {
  return points.length === 0 ? null : points.reduce((sum, p) => sum + p.h, 0) / points.length;
}

function athleteFeatures(skeleton: Skeleton, frame: Frame): AthleteFeatures {
  const hip = mean(seen(skeleton, ['leftHip', 'rightHip'], frame));
  const shoulder = mean(seen(skeleton, ['leftShoulder', 'rightShoulder'], frame));
  const head = mean(seen(skeleton, FACE, frame));
  const knees = seen(skeleton, ['leftKnee', 'rightKnee'], frame);
  const ankles = seen(skeleton, ['leftAnkle', 'rightAnkle'], frame);
  const hands = seen(skeleton, ['leftWrist', 'rightWrist', 'leftElbow', 'rightElbow'], frame);
  const torso = hip !== null && shoulder !== null ? { x: shoulder.x - hip.x, h: shoulder.h - hip.h } : null;
  return {
    hip,
    shoulder,
    head,
    knees,
    ankles,
    hands,
    torsoAngle: torso === null ? null : angleFromUp(torso),
    torsoLength: torso === null ? null : Math.hypot(torso.x, torso.h),
    hipHeight: hip?.h ?? null,
    shoulderHeight: shoulder?.h ?? null,
    headHeight: head?.h ?? null,
    kneeHeight: meanHeight(knees),
    handHeight: meanHeight(hands),
    facing: facingOf(head, shoulder),
  };
}

/** Degrees between a vector and straight up. */
function angleFromUp(v: Point): number {
  const length = Math.hypot(v.x, v.h);
  if (length < 1e-9) return 90;
  return (Math.acos(Math.max(-1, Math.min(1, v.h / length))) * 180) / Math.PI;
}

/** The face is ahead of the shoulders in the direction the athlete looks; too close to call is null. */
function facingOf(head: Point | null, shoulder: Point | null): 1 | -1 | null {
  if (head === null || shoulder === null) return null;
  const ahead = head.x - shoulder.x;
  if (Math.abs(ahead) < 0.1) return null;
  return ahead > 0 ? 1 : -1;
}

function unitVector(from: Point, to: Point): Point | null {
  const length = Math.hypot(to.x - from.x, to.h - from.h);
  if (length < 1e-6) return null;
  return { x: (to.x - from.x) / length, h: (to.h - from.h) / length };
}

function dot(p: Point, q: Point): number {
  return p.x * q.x + p.h * q.h;
}

function minus(p: Point, q: Point): Point {
  return { x: p.x - q.x, h: p.h - q.h };
}

function maxOf(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.max(...values);
}

function minOf(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.min(...values);
}

/** Middle of the torso: between hips and shoulders, or whichever is seen. */
function torsoMiddle(athlete: AthleteFeatures): Point | null {
  return mean([athlete.hip, athlete.shoulder].filter((point) => point !== null));
}

/** Distance from a point to a segment, and the point's height above the segment at the closest spot. */
function toSegment(point: Point, from: Point, to: Point): { distance: number; above: number } {
  const along = minus(to, from);
  const length2 = dot(along, along);
  const t = length2 < 1e-9 ? 0 : Math.max(0, Math.min(1, dot(minus(point, from), along) / length2));
  const closest = { x: from.x + t * along.x, h: from.h + t * along.h };
  return { distance: Math.hypot(point.x - closest.x, point.h - closest.h), above: point.h - closest.h };
}

function kneeOnTorso(top: AthleteFeatures, bottom: AthleteFeatures): { distance: number; above: number } | null {
  if (bottom.hip === null || bottom.shoulder === null) return null;
  const { hip, shoulder } = bottom;
  const options = top.knees.map((knee) => toSegment(knee, hip, shoulder));
  if (options.length === 0) return null;
  return options.reduce((best, option) => (option.distance < best.distance ? option : best));
}

function torsoBetween(top: AthleteFeatures, bottom: AthleteFeatures): number | null {
  if (top.hip === null || top.shoulder === null || bottom.hip === null || bottom.shoulder === null) return null;
  const u = unitVector(top.hip, top.shoulder);
  const v = unitVector(bottom.hip, bottom.shoulder);
  if (u === null || v === null) return null;
  return (Math.acos(Math.max(-1, Math.min(1, dot(u, v)))) * 180) / Math.PI;
}

function legReach(top: AthleteFeatures, bottom: AthleteFeatures): number | null {
  if (top.hip === null || bottom.hip === null) return null;
  const away = unitVector(bottom.hip, top.hip);
  const topHip = top.hip;
  if (away === null) return null;
  return maxOf(bottom.ankles.map((ankle) => dot(minus(ankle, topHip), away)));
}

function footContact(top: AthleteFeatures, bottom: AthleteFeatures): number | null {
  const targets = [top.hip, ...top.knees].filter((point) => point !== null);
  const gaps = bottom.ankles.flatMap((ankle) =>
    targets.map((target) => Math.hypot(ankle.x - target.x, ankle.h - target.h)),
  );
  return minOf(gaps);
}

function alongBottom(top: AthleteFeatures, bottom: AthleteFeatures): { axis: Point; along: number } | null {
  if (top.hip === null || bottom.hip === null || bottom.shoulder === null) return null;
  const axis = unitVector(bottom.hip, bottom.shoulder);
  if (axis === null) return null;
  return { axis, along: dot(minus(top.hip, bottom.hip), axis) };
}

function kneesForward(top: AthleteFeatures, axis: Point | null): number | null {
  const hip = top.hip;
  if (axis === null || hip === null) return null;
  return maxOf(top.knees.map((knee) => dot(minus(knee, hip), axis)));
}

function chestBehind(top: AthleteFeatures, bottom: AthleteFeatures, facing: 1 | -1 | null): number | null {
  if (facing === null || top.shoulder === null || bottom.shoulder === null) return null;
  return (bottom.shoulder.x - top.shoulder.x) * facing;
}

function hooksIn(top: AthleteFeatures, bottom: AthleteFeatures, facing: 1 | -1 | null): number | null {
  const hip = bottom.hip;
  if (facing === null || hip === null) return null;
  return maxOf([...top.ankles, ...top.knees].map((point) => (point.x - hip.x) * facing));
}

function chestOverBack(top: AthleteFeatures, bottom: AthleteFeatures): number | null {
  const middle = torsoMiddle(bottom);
  if (middle === null || top.shoulder === null) return null;
  return top.shoulder.h - middle.h;
}

function facesTowards(top: AthleteFeatures, bottom: AthleteFeatures): 1 | -1 | null {
  if (top.facing === null || top.hip === null || bottom.hip === null) return null;
  return (bottom.hip.x - top.hip.x) * top.facing >= 0 ? 1 : -1;
}

function roleFeatures(top: AthleteFeatures, bottom: AthleteFeatures): RoleFeatures {
  const topMiddle = torsoMiddle(top);
  const bottomMiddle = torsoMiddle(bottom);
  const along = alongBottom(top, bottom);
  const knee = kneeOnTorso(top, bottom);
  const facing = bottom.facing;
  return {
    torsoAbove: topMiddle !== null && bottomMiddle !== null ? topMiddle.h - bottomMiddle.h : null,
    hipAbove: top.hip !== null && bottom.hip !== null ? top.hip.h - bottom.hip.h : null,
    alongBottom: along?.along ?? null,
    legReach: legReach(top, bottom),
    footContact: footContact(top, bottom),
    kneesForward: kneesForward(top, along?.axis ?? null),
    kneeToTorso: knee?.distance ?? null,
    kneeAboveTorso: knee?.above ?? null,
    chestBehind: chestBehind(top, bottom, facing),
    hooksIn: hooksIn(top, bottom, facing),
    torsoBetween: torsoBetween(top, bottom),
    chestOverBack: chestOverBack(top, bottom),
    topFacesBottom: facesTowards(top, bottom),
  };
}

function boxOverlap(a: Skeleton, b: Skeleton): number {
  const width = Math.min(a.box.x + a.box.width, b.box.x + b.box.width) - Math.max(a.box.x, b.box.x);
  const height = Math.min(a.box.y + a.box.height, b.box.y + b.box.height) - Math.max(a.box.y, b.box.y);
  const smaller = Math.min(a.box.width * a.box.height, b.box.width * b.box.height);
  if (width <= 0 || height <= 0 || smaller <= 0) return 0;
  return Math.min(1, (width * height) / smaller);
}

/** The features of a pair of athletes seen in one frame. */
export function pairFeatures(a: Skeleton, b: Skeleton, aspect: number = DEFAULT_ASPECT): PairFeatures {
  const unit = bodyUnit([a, b], aspect);
  const frame: Frame = { aspect, unit, mat: matLevel([a, b], aspect) };
  const first = athleteFeatures(a, frame);
  const second = athleteFeatures(b, frame);
  return {
    scale: unit,
    a: first,
    b: second,
    aOverB: roleFeatures(first, second),
    bOverA: roleFeatures(second, first),
    boxOverlap: boxOverlap(a, b),
    hipDistance:
      first.hip !== null && second.hip !== null
        ? Math.hypot(first.hip.x - second.hip.x, first.hip.h - second.hip.h)
        : null,
  };
}
