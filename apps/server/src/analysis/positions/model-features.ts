import { keypointIndex, type KeypointName, type Skeleton } from '../skeleton.js';
import { MIN_JOINT_SCORE } from './features.js';

/**
 * The learned position model's input: a fixed-length vector of one ordered pair (first, second) that
 * does not depend on where the pair is in the frame (coordinates from the pair's centre), how large it
 * is (in body units: the mean of the pair's three longest seen bones), or which of a person's joints the
 * detector called left or right (each left/right pair enters as its middle and the size of its spread).
 * Mirroring the frame only flips the sign of the x terms; the model averages over both (model.ts), and
 * over both orders of the pair, so its answer ignores mirroring and which athlete is `a`.
 */

/** Groups of joints: one point each (the middle of what is seen), in a fixed order. */
const GROUPS: ReadonlyArray<readonly KeypointName[]> = [
  ['nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar'],
  ['leftShoulder', 'rightShoulder'],
  ['leftElbow', 'rightElbow'],
  ['leftWrist', 'rightWrist'],
  ['leftHip', 'rightHip'],
  ['leftKnee', 'rightKnee'],
  ['leftAnkle', 'rightAnkle'],
];
const HEAD = 0;
const SHOULDERS = 1;
const WRISTS = 3;
const HIPS = 4;
const KNEES = 5;
const ANKLES = 6;
/** Groups whose left-right spread is a feature (how far apart the two sides are, not which is which). */
const SPREAD_GROUPS = [SHOULDERS, HIPS, KNEES, ANKLES];
/** From one athlete's group to the other's, the nearest seen joints: contacts and closeness. */
const CONTACTS: ReadonlyArray<readonly [number, number]> = [
  [HIPS, HIPS],
  [SHOULDERS, SHOULDERS],
  [HEAD, HEAD],
  [HIPS, SHOULDERS],
  [SHOULDERS, HIPS],
  [ANKLES, HIPS],
  [HIPS, ANKLES],
  [KNEES, HIPS],
  [HIPS, KNEES],
  [ANKLES, SHOULDERS],
  [SHOULDERS, ANKLES],
  [KNEES, SHOULDERS],
  [SHOULDERS, KNEES],
  [HEAD, HIPS],
  [HIPS, HEAD],
  [WRISTS, SHOULDERS],
  [SHOULDERS, WRISTS],
  [KNEES, KNEES],
];
const BONES: ReadonlyArray<readonly [KeypointName, KeypointName]> = [
  ['leftShoulder', 'leftHip'],
  ['rightShoulder', 'rightHip'],
  ['leftHip', 'leftKnee'],
  ['rightHip', 'rightKnee'],
  ['leftKnee', 'leftAnkle'],
  ['rightKnee', 'rightAnkle'],
  ['leftShoulder', 'leftElbow'],
  ['rightShoulder', 'rightElbow'],
];
/** What a distance or coordinate is when it cannot be measured: a neutral value, flagged by its mask. */
const FAR = 3;

/** A seen joint in frame-height units, y upwards. */
interface P {
  readonly x: number;
  readonly y: number;
}

type Seen = ReadonlyArray<P | null>;

function seenJoints(skeleton: Skeleton, aspect: number, mirror: boolean): Seen {
  return skeleton.keypoints.map((point) => {
    if (point.score < MIN_JOINT_SCORE || !Number.isFinite(point.x) || !Number.isFinite(point.y)) return null;
    return { x: (mirror ? 1 - point.x : point.x) * aspect, y: -point.y };
  });
}

const joint = (seen: Seen, name: KeypointName) => seen[keypointIndex(name)] ?? null;

function mean(points: readonly P[]): P | null {
  if (points.length === 0) return null;
  return {
    x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
    y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
  };
}

function groupPoints(seen: Seen, group: readonly KeypointName[]): P[] {
  return group.map((name) => joint(seen, name)).filter((p) => p !== null);
}

function bodyUnit(people: readonly Seen[]): number {
  const lengths: number[] = [];
  for (const seen of people) {
    for (const [from, to] of BONES) {
      const p = joint(seen, from);
      const q = joint(seen, to);
      if (p !== null && q !== null) lengths.push(Math.hypot(p.x - q.x, p.y - q.y));
    }
  }
  lengths.sort((x, y) => y - x);
  const longest = lengths.slice(0, 3);
  if (longest.length === 0) return 0;
  return longest.reduce((sum, x) => sum + x, 0) / longest.length;
}

/** How many numbers `pairVector` gives. */
export const FEATURE_COUNT = 2 * (GROUPS.length * 3 + SPREAD_GROUPS.length * 2 + 12) + CONTACTS.length * 2 + 2 + 3;

/**
 * The feature vector of `first` and `second` (in that order), or null when the pair cannot be measured
 * (no bone of either athlete seen). `mirror` reads the frame flipped left to right.
 */
export function pairVector(first: Skeleton, second: Skeleton, aspect: number, mirror = false): number[] | null {
  const people: readonly Seen[] = [seenJoints(first, aspect, mirror), seenJoints(second, aspect, mirror)];
  const unit = bodyUnit(people);
  if (!(unit > 1e-4)) return null;
  const torsos = people.flatMap((seen) => groupPoints(seen, ['leftShoulder', 'rightShoulder', 'leftHip', 'rightHip']));
  const all = people.flatMap((seen) => seen.filter((p) => p !== null));
  const centre = mean(torsos.length > 0 ? torsos : all);
  if (centre === null) return null;
  const floor = Math.min(...all.map((p) => p.y));
  const local = (p: P): P => ({ x: (p.x - centre.x) / unit, y: (p.y - centre.y) / unit });
  const out: number[] = [];
  const groups = people.map((seen) => GROUPS.map((group) => groupPoints(seen, group)));
  for (const [k, seen] of people.entries()) {
    const mine = groups[k] ?? [];
    for (const points of mine) {
      const middle = mean(points);
      if (middle === null) out.push(0, 0, 1);
      else {
        const at = local(middle);
        out.push(at.x, at.y, 0);
      }
    }
    for (const g of SPREAD_GROUPS) {
      const points = mine[g] ?? [];
      const [l, r] = points;
      if (points.length === 2 && l !== undefined && r !== undefined)
        out.push(Math.abs(l.x - r.x) / unit, Math.abs(l.y - r.y) / unit);
      else out.push(0, 0);
    }
    // The torso's direction (x flips with a mirror), its seen length, and heights above the pair's lowest joint.
    const hip = mean(mine[HIPS] ?? []);
    const shoulder = mean(mine[SHOULDERS] ?? []);
    if (hip !== null && shoulder !== null) {
      const dx = (shoulder.x - hip.x) / unit;
      const dy = (shoulder.y - hip.y) / unit;
      const length = Math.hypot(dx, dy);
      out.push(length > 1e-6 ? dx / length : 0, length > 1e-6 ? dy / length : 0, length);
    } else out.push(0, 0, 0);
    const height = (p: P | null) => (p === null ? 0 : (p.y - floor) / unit);
    out.push(height(hip), height(shoulder), seen.filter((p) => p !== null).length / seen.length);
    // The same athlete in their own body units, above their own lowest joint: how upright they are,
    // whatever the perspective does to their size next to the other (one near the lens, one far).
    const own = bodyUnit([seen]);
    const points = seen.filter((p) => p !== null);
    if (own > 1e-4 && points.length > 0) {
      const lowest = Math.min(...points.map((p) => p.y));
      const xs = points.map((p) => p.x);
      const ys = points.map((p) => p.y);
      const ownHeight = (p: P | null) => (p === null ? 0 : (p.y - lowest) / own);
      const head = mean(mine[HEAD] ?? []);
      out.push(
        own / unit,
        ownHeight(hip),
        ownHeight(shoulder),
        ownHeight(head),
        (Math.max(...ys) - Math.min(...ys)) / own,
        (Math.max(...xs) - Math.min(...xs)) / own,
      );
    } else out.push(0, 0, 0, 0, 0, 0);
  }
  for (const [from, to] of CONTACTS) {
    const near = nearest(groups[0]?.[from] ?? [], groups[1]?.[to] ?? []);
    out.push(near === null ? FAR : Math.min(FAR, near / unit), near === null ? 1 : 0);
  }
  const [firstPoints, secondPoints] = [groups[0]?.flat() ?? [], groups[1]?.flat() ?? []];
  const firstMiddle = mean(firstPoints);
  const secondMiddle = mean(secondPoints);
  const apart =
    firstMiddle !== null && secondMiddle !== null
      ? Math.min(FAR, Math.hypot(firstMiddle.x - secondMiddle.x, firstMiddle.y - secondMiddle.y) / unit)
      : FAR;
  out.push(apart, boxOverlap(jointBox(first), jointBox(second)));
  // Whether the two face the same way (chest to back) or not (chest to chest): see `facing`.
  const shoulders = people.map((seen) => facing(seen, 'leftShoulder', 'rightShoulder'));
  const hips = people.map((seen) => facing(seen, 'leftHip', 'rightHip'));
  const product = ([p, q]: ReadonlyArray<number | null>) =>
    p === null || p === undefined || q === null || q === undefined ? 0 : Math.max(-1, Math.min(1, p * q));
  out.push(product(shoulders), product(hips), shoulders.includes(null) ? 1 : 0);
  return out;
}

/**
 * Which side of a person's torso the camera sees, from the order of a left/right joint pair across the
 * torso: positive when the chest faces the camera (their left shoulder on the picture's right, above
 * their hips), negative when the back does, near zero when the torso is seen edge on. It is the cross
 * product of the pair's left-to-right vector and the shoulders-to-hips axis, over the axis's length
 * squared, so it is as large as the pair is wide against the torso. A mirror image flips its sign for
 * both athletes, so the product of the two (the feature) does not change with mirroring: it is positive
 * when both show the camera the same side (one's chest to the other's back, as in back control) and
 * negative when they face each other. Left/right labels the detector swapped flip it, as they do here
 * for one person in ten of the generator's.
 */
function facing(seen: Seen, leftName: KeypointName, rightName: KeypointName): number | null {
  const left = joint(seen, leftName);
  const right = joint(seen, rightName);
  const shoulder = mean(groupPoints(seen, ['leftShoulder', 'rightShoulder']));
  const hip = mean(groupPoints(seen, ['leftHip', 'rightHip']));
  if (left === null || right === null || shoulder === null || hip === null) return null;
  // Frame coordinates have y upwards here (`seenJoints`), so the axis from shoulders down to hips and the
  // left-to-right vector give the sign described above.
  const ax = hip.x - shoulder.x;
  const ay = hip.y - shoulder.y;
  const length = ax * ax + ay * ay;
  if (!(length > 1e-8)) return null;
  return ((right.x - left.x) * ay - (right.y - left.y) * ax) / length;
}

type Box = Skeleton['box'];

/**
 * A person's box from their joints (those scored 0.2 or more, 10 % margin each side), not the detector's
 * own box: the generator's skeletons have no detector box, and MoveNet's boxes are larger than its joints
 * by an amount that varies; the same rule on both keeps the feature the same on generated and real pairs.
 */
function jointBox(skeleton: Skeleton): Box {
  const seen = skeleton.keypoints.filter((k) => k.score >= 0.2 && Number.isFinite(k.x) && Number.isFinite(k.y));
  if (seen.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const left = Math.min(...seen.map((k) => k.x));
  const right = Math.max(...seen.map((k) => k.x));
  const top = Math.min(...seen.map((k) => k.y));
  const bottom = Math.max(...seen.map((k) => k.y));
  const padX = 0.1 * (right - left);
  const padY = 0.1 * (bottom - top);
  return { x: left - padX, y: top - padY, width: right - left + 2 * padX, height: bottom - top + 2 * padY };
}

function nearest(from: readonly P[], to: readonly P[]): number | null {
  let best: number | null = null;
  for (const p of from) for (const q of to) best = Math.min(best ?? Infinity, Math.hypot(p.x - q.x, p.y - q.y));
  return best;
}

function boxOverlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const smaller = Math.min(a.width * a.height, b.width * b.height);
  if (width <= 0 || height <= 0 || smaller <= 0) return 0;
  return Math.min(1, (width * height) / smaller);
}
