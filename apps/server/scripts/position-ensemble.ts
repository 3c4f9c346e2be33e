import { HMM_STATES } from '../src/analysis/positions/hmm.js';
import { FEATURE_COUNT } from '../src/analysis/positions/model-features.js';
import type { PositionModelFile } from '../src/analysis/positions/network.js';

const STATES = HMM_STATES.length;
const round = (x: number) => Number(x.toPrecision(4));

/**
 * Several members as one network whose logits are the mean of theirs: each member's standardisation is
 * folded into its first layer (so all share the first member's mean and scale), its hidden layers sit side
 * by side (block-diagonal weights), and the output layer averages their logits. Seeds differ in what the
 * real footage makes of them as much as any change to the generator does (ADR 0023), and a mean of several
 * is steadier than any one of them.
 */
export function mergeMembers(
  members: readonly PositionModelFile[],
): Pick<PositionModelFile, 'mean' | 'scale' | 'layers'> {
  const [first] = members;
  if (first === undefined) throw new Error('no members to merge');
  const depth = first.layers.length;
  const layers: PositionModelFile['layers'] = [];
  for (let l = 0; l < depth; l++) {
    const parts = members.map((member) => member.layers[l]);
    if (parts.some((part) => part === undefined)) throw new Error('members of different depths');
    const inputs = l === 0 ? FEATURE_COUNT : parts.reduce((sum, part) => sum + (part?.inputs ?? 0), 0);
    const outputs = l === depth - 1 ? STATES : parts.reduce((sum, part) => sum + (part?.outputs ?? 0), 0);
    const weights = new Array<number>(inputs * outputs).fill(0);
    const bias = new Array<number>(outputs).fill(0);
    let rowAt = 0;
    let columnAt = 0;
    members.forEach((member, k) => {
      const part = parts[k];
      if (part === undefined) return;
      for (let o = 0; o < part.outputs; o++) {
        const row = l === depth - 1 ? o : rowAt + o;
        let b = part.bias[o] ?? 0;
        for (let i = 0; i < part.inputs; i++) {
          const w = part.weights[o * part.inputs + i] ?? 0;
          if (l === 0) {
            // (x - m_k) / s_k = ((x - m) / s) * (s / s_k) + (m - m_k) / s_k, with m, s the first member's.
            const s = first.scale[i] ?? 1;
            const sk = member.scale[i] ?? 1;
            weights[row * inputs + i] = (weights[row * inputs + i] ?? 0) + (w * s) / sk;
            b += (w * ((first.mean[i] ?? 0) - (member.mean[i] ?? 0))) / sk;
          } else {
            const column = columnAt + i;
            weights[row * inputs + column] =
              (weights[row * inputs + column] ?? 0) + (l === depth - 1 ? w / members.length : w);
          }
        }
        bias[row] = (bias[row] ?? 0) + (l === depth - 1 ? b / members.length : b);
      }
      rowAt += part.outputs;
      columnAt += part.inputs;
    });
    layers.push({ inputs, outputs, weights: weights.map(round), bias: bias.map(round) });
  }
  return { mean: first.mean, scale: first.scale, layers };
}
