// One thread of the pose models (repositories/pose.repository.ts): MoveNet MultiPose, and the single-person
// MoveNet of the top-down pass when one is given, on TensorFlow.js's WebAssembly backend, which runs
// single-threaded in Node, so the analysis keeps one of these per core.
// It only runs the model: the repository prepares each input and reads each output on the main thread.
// Plain JavaScript, outside src/, so that the same file runs from the sources (tests, tsx) and the build.
import { parentPort, workerData } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel } from '@tensorflow/tfjs-converter';

if (!parentPort) throw new Error('pose-worker.mjs runs as a worker thread');
const port = parentPort;

setWasmPaths(workerData.wasmDir);
if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend of TensorFlow.js did not start.');
await tf.ready();
// The models by name: `multipose` always, `single` (the top-down pass's model) when the repository sends it.
const models = new Map();
for (const [name, artifacts] of Object.entries(workerData.models)) {
  models.set(name, await loadGraphModel({ load: () => Promise.resolve(artifacts) }));
}

port.on('message', async ({ id, model: name, input, width, height }) => {
  try {
    const model = models.get(name);
    if (!model) throw new Error(`No pose model named ${name} was loaded`);
    const output = tf.tidy(() => {
      const result = model.execute(tf.tensor4d(new Int32Array(input), [1, height, width, 3], 'int32'));
      if (Array.isArray(result) || !(result instanceof tf.Tensor)) throw new Error('MoveNet gave an unexpected output');
      return result;
    });
    const values = Float32Array.from(await output.data());
    output.dispose();
    port.postMessage({ id, output: values.buffer }, [values.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

port.postMessage({ ready: true, tfjs: tf.version_core });
