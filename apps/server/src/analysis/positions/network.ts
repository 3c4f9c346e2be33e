import { z } from 'zod';
import type { Skeleton } from '../skeleton.js';
import { HMM_STATES } from './hmm.js';
import { FEATURE_COUNT, pairVector } from './model-features.js';

/**
 * The learned position model's network (ADR 0023): a small multilayer perceptron over `pairVector`, trained on the
 * synthetic pairs of generator.ts by `scripts/train-position-model.ts`, whose weights are the JSON file
 * beside this one. Its answer is the mean of its logits over the frame and its mirror image, and over
 * both orders of the pair, so it ignores mirroring and which athlete the tracker called `a`; a
 * temperature fitted on held-out synthetic pairs turns them into probabilities.
 */

const Layer = z.object({
  inputs: z.number().int().positive(),
  outputs: z.number().int().positive(),
  /** Row-major, `outputs` rows of `inputs`. */
  weights: z.array(z.number()),
  bias: z.array(z.number()),
});

/** How the knowledge base's techniques lead from one state to another (hmm.ts reads these counts). */
const TransitionCount = z.object({
  from: z.string(),
  to: z.string(),
  relation: z.enum(['same', 'flipped']),
  count: z.number(),
});

export const PositionModelFile = z.object({
  version: z.string(),
  seed: z.number(),
  /** `position/top` of each output, in `HMM_STATES` order ('-' for no top; the last is `unclear`: no position). */
  states: z.array(z.string()),
  featureCount: z.number().int(),
  mean: z.array(z.number()),
  scale: z.array(z.number()),
  layers: z.array(Layer).min(1),
  temperature: z.number().positive(),
  /**
   * The calibrated probability a position must reach to be reported (below it a stretch is unclear), set by
   * the training script from the held-out calibration split; 1/3 for files trained before it was.
   */
  readable: z
    .number()
    .min(0)
    .max(1)
    .default(1 / 3),
  transitions: z.array(TransitionCount),
  report: z.record(z.string(), z.unknown()),
});
export type PositionModelFile = z.infer<typeof PositionModelFile>;

export const stateKey = (state: (typeof HMM_STATES)[number]) => `${state.position}/${state.top ?? '-'}`;

export function checkedModel(file: PositionModelFile): PositionModelFile {
  const expected = HMM_STATES.map(stateKey);
  if (file.states.join() !== expected.join()) throw new Error('The position model was trained for other states.');
  if (
    file.featureCount !== FEATURE_COUNT ||
    file.mean.length !== FEATURE_COUNT ||
    file.scale.length !== FEATURE_COUNT
  ) {
    throw new Error('The position model was trained on other features.');
  }
  let inputs = FEATURE_COUNT;
  for (const layer of file.layers) {
    if (
      layer.inputs !== inputs ||
      layer.weights.length !== layer.inputs * layer.outputs ||
      layer.bias.length !== layer.outputs
    ) {
      throw new Error('The position model has a malformed layer.');
    }
    inputs = layer.outputs;
  }
  if (inputs !== HMM_STATES.length) throw new Error('The position model has the wrong number of outputs.');
  return file;
}

/** The network's logits of one feature vector (before any temperature). */
export function networkLogits(
  model: Pick<PositionModelFile, 'mean' | 'scale' | 'layers'>,
  vector: readonly number[],
): number[] {
  let values = vector.map((x, i) => (x - (model.mean[i] ?? 0)) / (model.scale[i] ?? 1));
  model.layers.forEach((layer, depth) => {
    const next = new Array<number>(layer.outputs);
    for (let o = 0; o < layer.outputs; o++) {
      let sum = layer.bias[o] ?? 0;
      const row = o * layer.inputs;
      for (let i = 0; i < layer.inputs; i++) sum += (layer.weights[row + i] ?? 0) * (values[i] ?? 0);
      next[o] = depth < model.layers.length - 1 ? Math.max(0, sum) : sum;
    }
    values = next;
  });
  return values;
}

/** Where each state goes when the pair's order is swapped: the same position with the other athlete on top. */
const SWAPPED: readonly number[] = HMM_STATES.map((state) =>
  HMM_STATES.findIndex(
    (other) =>
      other.position === state.position && other.top === (state.top === null ? null : state.top === 'a' ? 'b' : 'a'),
  ),
);

/**
 * The mean logits of a pair over the frame and its mirror image and both orders of the pair, in
 * `HMM_STATES` order; null when the pair cannot be measured.
 */
export function pairLogits(a: Skeleton, b: Skeleton, aspect: number, model: PositionModelFile): number[] | null {
  const total = HMM_STATES.map(() => 0);
  let views = 0;
  for (const mirror of [false, true]) {
    for (const swapped of [false, true]) {
      const vector = swapped ? pairVector(b, a, aspect, mirror) : pairVector(a, b, aspect, mirror);
      if (vector === null) continue;
      const logits = networkLogits(model, vector);
      for (let s = 0; s < total.length; s++) {
        total[s] = (total[s] ?? 0) + (logits[swapped ? (SWAPPED[s] ?? s) : s] ?? 0);
      }
      views++;
    }
  }
  return views === 0 ? null : total.map((sum) => sum / views);
}

export function softmax(logits: readonly number[], temperature = 1): number[] {
  const scaled = logits.map((x) => x / temperature);
  const highest = Math.max(...scaled);
  const weights = scaled.map((x) => Math.exp(x - highest));
  const sum = weights.reduce((total, w) => total + w, 0);
  return weights.map((w) => w / sum);
}
