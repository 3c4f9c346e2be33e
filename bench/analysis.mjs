// Video analysis speed: seconds of 720p video analysed per second of wall time, end to end (ffmpeg
// sampling, the pose model on every sampled frame, tracking, positions, findings), next to ffmpeg
// decoding the same file alone in the same run. Target: at least 2x real time.
// Uses the built server: run `npm run build -w @openmat/server` first.
// `POSE_TOP_DOWN=off` (or `lightning`) runs the pose stage without the top-down pass (or with Lightning).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeClip } from './lib/server.mjs';

const dist = new URL('../apps/server/dist/', import.meta.url);
const load = async (file) => {
  try {
    return await import(new URL(file, dist).href);
  } catch (error) {
    throw new Error(`cannot load ${file}; run \`npm run build -w @openmat/server\` first`, { cause: error });
  }
};
const { MediaRepository } = await load('repositories/media.repository.js');
const { createPoseEstimator, defaultPoseThreads } = await load('repositories/pose.repository.js');
const { analyseRoll } = await load('analysis/pipeline.js');
const { positionTimeline } = await load('analysis/positions/timeline.js');
const { analysisKnowledge } = await load('services/analysis-knowledge.js');

const SMOKE = process.env.BENCH_SMOKE === '1';
const SECONDS = SMOKE ? 3 : 30;
const FPS = Number(process.env.ANALYSIS_FRAMES_PER_SECOND ?? 2);

const dir = mkdtempSync(path.join(tmpdir(), 'openmat-bench-analysis-'));
try {
  const file = path.join(dir, 'roll-720p.mp4');
  makeClip(file, SECONDS, '1280x720');

  let started = performance.now();
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-f', 'null', '-']);
  const decodeSeconds = (performance.now() - started) / 1000;

  const media = new MediaRepository();
  const info = await media.probe(file);
  const source = { path: file, demuxer: info.demuxer, durationSeconds: info.durationSeconds };
  /** One end-to-end analysis with the pose model on `threads` threads. */
  const analyse = async (threads) => {
    let started = performance.now();
    const detector = await createPoseEstimator(threads, { topDown: process.env.POSE_TOP_DOWN });
    const loadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const result = await analyseRoll(
      media.sampleFrames(source, { framesPerSecond: FPS, width: 640, height: 360 }),
      detector,
      positionTimeline,
      analysisKnowledge,
      {
        durationSeconds: SECONDS,
        framesPerSecond: FPS,
        studentIdentifier: 'blue gi',
        language: 'en',
        onProgress: () => {},
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const rss = process.memoryUsage().rss / 1e6;
    const runsPerFrame = detector.modelRuns / (SECONDS * FPS);
    await detector.close();
    return { threads, loadSeconds, seconds, rss, found: result.athletes?.found, runsPerFrame };
  };
  const runs = [await analyse(1)];
  if (defaultPoseThreads() > 1) runs.push(await analyse(defaultPoseThreads()));

  const decodeRealTime = SECONDS / decodeSeconds;
  console.log(`video: ${SECONDS} s of 1280x720 at 25 fps, sampled at ${FPS} frames a second (${SECONDS * FPS} frames)`);
  console.log(
    `ffmpeg decode alone (baseline): ${decodeSeconds.toFixed(2)} s = ${decodeRealTime.toFixed(1)}x real time`,
  );
  for (const run of runs) {
    console.log(
      `analysis on ${run.threads} thread(s): ${run.seconds.toFixed(2)} s = ${(SECONDS / run.seconds).toFixed(2)}x real time` +
        ` (ratio to decode alone ${(decodeSeconds / run.seconds).toFixed(3)}; ${((run.seconds * 1000) / (SECONDS * FPS)).toFixed(0)} ms` +
        ` a frame; model load ${run.loadSeconds.toFixed(2)} s; RSS ${run.rss.toFixed(0)} MB; athletes found ${run.found};` +
        ` model runs a frame ${run.runsPerFrame.toFixed(2)})`,
    );
  }
  const best = runs.at(-1);
  if (runs.length > 1) console.log(`threads speed-up: ${(runs[0].seconds / best.seconds).toFixed(2)}x`);
  console.log(`end to end with the default threads: ${(SECONDS / best.seconds).toFixed(2)}x real time (target >= 2x)`);
  if (!SMOKE && SECONDS / best.seconds < 2) console.log('TARGET MISSED: under 2x real time');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
