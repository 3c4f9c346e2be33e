// Choosing the two athletes over a long video (analysis/tracking.ts): the pose stage's people of every
// sampled frame are linked into tracklets and weighed over the whole clip. An hour of video at 2 frames a
// second is 7,200 frames, and bystanders who come and go start thousands of tracklets. The cost should
// grow with the video's length, not with its square: the time for an hour is printed against six times the
// time for ten minutes, measured in the same run (1.0 is linear). Target: 1.5 or less.
// The frames are generated from a seed: a rolling pair near the middle and five people at random places,
// a new one in each frame (the worst case for tracklets). Uses the built server: run
// `npm run build -w @openmat/server` first. `BENCH_SMOKE=1` (npm test) measures 100 and 600 frames once.
import { performance } from 'node:perf_hooks';

const dist = new URL('../apps/server/dist/analysis/', import.meta.url);
let trackAthletes;
try {
  ({ trackAthletes } = await import(new URL('tracking.js', dist).href));
} catch (error) {
  throw new Error('cannot load tracking.js; run `npm run build -w @openmat/server` first', { cause: error });
}

const SMOKE = process.env.BENCH_SMOKE === '1';
const FPS = 2;
const [SHORT, LONG] = SMOKE ? [100, 600] : [10 * 60 * FPS, 60 * 60 * FPS];
const RUNS = SMOKE ? 1 : 3;
const TARGET = 1.5;

/** A seeded generator (a linear congruential one): the same frames every run. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function person(next, x, y, height, score) {
  const keypoints = Array.from({ length: 17 }, (_, i) => ({
    x: x + (next() - 0.5) * 0.3 * height,
    y: y + (i / 17 - 0.5) * height,
    score: 0.2 + 0.6 * next(),
  }));
  const box = { x: x - 0.15 * height, y: y - 0.5 * height, width: 0.3 * height, height };
  return { keypoints, score, box, colour: [next() * 255, next() * 255, next() * 255] };
}

function clip(frames) {
  const next = random(frames);
  return Array.from({ length: frames }, (_, t) => ({
    time: t / FPS,
    people: [
      person(next, 0.45 + 0.05 * Math.sin(t / 7), 0.6, 0.3, 0.5),
      person(next, 0.5 + 0.05 * Math.cos(t / 5), 0.62, 0.3, 0.4),
      ...Array.from({ length: 5 }, () => person(next, next(), next(), 0.1 + 0.2 * next(), 0.1 + 0.3 * next())),
    ],
  }));
}

function best(frames) {
  const seen = clip(frames);
  let fastest = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    trackAthletes(seen);
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest / 1000;
}

// One untimed run lets the JIT settle, as it has in a long-running worker.
best(SHORT);
const short = best(SHORT);
const long = best(LONG);
const ratio = long / ((LONG / SHORT) * short);
console.log(`tracking ${SHORT} frames: ${short.toFixed(3)} s; ${LONG} frames: ${long.toFixed(3)} s (best of ${RUNS})`);
console.log(
  `${LONG} frames against ${LONG / SHORT} x ${SHORT}: ${ratio.toFixed(2)}x linear; target at most ${TARGET}x: ${
    ratio <= TARGET ? 'met' : 'MISSED'
  }`,
);
