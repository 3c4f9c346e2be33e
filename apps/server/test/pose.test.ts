import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  keypointIndex,
  KEYPOINT_NAMES,
  type Keypoint,
  type KeypointName,
  type Skeleton,
} from '../src/analysis/skeleton.js';
import type { RollFrame } from '../src/analysis/pipeline.js';
import {
  createPoseEstimator,
  mergeViews,
  type PoseEstimator,
  uprightInput,
} from '../src/repositories/pose.repository.js';

const run = promisify(execFile);

/** Real photographs from npm packages; where each comes from and its licence: fixtures/people/SOURCES.md. */
const photo = (name: string) => fileURLToPath(new URL(`./fixtures/people/${name}`, import.meta.url));

async function imageSize(file: string): Promise<{ width: number; height: number }> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0'],
    file,
  ]);
  const [width = 0, height = 0] = stdout.trim().split(',').map(Number);
  return { width, height };
}

/** The picture as ffmpeg hands frames to the analysis; with `frame`, letterboxed into that size as videos are. */
async function decode(file: string, frame?: { width: number; height: number }): Promise<RollFrame> {
  const { width, height } = frame ?? (await imageSize(file));
  const letterbox = frame
    ? [
        '-vf',
        `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2`,
      ]
    : [];
  const { stdout } = await run(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-i', file, ...letterbox, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return { time: 0, width, height, rgb: new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.byteLength) };
}

describe('the picture the pose model is shown', () => {
  /** A frame of `width` x 1 pixels whose left half is black and right half white. */
  const edge = (width: number): RollFrame => ({
    time: 0,
    width,
    height: 1,
    rgb: Uint8Array.from({ length: width * 3 }, (_value, i) => (Math.floor(i / 3) < width / 2 ? 0 : 255)),
  });
  /** The red values along the middle row of the input where the picture is (its black margins left out). */
  const middleRow = (input: ReturnType<typeof uprightInput>) => {
    const row = Math.floor(input.height / 2);
    return Array.from({ length: input.width }, (_value, x) => input.rgb[(row * input.width + x) * 3] ?? 0);
  };

  it('enlarges a small picture smoothly: a black-to-white edge becomes a ramp of greys, not a hard step', () => {
    // Four pixels across, enlarged about a hundred times into the model's 384-pixel-wide input.
    const values = middleRow(uprightInput(edge(4), { x: 0, y: 0, width: 4, height: 1 }));
    const greys = values.filter((value) => value > 20 && value < 235);
    // Nearest-neighbour sampling gave only black and white here.
    expect(greys.length).toBeGreaterThan(50);
    // And the ramp rises from black to white without going back.
    const ramp = values.filter((value, i) => i > 0 && value < (values[i - 1] ?? 0));
    expect(ramp).toEqual([]);
  });

  it('shows only the rectangle looked at: the picture outside it stays out of the input', () => {
    // The black left half only: nothing white may come in from the right half beside the crop.
    const values = middleRow(uprightInput(edge(8), { x: 0, y: 0, width: 4, height: 1 }));
    expect(Math.max(...values)).toBe(0);
  });
});

describe('the people of a frame, from the detections of its looks', () => {
  /** A standing body seen at `score`, its middle at `x` (fractions of the frame), every joint sure. */
  const body = (score: number, x: number): Skeleton => {
    const heights = [0.2, 0.19, 0.19, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.55, 0.55, 0.7, 0.7, 0.85, 0.85];
    const keypoints = KEYPOINT_NAMES.map((_name, i) => ({
      x: x + (i === 0 ? 0 : i % 2 === 1 ? 0.04 : -0.04),
      y: heights[i] ?? 0.5,
      score: 0.9,
    }));
    return { keypoints, score, box: { x: x - 0.08, y: 0.18, width: 0.16, height: 0.7 } };
  };
  /** The same body as another look saw it: a pixel or two off, at its own score. */
  const seenAgain = (person: Skeleton, score: number): Skeleton => ({
    ...person,
    score,
    keypoints: person.keypoints.map((point) => ({ ...point, x: point.x + 0.002 })),
  });

  it('is surer of a body that several looks found than any one look is', () => {
    // Three looks each at 0.2: the chance that all three are wrong is 0.8 cubed, so 0.488.
    const one = body(0.2, 0.5);
    const people = mergeViews([[one], [seenAgain(one, 0.2)], [seenAgain(one, 0.2)]]);
    expect(people).toHaveLength(1);
    expect(people[0]?.score).toBeCloseTo(0.488, 3);
  });

  it('keeps a body found weakly by several looks, where one weak look alone is noise (a shadow, a bag)', () => {
    const one = body(0.2, 0.5);
    expect(mergeViews([[one]])).toEqual([]);
    expect(mergeViews([[one], [seenAgain(one, 0.15)]])).toHaveLength(1);
  });

  it('counts each look once: a body one look found twice is no surer', () => {
    const one = body(0.3, 0.5);
    const people = mergeViews([[one, seenAgain(one, 0.3)]]);
    expect(people).toHaveLength(1);
    expect(people[0]?.score).toBeCloseTo(0.3, 9);
  });

  it('keeps two bodies apart, each as sure as the looks that found it', () => {
    const left = body(0.6, 0.3);
    const right = body(0.4, 0.7);
    const people = mergeViews([[left, right], [seenAgain(right, 0.5)]]);
    expect(people.map((person) => person.score.toFixed(2))).toEqual(['0.70', '0.60']);
  });
});

function joint(person: Skeleton, name: KeypointName): Keypoint {
  const point = person.keypoints[keypointIndex(name)];
  if (point === undefined) throw new Error(`no ${name}`);
  return point;
}

/** A joint the model is sure enough of for the analysis to use (it ignores joints below 0.3). */
function seen(person: Skeleton, name: KeypointName): Keypoint | null {
  const point = joint(person, name);
  return point.score >= 0.3 ? point : null;
}

function expectWithinFrame(person: Skeleton) {
  expect(person.keypoints).toHaveLength(KEYPOINT_NAMES.length);
  for (const point of person.keypoints) {
    expect(point.x).toBeGreaterThanOrEqual(0);
    expect(point.x).toBeLessThanOrEqual(1);
    expect(point.y).toBeGreaterThanOrEqual(0);
    expect(point.y).toBeLessThanOrEqual(1);
    expect(point.score).toBeGreaterThanOrEqual(0);
    expect(point.score).toBeLessThanOrEqual(1);
  }
  const { box } = person;
  expect(box.width).toBeGreaterThan(0);
  expect(box.height).toBeGreaterThan(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1);
  expect(box.y + box.height).toBeLessThanOrEqual(1);
}

/** An upright person: the head above the shoulders, the shoulders above the hips (y grows downwards). */
function expectUpright(person: Skeleton) {
  const nose = seen(person, 'nose');
  const shoulders = [seen(person, 'leftShoulder'), seen(person, 'rightShoulder')].filter((point) => point !== null);
  const hips = [seen(person, 'leftHip'), seen(person, 'rightHip')].filter((point) => point !== null);
  expect(nose).not.toBeNull();
  expect(shoulders.length).toBeGreaterThan(0);
  for (const shoulder of shoulders) expect(nose?.y).toBeLessThan(shoulder.y);
  for (const hip of hips) {
    expect(nose?.y).toBeLessThan(hip.y);
    for (const shoulder of shoulders) expect(shoulder.y).toBeLessThan(hip.y);
  }
}

/**
 * The model's runs are CPU-bound, and `npm test` runs another lane beside these tests (browsers, the build,
 * the benchmarks' smoke run): on two busy cores a few seconds here can take three times as long, so these
 * tests get the pose footage tests' allowance rather than the default 20 s.
 */
const ESTIMATOR = 'pose estimator (MoveNet MultiPose on the WebAssembly backend, weights from npm)';

describe(ESTIMATOR, { timeout: 120_000 }, () => {
  let estimator: PoseEstimator;

  beforeAll(async () => {
    estimator = await createPoseEstimator();
  }, 120_000);

  afterAll(async () => {
    await estimator.close();
  });

  it('says which model and runtime it is', () => {
    expect(estimator.name).toBe('openmat-local');
    expect(estimator.version).toMatch(
      /^1\.0 \(@vladmandic\/human-models movenet-multipose \+ movenet-thunder, tfjs 4\.\d+\.\d+ wasm\)$/,
    );
  });

  it('finds nobody in a photograph of an empty landscape with a house', async () => {
    expect(await estimator.detect(await decode(photo('no-person.jpg')))).toEqual([]);
  });

  it('finds the one person of a portrait, head above shoulders', async () => {
    const people = await estimator.detect(await decode(photo('one-person.jpg')));
    expect(people).toHaveLength(1);
    const [person] = people;
    if (person === undefined) throw new Error('no person');
    expectWithinFrame(person);
    expectUpright(person);
    // A face seen from the front: the eyes above the nose, the nose between the shoulders (the left one,
    // cut by the picture's edge, is placed right but scored just under 0.3, so it is read unthresholded).
    const nose = seen(person, 'nose');
    for (const eye of [seen(person, 'leftEye'), seen(person, 'rightEye')]) expect(eye?.y).toBeLessThan(nose?.y ?? 0);
    expect(nose?.x).toBeGreaterThan(joint(person, 'rightShoulder').x);
    expect(nose?.x).toBeLessThan(joint(person, 'leftShoulder').x);
  });

  it('finds each of three people sitting side by side', async () => {
    const people = await estimator.detect(await decode(photo('three-people.jpg')));
    expect(people).toHaveLength(3);
    for (const person of people) {
      expectWithinFrame(person);
      expectUpright(person);
    }
  });

  it('finds each of four people standing side by side, with left and right as each person has them', async () => {
    const people = await estimator.detect(await decode(photo('four-people.jpg')));
    expect(people).toHaveLength(4);
    for (const person of people) {
      expectWithinFrame(person);
      expectUpright(person);
      // They face the camera, so each one's left shoulder is on the right of the picture.
      const left = seen(person, 'leftShoulder');
      const right = seen(person, 'rightShoulder');
      if (left !== null && right !== null) expect(left.x).toBeGreaterThan(right.x);
    }
    // Four different people, not one found twice: their noses are spread across the picture.
    const noses = people.map((person) => seen(person, 'nose')?.x ?? Number.NaN).sort((a, b) => a - b);
    for (let i = 1; i < noses.length; i++) expect((noses[i] ?? 0) - (noses[i - 1] ?? 0)).toBeGreaterThan(0.1);
    // The likeliest person first.
    const scores = people.map((person) => person.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('sees a weak skeleton surer with the top-down pass (the single-person model on its crop)', async () => {
    // The portrait letterboxed into a video frame: MultiPose is unsure of most of its joints.
    const frame = await decode(photo('one-person.jpg'), { width: 640, height: 360 });
    const alone = await createPoseEstimator(1, { topDown: 'off' });
    const [without] = await alone.detect(frame).finally(() => alone.close());
    const [withTopDown] = await estimator.detect(frame);
    if (without === undefined || withTopDown === undefined) throw new Error('no person');
    const sureness = (person: Skeleton) =>
      person.keypoints.reduce((sum, point) => sum + point.score, 0) / person.keypoints.length;
    expect(sureness(withTopDown)).toBeGreaterThan(sureness(without) + 0.03);
    // Still the same person, where it was, upright.
    expect(withTopDown.box).toEqual(without.box);
    expectUpright(withTopDown);
    expect(Math.abs(joint(withTopDown, 'nose').x - joint(without, 'nose').x)).toBeLessThan(0.05);
  });

  it('reports fractions of the whole frame when the picture is letterboxed into a 16:9 video frame', async () => {
    const file = photo('one-person.jpg');
    const [alone] = await estimator.detect(await decode(file));
    const frame = { width: 640, height: 360 };
    const letterboxed = await estimator.detect(await decode(file, frame));
    expect(letterboxed).toHaveLength(1);
    const [person] = letterboxed;
    if (alone === undefined || person === undefined) throw new Error('no person');
    expectWithinFrame(person);
    // The square photo fills the frame's height and sits in the middle of its width.
    const size = await imageSize(file);
    const scale = Math.min(frame.width / size.width, frame.height / size.height);
    const offset = (frame.width - size.width * scale) / 2;
    const inFrame = (point: Keypoint) => ({
      x: (offset + point.x * size.width * scale) / frame.width,
      y: point.y,
    });
    const compared = KEYPOINT_NAMES.filter((name) => seen(alone, name) !== null && seen(person, name) !== null);
    expect(compared.length).toBeGreaterThanOrEqual(5);
    for (const name of compared) {
      const expected = inFrame(joint(alone, name));
      const found = joint(person, name);
      expect(Math.abs(found.x - expected.x), name).toBeLessThan(0.03);
      expect(Math.abs(found.y - expected.y), name).toBeLessThan(0.03);
    }
  });

  it('works on several frames at once on its threads, each answer for its own frame', async () => {
    expect(estimator.concurrency).toBeGreaterThanOrEqual(1);
    const pictures = ['four-people.jpg', 'no-person.jpg', 'three-people.jpg', 'one-person.jpg'];
    const frames = await Promise.all(pictures.map((name) => decode(photo(name))));
    const found = await Promise.all([...frames, ...frames].map((frame) => estimator.detect(frame)));
    expect(found.map((people) => people.length)).toEqual([4, 0, 3, 1, 4, 0, 3, 1]);
    // Eight looks of the pose model: 15 s on a loaded two-core machine, near the default 20 s.
  }, 60_000);

  it('rejects a frame whose bytes do not match its size', async () => {
    await expect(
      estimator.detect({ time: 0, width: 4, height: 4, rgb: new Uint8Array(4 * 4 * 3 - 1) }),
    ).rejects.toThrow(/needs 48 bytes, not 47/);
  });
});
