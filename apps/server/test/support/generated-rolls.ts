import type { AnalysisPosition } from '@openmat/contract/analysis';
import type { PoseDetector, RollFrame } from '../../src/analysis/pipeline.js';
import { generatePair, type Camera, type DetectorNoise } from '../../src/analysis/positions/generator.js';
import type { Skeleton } from '../../src/analysis/skeleton.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

/**
 * Generated rolls for the tests that watch the analysis end to end: a script of positions (who is on
 * top, from the student's side) played by the 3D generator (src/analysis/positions/generator.ts) under
 * one camera, each stretch a held pose with fresh detector noise every frame, and "nobody in the shot"
 * stretches with no people at all. The frames are painted (grey mat, each athlete's torso in their
 * colour) so the pipeline tells the student from the partner by what they wear, as on real footage;
 * a fake pose detector replays the skeletons.
 */

export type Side = 'student' | 'partner';
export interface ScriptedStretch {
  /** A position; 'nobody' for a stretch with no one in the shot; 'alone' when only the student is seen. */
  position: Exclude<AnalysisPosition, 'unclear'> | 'nobody' | 'alone';
  top: Side | null;
  seconds: number;
}

export interface GeneratedRoll {
  frames: RollFrame[];
  /** The people of each frame, by time. */
  people: Map<number, readonly Skeleton[]>;
  /** The scripted state of each frame. */
  labels: Array<{ time: number; position: ScriptedStretch['position']; top: Side | null }>;
  durationSeconds: number;
  framesPerSecond: number;
}

const WIDTH = 320;
const HEIGHT = 180;
export const COLOURS: Record<Side, readonly [number, number, number]> = {
  student: [35, 65, 150],
  partner: [235, 235, 230],
};

/** Fills the quadrilateral of a torso (shoulders and hips, as fractions) with a colour. */
function paintTorso(rgb: Uint8Array, skeleton: Skeleton, colour: readonly [number, number, number]) {
  const corners = [5, 6, 12, 11].map((index) => skeleton.keypoints[index]);
  if (corners.some((corner) => corner === undefined || corner.score < 0.3)) return;
  const points = corners.flatMap((corner) =>
    corner === undefined ? [] : [{ x: corner.x * WIDTH, y: corner.y * HEIGHT }],
  );
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const inside = (x: number, y: number) => {
    let sign = 0;
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      const q = points[(i + 1) % points.length];
      if (p === undefined || q === undefined) return false;
      const side = Math.sign((q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x));
      if (side === 0) continue;
      if (sign === 0) sign = side;
      else if (side !== sign) return false;
    }
    return true;
  };
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(HEIGHT - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(WIDTH - 1, Math.ceil(Math.max(...xs))); x++) {
      if (!inside(x, y)) continue;
      rgb.set(colour, (y * WIDTH + x) * 3);
    }
  }
}

/** A roll played from `script` at `fps`, seeded. */
export function generatedRoll(
  script: readonly ScriptedStretch[],
  options: { fps: number; seed: number },
): GeneratedRoll {
  const random = seededRandom(options.seed);
  const spin = random() * 2 * Math.PI;
  // A phone on a tripod at the mat's edge, side on to the athletes (the scenes lie along the spun x axis),
  // a little above them; the detector's noise is the milder half of what the model was trained on.
  const target = [0.3, 0.35, 0] as const;
  const distance = 3 + 1.5 * random();
  const elevation = ((5 + 20 * random()) * Math.PI) / 180;
  const side = random() < 0.5 ? 1 : -1;
  const across = [side * Math.sin(spin), 0, side * Math.cos(spin)] as const;
  const camera: Camera = {
    position: [
      target[0] + distance * Math.cos(elevation) * across[0],
      target[1] + distance * Math.sin(elevation),
      target[2] + distance * Math.cos(elevation) * across[2],
    ],
    target,
    fov: (50 * Math.PI) / 180,
    roll: 0,
    centre: [0.5, 0.55],
  };
  const noise: DetectorNoise = { jitter: 0.015, miss: 0.03, hiddenSeen: 0.4, swapAll: 0.05, swapOne: 0.03 };
  const frames: RollFrame[] = [];
  const people = new Map<number, readonly Skeleton[]>();
  const labels: GeneratedRoll['labels'] = [];
  let start = 0;
  let index = 0;
  for (const stretch of script) {
    const poseSeed = Math.floor(random() * 2 ** 31);
    const count = Math.round(stretch.seconds * options.fps);
    for (let k = 0; k < count; k++, index++) {
      const time = index / options.fps;
      const rgb = new Uint8Array(WIDTH * HEIGHT * 3).fill(120);
      let seen: Skeleton[] = [];
      if (stretch.position === 'alone') {
        const pair = generatePair(
          seededRandom(poseSeed),
          { position: 'standing', top: null },
          { camera, noise, spin, topIsA: true, detectorRandom: random },
        );
        paintTorso(rgb, pair.a, COLOURS.student);
        seen = [pair.a];
      } else if (stretch.position !== 'nobody') {
        // The student is `a`: on top when the script says so, first posed when nobody is on top.
        const studentOnTop = stretch.top !== 'partner';
        const pair = generatePair(
          seededRandom(poseSeed),
          { position: stretch.position, top: stretch.top === null ? null : 'a' },
          { camera, noise, spin, topIsA: studentOnTop, detectorRandom: random },
        );
        const student = pair.a;
        const partner = pair.b;
        // The one underneath is painted first; the top athlete's torso covers theirs where they overlap.
        const order: Array<[Skeleton, Side]> = studentOnTop
          ? [
              [partner, 'partner'],
              [student, 'student'],
            ]
          : [
              [student, 'student'],
              [partner, 'partner'],
            ];
        for (const [skeleton, side] of order) paintTorso(rgb, skeleton, COLOURS[side]);
        seen = random() < 0.5 ? [student, partner] : [partner, student];
      }
      frames.push({ time, width: WIDTH, height: HEIGHT, rgb });
      people.set(time, seen);
      labels.push({ time, position: stretch.position, top: stretch.top });
    }
    start += stretch.seconds;
  }
  return { frames, people, labels, durationSeconds: start, framesPerSecond: options.fps };
}

/** A pose detector that replays a generated roll's skeletons. */
export function replayDetector(roll: GeneratedRoll): PoseDetector {
  return {
    name: 'replay',
    version: 'test',
    detect(frame) {
      return Promise.resolve(roll.people.get(frame.time) ?? []);
    },
  };
}

export async function* framesOf(roll: GeneratedRoll): AsyncIterable<RollFrame> {
  for (const frame of roll.frames) {
    await Promise.resolve();
    yield frame;
  }
}
