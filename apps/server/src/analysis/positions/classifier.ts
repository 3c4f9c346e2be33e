import { readable, SEEN_JOINT_SCORE, type Skeleton } from '../skeleton.js';
import { DEFAULT_ASPECT } from './features.js';
import { modelProbabilities, POSITION_MODEL } from './model.js';
import type { PositionModelFile } from './network.js';
import { POSITION_STATES, withoutPair } from './states.js';

/**
 * The position classifier, frame by frame: what the analysis reads a pair of skeletons as, before the
 * timeline smooths it over time. It is the learned model (`model.ts`, ADR 0023), not the hand rules it
 * replaced (`hand-rules.ts`, kept only as a baseline), so whoever reads one pair at a time, the pose
 * model bypassed, reads what the analysis reads.
 */
export {
  GROUND_POSITIONS,
  POSITION_STATES,
  stateIndex,
  withoutPair,
  type GroundPosition,
  type PositionState,
} from './states.js';

/**
 * Probabilities (summing to 1) of each state in `POSITION_STATES` order, for one frame's pair: the
 * learned model's, its "no position" share spread over the positions in proportion (a pair read one frame
 * at a time must be given a position; the timeline's unclear stretches are the model's way to abstain).
 * Without both athletes, or with one too hidden to measure, every state keeps a share (`withoutPair`).
 * Coordinates are fractions of a frame `aspect` times wider than tall, as the pose stage gives them; a pair
 * whose joints lie far outside that (any seen joint past 2) is taken to be in pixels, whose units are
 * the same both ways, and read so whatever `aspect` says (the reading ignores place and scale).
 */
export function classifyPair(
  a: Skeleton | null,
  b: Skeleton | null,
  aspect: number = DEFAULT_ASPECT,
  model: PositionModelFile = POSITION_MODEL,
): number[] {
  return readPair(a, b, aspect, model) ?? withoutPair();
}

/** `classifyPair`'s probabilities, or null where it cannot read the pair (and gives `withoutPair`). */
export function readPair(
  a: Skeleton | null,
  b: Skeleton | null,
  aspect: number = DEFAULT_ASPECT,
  model: PositionModelFile = POSITION_MODEL,
): number[] | null {
  // As the timeline: an athlete with fewer than READABLE_JOINTS joints seen gives the frame no evidence.
  if (!readable(a) || !readable(b)) return null;
  const inPixels = [a, b].some((person) =>
    person.keypoints.some((k) => k.score >= SEEN_JOINT_SCORE && (Math.abs(k.x) > 2 || Math.abs(k.y) > 2)),
  );
  const probabilities = modelProbabilities(a, b, inPixels ? 1 : aspect, model);
  if (probabilities === null) return null;
  // HMM_STATES is POSITION_STATES and then "no position" (unclear).
  const byState = probabilities.slice(0, POSITION_STATES.length);
  const total = byState.reduce((sum, p) => sum + p, 0);
  return total > 0 ? byState.map((p) => p / total) : null;
}
