/**
 * Trains the position model (ADR 0023) from synthetic pairs only, and writes its weights to
 * src/analysis/positions/position-model.json:
 *
 *   npm run train:positions -w @openmat/server [-- --seeds 23,24,25,26,27,28,29,30 --per-state 1500 --epochs 12 --hidden 64,64
 *     --decay 1e-3 --input-noise 0.3 --out file.json]
 *
 * The shipped file is the mean of eight networks, one per seed (`--seed 26` trains one alone, and
 * `--members a.json,b.json` merges networks trained before). Each is reproducible from its seed (the
 * generator, the initial weights, the batches and the input noise all draw from it): a few minutes a seed
 * on one core. Real footage is never read here: it only chooses between models.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { handRuleProbabilities } from '../src/analysis/positions/hand-rules.js';
import { HMM_STATES as POSITION_STATES } from '../src/analysis/positions/hmm.js';
import { generateSet, type GeneratedPair } from '../src/analysis/positions/generator.js';
import { FEATURE_COUNT, pairVector } from '../src/analysis/positions/model-features.js';
import {
  checkedModel,
  networkLogits,
  PositionModelFile,
  softmax,
  stateKey,
} from '../src/analysis/positions/network.js';
import { FRAME_ASPECT } from '../src/analysis/positions/generator.js';
import { knowledgeTransitions } from '../src/analysis/positions/knowledge-transitions.js';
import { TECHNIQUES } from '../src/coach/knowledge/knowledge-base.js';
import { seededRandom, type Random } from '../src/lib/seeded-random.js';
import { mergeMembers } from './position-ensemble.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) ? value : fallback;
}

const SEED = option('seed', 26);
/**
 * The seeds of an ensemble's members (`--seeds 23,24,25,26,27,28,29,30`): each member is the network `--seed` would
 * train, and the file holds their mean (see `mergeMembers`). `--members a.json,b.json` merges members trained
 * before instead of training them again (the same file, since a seed gives a byte-identical member).
 */
function listOption(name: string): string[] | null {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : undefined;
  return value === undefined ? null : value.split(',').filter(Boolean);
}
const SEEDS = (
  listOption('seeds') ??
  (process.argv.includes('--seed') ? [String(SEED)] : ['23', '24', '25', '26', '27', '28', '29', '30'])
).map(Number);
const MEMBER_FILES = listOption('members');
const PER_STATE = option('per-state', 1500);
const EPOCHS = option('epochs', 12);
/** The hidden layers' widths (`--hidden 64,64`). */
const HIDDEN = (listOption('hidden') ?? ['64', '64']).map(Number);
if (HIDDEN.length === 0 || !HIDDEN.every((width) => Number.isInteger(width) && width > 0 && width <= 1024)) {
  process.stderr.write("--hidden takes the hidden layers' widths, whole numbers from 1 to 1024, such as 64,64\n");
  process.exit(2);
}
/** L2 weight decay: a stronger one keeps the network from leaning on any one feature of the generator's. */
const DECAY = option('decay', 1e-3);
/** Gaussian noise added to each standardised input while training (0: none), so no single number decides. */
const INPUT_NOISE = option('input-noise', 0.3);
const BATCH = 64;
const outAt = process.argv.indexOf('--out');
const OUT =
  outAt >= 0 && process.argv[outAt + 1] !== undefined
    ? String(process.argv[outAt + 1])
    : fileURLToPath(new URL('../src/analysis/positions/position-model.json', import.meta.url));
const STATES = POSITION_STATES.length;
const SWAPPED = POSITION_STATES.map((state) =>
  POSITION_STATES.findIndex(
    (other) =>
      other.position === state.position && other.top === (state.top === null ? null : state.top === 'a' ? 'b' : 'a'),
  ),
);
const labelOf = (pair: GeneratedPair) =>
  POSITION_STATES.findIndex((state) => state.position === pair.state.position && state.top === pair.state.top);

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

/** The four views of a pair (as is, mirrored, swapped, swapped and mirrored) with their labels. */
function views(pair: GeneratedPair): Array<{ vector: number[]; label: number }> {
  const label = labelOf(pair);
  const out: Array<{ vector: number[]; label: number }> = [];
  for (const mirror of [false, true]) {
    const same = pairVector(pair.a, pair.b, FRAME_ASPECT, mirror);
    if (same !== null) out.push({ vector: same, label });
    const swapped = pairVector(pair.b, pair.a, FRAME_ASPECT, mirror);
    if (swapped !== null) out.push({ vector: swapped, label: SWAPPED[label] ?? label });
  }
  return out;
}

interface Net {
  sizes: number[];
  w: Float64Array[];
  b: Float64Array[];
}

function initNet(random: Random, sizes: number[]): Net {
  const gaussian = () => Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random());
  const w: Float64Array[] = [];
  const b: Float64Array[] = [];
  for (let l = 0; l + 1 < sizes.length; l++) {
    const inputs = sizes[l] ?? 1;
    const outputs = sizes[l + 1] ?? 1;
    const layer = new Float64Array(inputs * outputs);
    for (let i = 0; i < layer.length; i++) layer[i] = gaussian() * Math.sqrt(2 / inputs);
    w.push(layer);
    b.push(new Float64Array(outputs));
  }
  return { sizes, w, b };
}

/** Forward pass keeping every layer's activations. */
function forward(net: Net, input: Float64Array): Float64Array[] {
  const acts = [input];
  for (let l = 0; l < net.w.length; l++) {
    const inputs = net.sizes[l] ?? 0;
    const outputs = net.sizes[l + 1] ?? 0;
    const x = acts[l] ?? input;
    const y = new Float64Array(outputs);
    const w = net.w[l] ?? new Float64Array();
    const bias = net.b[l] ?? new Float64Array();
    for (let o = 0; o < outputs; o++) {
      let sum = bias[o] ?? 0;
      const row = o * inputs;
      for (let i = 0; i < inputs; i++) sum += (w[row + i] ?? 0) * (x[i] ?? 0);
      y[o] = l < net.w.length - 1 ? Math.max(0, sum) : sum;
    }
    acts.push(y);
  }
  return acts;
}

/** Adds the cross-entropy gradient of one example to `gw`/`gb`; returns its loss. */
function backward(net: Net, acts: Float64Array[], label: number, gw: Float64Array[], gb: Float64Array[]): number {
  const logits = acts[acts.length - 1] ?? new Float64Array();
  const p = softmax([...logits]);
  let delta = new Float64Array(p.map((q, i) => q - (i === label ? 1 : 0)));
  for (let l = net.w.length - 1; l >= 0; l--) {
    const inputs = net.sizes[l] ?? 0;
    const outputs = net.sizes[l + 1] ?? 0;
    const x = acts[l] ?? new Float64Array();
    const w = net.w[l] ?? new Float64Array();
    const gwl = gw[l] ?? new Float64Array();
    const gbl = gb[l] ?? new Float64Array();
    const previous = new Float64Array(inputs);
    for (let o = 0; o < outputs; o++) {
      const d = delta[o] ?? 0;
      if (d === 0) continue;
      gbl[o] = (gbl[o] ?? 0) + d;
      const row = o * inputs;
      for (let i = 0; i < inputs; i++) {
        gwl[row + i] = (gwl[row + i] ?? 0) + d * (x[i] ?? 0);
        previous[i] = (previous[i] ?? 0) + d * (w[row + i] ?? 0);
      }
    }
    if (l > 0) for (let i = 0; i < inputs; i++) if ((x[i] ?? 0) <= 0) previous[i] = 0;
    delta = previous;
  }
  return -Math.log(Math.max(1e-12, p[label] ?? 0));
}

const round = (x: number) => Number(x.toPrecision(4));

/** One network trained from `seed` alone (its pairs, initial weights, batches and input noise), as stored. */
function trainMember(seed: number, started: number): PositionModelFile {
  const random = seededRandom(seed);
  log(`Generating ${PER_STATE} pairs per state (${STATES} states), seed ${seed}...`);
  const train = generateSet(random, PER_STATE);
  const examples = train.flatMap(views);
  log(`${examples.length} training views in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const mean = new Array<number>(FEATURE_COUNT).fill(0);
  const scale = new Array<number>(FEATURE_COUNT).fill(0);
  for (const { vector } of examples) vector.forEach((x, i) => (mean[i] = (mean[i] ?? 0) + x / examples.length));
  for (const { vector } of examples)
    vector.forEach((x, i) => (scale[i] = (scale[i] ?? 0) + (x - (mean[i] ?? 0)) ** 2 / examples.length));
  const std = scale.map((v) => Math.max(1e-3, Math.sqrt(v)));
  const inputs = examples.map(
    ({ vector }) => new Float64Array(vector.map((x, i) => (x - (mean[i] ?? 0)) / (std[i] ?? 1))),
  );

  const net = initNet(random, [FEATURE_COUNT, ...HIDDEN, STATES]);
  const m = net.w.map((w) => new Float64Array(w.length));
  const v = net.w.map((w) => new Float64Array(w.length));
  const mb = net.b.map((b) => new Float64Array(b.length));
  const vb = net.b.map((b) => new Float64Array(b.length));
  let step = 0;
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    const rate = 2e-3 * 0.5 * (1 + Math.cos((Math.PI * epoch) / EPOCHS));
    let loss = 0;
    for (let start = 0; start < order.length; start += BATCH) {
      const gw = net.w.map((w) => new Float64Array(w.length));
      const gb = net.b.map((b) => new Float64Array(b.length));
      const batch = order.slice(start, start + BATCH);
      for (const index of batch) {
        const input = inputs[index];
        const example = examples[index];
        if (input === undefined || example === undefined) continue;
        const seen =
          INPUT_NOISE > 0
            ? input.map(
                (x) =>
                  x +
                  INPUT_NOISE * Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random()),
              )
            : input;
        loss += backward(net, forward(net, seen), example.label, gw, gb);
      }
      step++;
      const adam = (
        param: Float64Array,
        grad: Float64Array,
        first: Float64Array,
        second: Float64Array,
        decay: number,
      ) => {
        for (let k = 0; k < param.length; k++) {
          const g = (grad[k] ?? 0) / batch.length + decay * (param[k] ?? 0);
          first[k] = 0.9 * (first[k] ?? 0) + 0.1 * g;
          second[k] = 0.999 * (second[k] ?? 0) + 0.001 * g * g;
          const mHat = (first[k] ?? 0) / (1 - 0.9 ** step);
          const vHat = (second[k] ?? 0) / (1 - 0.999 ** step);
          param[k] = (param[k] ?? 0) - (rate * mHat) / (Math.sqrt(vHat) + 1e-8);
        }
      };
      net.w.forEach((w, l) => adam(w, gw[l] ?? w, m[l] ?? w, v[l] ?? w, DECAY));
      net.b.forEach((b, l) => adam(b, gb[l] ?? b, mb[l] ?? b, vb[l] ?? b, 0));
    }
    log(
      `epoch ${epoch + 1}/${EPOCHS}: loss ${(loss / order.length).toFixed(4)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }

  return {
    version: `synthetic-mlp-${seed}`,
    seed,
    states: POSITION_STATES.map(stateKey),
    featureCount: FEATURE_COUNT,
    mean: mean.map(round),
    scale: std.map(round),
    layers: net.w.map((w, l) => ({
      inputs: net.sizes[l] ?? 0,
      outputs: net.sizes[l + 1] ?? 0,
      weights: [...w].map(round),
      bias: [...(net.b[l] ?? [])].map(round),
    })),
    temperature: 1,
    readable: 1 / 3,
    transitions: knowledgeTransitions(TECHNIQUES),
    report: {
      trainedOn: `${train.length} synthetic pairs (x4 views), seed ${seed}, ${EPOCHS} epochs, hidden ${HIDDEN.join('x')}, decay ${DECAY}, input noise ${INPUT_NOISE}`,
    },
  };
}

function main() {
  const started = Date.now();
  const members = MEMBER_FILES
    ? MEMBER_FILES.map((file) => checkedModel(PositionModelFile.parse(JSON.parse(readFileSync(file, 'utf8')))))
    : SEEDS.map((seed) => trainMember(seed, started));
  const seeds = members.map((member) => member.seed);
  const [only] = members;
  if (only === undefined) throw new Error('no members');
  const merged = members.length === 1 ? only : { ...only, ...mergeMembers(members) };
  // Calibrated and scored on pairs none of the members learned from: the seeds after the last member's.
  const last = Math.max(...seeds);
  const calibration = generateSet(seededRandom(last + 1), Math.max(50, Math.round(PER_STATE / 6)));
  const test = generateSet(seededRandom(last + 2), Math.max(50, Math.round(PER_STATE / 6)));
  const model: PositionModelFile = {
    ...merged,
    version: members.length === 1 ? `synthetic-mlp-${last}` : `synthetic-mlp-${seeds.join('+')}`,
    seed: only.seed,
    temperature: 1,
    readable: 1 / 3,
    transitions: knowledgeTransitions(TECHNIQUES),
    report: {},
  };

  /** Mean logits of the four views, in `POSITION_STATES` order, as model.ts computes them. */
  const averaged = (pair: GeneratedPair): number[] | null => {
    const total = new Array<number>(STATES).fill(0);
    let count = 0;
    for (const mirror of [false, true]) {
      for (const swapped of [false, true]) {
        const vector = swapped
          ? pairVector(pair.b, pair.a, FRAME_ASPECT, mirror)
          : pairVector(pair.a, pair.b, FRAME_ASPECT, mirror);
        if (vector === null) continue;
        const logits = networkLogits(model, vector);
        for (let s = 0; s < STATES; s++) total[s] = (total[s] ?? 0) + (logits[swapped ? (SWAPPED[s] ?? s) : s] ?? 0);
        count++;
      }
    }
    return count === 0 ? null : total.map((x) => x / count);
  };
  const scored = (set: GeneratedPair[]) =>
    set.flatMap((pair) => {
      const logits = averaged(pair);
      return logits === null ? [] : [{ logits, label: labelOf(pair), pair }];
    });
  const calibrationSet = scored(calibration);
  const nll = (temperature: number) =>
    calibrationSet.reduce(
      (sum, { logits, label }) => sum - Math.log(Math.max(1e-12, softmax(logits, temperature)[label] ?? 0)),
      0,
    ) / calibrationSet.length;
  let temperature = 1;
  for (let t = 0.3; t <= 4; t += 0.01) if (nll(t) < nll(temperature)) temperature = t;
  model.temperature = round(temperature);
  model.readable = readableBar(calibrationSet, model.temperature);

  const testSet = scored(test);
  const report = evaluate(testSet, model.temperature);
  const uncalibrated = evaluate(testSet, 1);
  const rules = test
    .filter((pair) => pair.state.position !== 'unclear')
    .map((pair) => {
      const p = handRuleProbabilities(pair.a, pair.b, FRAME_ASPECT);
      const guess = p.indexOf(Math.max(...p));
      return { guess, label: labelOf(pair) };
    });
  const rulesRight = rules.filter(({ guess, label }) => guess === label).length / rules.length;
  const rulesPosition =
    rules.filter(({ guess, label }) => POSITION_STATES[guess]?.position === POSITION_STATES[label]?.position).length /
    rules.length;
  model.report = {
    trainedOn:
      members.length === 1
        ? only.report.trainedOn
        : `the mean of ${members.length} networks (seeds ${seeds.join(', ')}), each: ${String(only.report.trainedOn)}`,
    syntheticTest: {
      pairs: testSet.length,
      stateAccuracy: round(report.state),
      positionAccuracy: round(report.position),
      ece: round(report.ece),
      eceBeforeTemperature: round(uncalibrated.ece),
      handRulesStateAccuracy: round(rulesRight),
      handRulesPositionAccuracy: round(rulesPosition),
    },
  };
  log(
    `readable bar ${model.readable} (held-out calibration split: from here up, the top answer is right at least half the time)`,
  );
  log(
    `temperature ${model.temperature} (calibration NLL ${nll(1).toFixed(3)} -> ${nll(model.temperature).toFixed(3)})`,
  );
  log(
    `synthetic test (${testSet.length} pairs): state ${report.state.toFixed(3)}, position ${report.position.toFixed(3)}, ` +
      `ECE ${uncalibrated.ece.toFixed(3)} -> ${report.ece.toFixed(3)}; hand rules: state ${rulesRight.toFixed(3)}, position ${rulesPosition.toFixed(3)}`,
  );
  log(report.table);
  log(`reliability (confidence bin: share right, count):\n${report.bins}`);
  writeFileSync(OUT, `${JSON.stringify(model)}\n`);
  log(`wrote ${OUT} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The abstention bar, from the held-out calibration split (never from real footage): the lowest calibrated
 * top probability t (in steps of 0.01) such that the split's frames whose top probability lies in [t, t + 0.1)
 * are right at least half the time; below it, the model's best guess is more often wrong than right and
 * the timeline calls the stretch unclear. A bin with fewer than 20 frames says nothing.
 */
function readableBar(set: Array<{ logits: number[]; label: number }>, temperature: number): number {
  const tops = set.map(({ logits, label }) => {
    const p = softmax(logits, temperature);
    const guess = p.indexOf(Math.max(...p));
    return { confidence: p[guess] ?? 0, right: guess === label };
  });
  for (let t = 0.1; t < 0.9; t += 0.01) {
    const inBin = tops.filter(({ confidence }) => confidence >= t && confidence < t + 0.1);
    if (inBin.length >= 20 && inBin.filter(({ right }) => right).length >= inBin.length / 2)
      return Number(t.toFixed(2));
  }
  return 0.5;
}

function evaluate(set: Array<{ logits: number[]; label: number }>, temperature: number) {
  let state = 0;
  let position = 0;
  const bins = Array.from({ length: 10 }, () => ({ right: 0, count: 0, confidence: 0 }));
  const positions = [...new Set(POSITION_STATES.map((s) => s.position))];
  const confusion = new Map<string, Map<string, number>>();
  for (const { logits, label } of set) {
    const p = softmax(logits, temperature);
    const guess = p.indexOf(Math.max(...p));
    const confidence = p[guess] ?? 0;
    const right = guess === label;
    if (right) state++;
    const truth = POSITION_STATES[label]?.position ?? '';
    const guessed = POSITION_STATES[guess]?.position ?? '';
    if (truth === guessed) position++;
    const row = confusion.get(truth) ?? new Map<string, number>();
    row.set(guessed, (row.get(guessed) ?? 0) + 1);
    confusion.set(truth, row);
    const bin = bins[Math.min(9, Math.floor(confidence * 10))];
    if (bin) {
      bin.count++;
      bin.confidence += confidence;
      if (right) bin.right++;
    }
  }
  const ece = bins.reduce((sum, bin) => sum + Math.abs(bin.right - bin.confidence), 0) / set.length;
  const short = (name: string) => name.slice(0, 6).padStart(7);
  const table = [
    `${'truth \\ guess'.padEnd(14)}${positions.map(short).join('')}`,
    ...positions.map(
      (truth) =>
        `${truth.padEnd(14)}${positions.map((g) => String(confusion.get(truth)?.get(g) ?? 0).padStart(7)).join('')}`,
    ),
  ].join('\n');
  return {
    state: state / set.length,
    position: position / set.length,
    ece,
    table,
    bins: bins
      .map(
        (bin, i) =>
          `  ${(i / 10).toFixed(1)}-${((i + 1) / 10).toFixed(1)}: ${bin.count ? (bin.right / bin.count).toFixed(2) : '  - '} (${bin.count})`,
      )
      .join('\n'),
  };
}

main();
