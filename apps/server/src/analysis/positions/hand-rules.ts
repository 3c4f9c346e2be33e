import type { AnalysisPosition } from '@openmat/contract/analysis';
import type { Skeleton } from '../skeleton.js';
import {
  DEFAULT_ASPECT,
  MIN_JOINT_SCORE,
  pairFeatures,
  type AthleteFeatures,
  type PairFeatures,
  type RoleFeatures,
} from './features.js';
import { GROUND_POSITIONS, POSITION_STATES, withoutPair, type GroundPosition } from './states.js';

/**
 * The hand-written rules that were the position stage's first classifier: soft rules, one per position,
 * each a sum of log-likelihood terms ("the bottom lies flat", "the bottom's feet reach past the top's
 * hips"), turned into probabilities. The analysis reads frames with the learned model (`classifier.ts`,
 * `model.ts`, ADR 0023); the rules stay only as the baseline the training script and the accuracy bench
 * compare it with (on real skeletons they were right 46 % of the time).
 */

/** What a term adds when its feature is unknown: about what a matching feature scores, so an unseen joint neither helps nor condemns. */
const UNKNOWN = -0.6;
/** No single term may sink a state below this: one odd joint should not rule a position out. */
const FLOOR = -4;

/** Log-likelihood of x under a Gaussian around `mean` (without the constant), floored. */
function near(x: number | null, mean: number, spread: number): number {
  if (x === null) return UNKNOWN;
  const z = (x - mean) / spread;
  return Math.max(FLOOR, -0.5 * z * z);
}

/** Log of a logistic "x is above `edge`", with `softness` the width of the blur, floored. */
function above(x: number | null, edge: number, softness: number): number {
  if (x === null) return UNKNOWN;
  const z = (x - edge) / softness;
  // log(sigmoid(z)), written to stay exact for large |z|.
  const logistic = z > 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
  return Math.max(FLOOR, logistic);
}

function below(x: number | null, edge: number, softness: number): number {
  return above(x === null ? null : -x, -edge, softness);
}

/** The bottom athlete lies on the back or side: torso near horizontal, hips on the mat. */
function lying(bottom: AthleteFeatures, angle = 85, spread = 20): number {
  return near(bottom.torsoAngle, angle, spread) + below(bottom.hipHeight, 0.6, 0.15);
}

type Rule = (top: AthleteFeatures, bottom: AthleteFeatures, role: RoleFeatures) => number;

/** Legs wrapped around the top's waist, the top kneeling between them. */
const closedGuard: Rule = (top, bottom, role) =>
  lying(bottom, 80, 22) +
  above(role.legReach, 0.1, 0.1) +
  below(role.footContact, 0.7, 0.15) +
  above(role.topFacesBottom, 0, 0.5) +
  near(role.alongBottom, -0.7, 0.35) +
  above(role.torsoAbove, 0.2, 0.15) +
  below(top.hipHeight, 1.2, 0.15);

/** Feet on the top's hips or knees, the top further out and higher than in a closed guard. */
const openGuard: Rule = (top, bottom, role) =>
  lying(bottom, 75, 25) +
  below(role.legReach, 0.1, 0.1) +
  below(role.footContact, 0.5, 0.15) +
  above(role.topFacesBottom, 0, 0.5) +
  near(role.alongBottom, -1.3, 0.4) +
  above(top.hipHeight, 0.7, 0.15);

/** Chest to chest along each other, top's hips over the bottom's, the legs not wrapped around. */
const halfGuard: Rule = (top, bottom, role) =>
  lying(bottom) +
  near(role.alongBottom, -0.1, 0.35) +
  above(role.torsoAbove, 0.2, 0.15) +
  near(role.legReach, -0.35, 0.3) +
  below(role.footContact, 0.8, 0.2) +
  near(top.hipHeight, 0.9, 0.3) +
  near(top.torsoAngle, 85, 25) +
  near(role.torsoBetween, 15, 25);

/** Across the bottom's chest: the top's torso points at the camera, knees back by the bottom's hips. */
const sideControl: Rule = (top, bottom, role) =>
  lying(bottom) +
  near(role.alongBottom, 0.45, 0.3) +
  below(role.legReach, -0.8, 0.2) +
  below(top.torsoLength, 0.65, 0.12) +
  below(role.kneesForward, 0, 0.15) +
  near(top.hipHeight, 0.9, 0.35) +
  above(role.torsoAbove, 0.2, 0.15);

/** Sitting on the belly, knees forward on the mat by the bottom's chest. */
const mount: Rule = (top, bottom, role) =>
  lying(bottom) +
  near(role.alongBottom, 0.45, 0.3) +
  below(role.legReach, -0.8, 0.2) +
  above(role.kneesForward, 0.2, 0.12) +
  below(role.kneeAboveTorso, 0.05, 0.1) +
  near(top.hipHeight, 0.75, 0.3) +
  above(top.torsoLength, 0.6, 0.12);

/** A knee resting on the bottom's torso, hips high. */
const kneeOnBelly: Rule = (top, bottom, role) =>
  lying(bottom) +
  near(top.hipHeight, 1.3, 0.3) +
  above(role.torsoAbove, 1.0, 0.15) +
  below(role.kneeToTorso, 0.5, 0.12) +
  above(role.kneeAboveTorso, 0.1, 0.08) +
  near(role.alongBottom, 0.1, 0.4);

/** Sitting behind the bottom, chest on the back, torsos along each other, hooks in front of the hips. */
const back: Rule = (top, bottom, role) =>
  near(bottom.torsoAngle, 35, 20) +
  below(bottom.hipHeight, 0.6, 0.15) +
  below(role.torsoBetween, 25, 10) +
  above(role.chestBehind, 0.3, 0.12) +
  above(role.hooksIn, 0.1, 0.1) +
  below(top.hipHeight, 0.6, 0.15);

/** The bottom on hands and knees, the top's chest above and behind the bottom's back. */
const turtle: Rule = (_top, bottom, role) =>
  near(bottom.torsoAngle, 95, 20) +
  near(bottom.hipHeight, 0.95, 0.3) +
  below(bottom.kneeHeight, 0.3, 0.1) +
  below(bottom.handHeight, 0.4, 0.12) +
  above(role.chestOverBack, 0.3, 0.12) +
  above(role.chestBehind, 0.1, 0.15);

const RULES: Record<GroundPosition, Rule> = {
  'closed-guard': closedGuard,
  'open-guard': openGuard,
  'half-guard': halfGuard,
  'side-control': sideControl,
  mount,
  'knee-on-belly': kneeOnBelly,
  back,
  turtle,
};

/** Both upright with the hips high. */
function standing(features: PairFeatures): number {
  return (
    near(features.a.torsoAngle, 10, 20) +
    near(features.b.torsoAngle, 10, 20) +
    above(features.a.hipHeight, 1.3, 0.1) +
    above(features.b.hipHeight, 1.3, 0.1)
  );
}

/** What a scramble scores before its terms: the bar a real position must clear to beat "none of these". */
const SCRAMBLE_BASE = -3;

/** Neither lying flat, nor both standing: the in-between of a scramble. */
function scramble(features: PairFeatures): number {
  const angles = [features.a.torsoAngle, features.b.torsoAngle].filter((x) => x !== null);
  const hips = [features.a.hipHeight, features.b.hipHeight].filter((x) => x !== null);
  return (
    SCRAMBLE_BASE +
    below(angles.length === 0 ? null : Math.max(...angles), 60, 12) +
    below(hips.length === 0 ? null : Math.min(...hips), 1.25, 0.1)
  );
}

/** Log-scores of every state, in `POSITION_STATES` order. */
export function stateScores(features: PairFeatures): number[] {
  return POSITION_STATES.map((state) => {
    if (state.position === 'standing') return standing(features);
    if (state.position === 'scramble') return scramble(features);
    const rule = RULES[groundPosition(state.position)];
    return state.top === 'a'
      ? rule(features.a, features.b, features.aOverB)
      : rule(features.b, features.a, features.bOverA);
  });
}

function groundPosition(position: AnalysisPosition): GroundPosition {
  const found = GROUND_POSITIONS.find((ground) => ground === position);
  if (found === undefined) throw new Error(`not a ground position: ${position}`);
  return found;
}

function softmax(scores: readonly number[]): number[] {
  const highest = Math.max(...scores);
  const weights = scores.map((score) => Math.exp(score - highest));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
}

/** Fewer seen joints than this and an athlete is as good as missing. */
const MIN_SEEN_JOINTS = 5;

function seenJoints(skeleton: Skeleton): number {
  return skeleton.keypoints.filter((point) => point.score >= MIN_JOINT_SCORE).length;
}

/**
 * The hand rules' probabilities (summing to 1) of each state in `POSITION_STATES` order, for one frame's
 * pair: the baseline the learned model is compared with, not what the analysis reads.
 */
export function handRuleProbabilities(
  a: Skeleton | null,
  b: Skeleton | null,
  aspect: number = DEFAULT_ASPECT,
): number[] {
  if (a === null || b === null || seenJoints(a) < MIN_SEEN_JOINTS || seenJoints(b) < MIN_SEEN_JOINTS) {
    return withoutPair();
  }
  return softmax(stateScores(pairFeatures(a, b, aspect)));
}
