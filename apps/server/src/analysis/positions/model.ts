import type { Skeleton } from '../skeleton.js';
import { checkedModel, pairLogits, PositionModelFile, softmax } from './network.js';
import shipped from './position-model.json' with { type: 'json' };

/** The shipped position model (weights trained by scripts/train-position-model.ts), checked once when the module loads. */
export const POSITION_MODEL: PositionModelFile = checkedModel(PositionModelFile.parse(shipped));

/** Calibrated probabilities of each state (`HMM_STATES` order, the last `unclear`) for one frame's pair, or null when it cannot be measured. */
export function modelProbabilities(
  a: Skeleton,
  b: Skeleton,
  aspect: number,
  model: PositionModelFile = POSITION_MODEL,
): number[] | null {
  const logits = pairLogits(a, b, aspect, model);
  return logits === null ? null : softmax(logits, model.temperature);
}
