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

/**
 * A layer ready to run: its weights in a typed array, and for each output the span of inputs whose weights
 * are not all zero. The shipped file is eight networks merged into one (`scripts/position-ensemble.ts`), whose
 * hidden layer is seven eighths zeros; running only each row's span gives the same sums, since the weights
 * skipped are exactly zero and the inputs finite, at a fraction of the work.
 */
interface ReadyLayer {
  readonly inputs: number;
  readonly outputs: number;
  readonly weights: Float64Array;
  readonly bias: Float64Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
}

/** Layers made ready once, by identity: a model's layers are never changed once it is read or trained. */
const readyLayers = new WeakMap<z.infer<typeof Layer>, ReadyLayer>();

function ready(layer: z.infer<typeof Layer>): ReadyLayer {
  const known = readyLayers.get(layer);
  if (known !== undefined) return known;
  const weights = Float64Array.from({ length: layer.inputs * layer.outputs }, (_, k) => layer.weights[k] ?? 0);
  const from = new Int32Array(layer.outputs);
  const to = new Int32Array(layer.outputs);
  for (let o = 0; o < layer.outputs; o++) {
    const row = o * layer.inputs;
    let first = 0;
    while (first < layer.inputs && weights[row + first] === 0) first++;
    let last = layer.inputs;
    while (last > first && weights[row + last - 1] === 0) last--;
    from[o] = first;
    to[o] = last;
  }
  const made: ReadyLayer = {
    inputs: layer.inputs,
    outputs: layer.outputs,
    weights,
    bias: Float64Array.from({ length: layer.outputs }, (_, o) => layer.bias[o] ?? 0),
    from,
    to,
  };
  readyLayers.set(layer, made);
  return made;
}

/** The network's logits of one feature vector (before any temperature). */
export function networkLogits(
  model: Pick<PositionModelFile, 'mean' | 'scale' | 'layers'>,
  vector: readonly number[],
): number[] {
  let values = Float64Array.from(vector, (x, i) => (x - (model.mean[i] ?? 0)) / (model.scale[i] ?? 1));
  const depth = model.layers.length;
  for (let l = 0; l < depth; l++) {
    const layer = model.layers[l];
    if (layer === undefined) continue;
    const { inputs, outputs, weights, bias, from, to } = ready(layer);
    const next = new Float64Array(outputs);
    for (let o = 0; o < outputs; o++) {
      let sum = bias[o] ?? 0;
      const row = o * inputs;
      const end = Math.min(to[o] ?? inputs, values.length);
      for (let i = from[o] ?? 0; i < end; i++) sum += (weights[row + i] ?? 0) * (values[i] ?? 0);
      next[o] = l < depth - 1 ? Math.max(0, sum) : sum;
    }
    values = next;
  }
  return Array.from(values);
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
