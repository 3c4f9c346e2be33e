import { z } from 'zod';
import type { PairFrame } from '../pipeline.js';
import { KEYPOINT_NAMES, type Skeleton } from '../skeleton.js';

/**
 * The two athletes' skeletons of every sampled frame of an analysis, as stored with it
 * (`video_analyses.pair_frames`), so that the position model can later learn from a coach's corrections
 * of that video whatever the model is then (ADR 0028). Each skeleton is 56 unsigned 16-bit numbers in
 * base64: x, y and score of the 17 joints, the box and the person's score. Coordinates, fractions of the
 * frame, are kept from -0.5 to 1.5 in steps of about 0.00003; scores from 0 to 1.
 */
export interface StoredPairs {
  /** The frames' width over their height. */
  aspect: number;
  /** The track that is the student: the timeline's `top` is told from this side. */
  student: 'a' | 'b';
  frames: readonly PairFrame[];
}

const Stored = z.object({
  v: z.literal(1),
  aspect: z.number().positive(),
  student: z.enum(['a', 'b']),
  frames: z.array(z.tuple([z.number(), z.string().nullable(), z.string().nullable()])),
});

const FIELDS = KEYPOINT_NAMES.length * 3 + 5;
const SCALE = 65535;
const coordinate = (x: number) => Math.round(Math.min(1, Math.max(0, (x + 0.5) / 2)) * SCALE);
const fromCoordinate = (q: number) => (q / SCALE) * 2 - 0.5;
const share = (p: number) => Math.round(Math.min(1, Math.max(0, p)) * SCALE);

function encodeSkeleton(skeleton: Skeleton | null): string | null {
  if (skeleton === null) return null;
  const values = new Uint16Array(FIELDS);
  KEYPOINT_NAMES.forEach((_, index) => {
    const point = skeleton.keypoints[index] ?? { x: 0, y: 0, score: 0 };
    values[index * 3] = coordinate(point.x);
    values[index * 3 + 1] = coordinate(point.y);
    values[index * 3 + 2] = share(point.score);
  });
  const at = KEYPOINT_NAMES.length * 3;
  values[at] = coordinate(skeleton.box.x);
  values[at + 1] = coordinate(skeleton.box.y);
  values[at + 2] = coordinate(skeleton.box.width);
  values[at + 3] = coordinate(skeleton.box.height);
  values[at + 4] = share(skeleton.score);
  return Buffer.from(values.buffer).toString('base64');
}

function decodeSkeleton(text: string | null): Skeleton | null {
  if (text === null) return null;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== FIELDS * 2) return null;
  const values = new Uint16Array(FIELDS);
  for (let i = 0; i < FIELDS; i++) values[i] = bytes.readUInt16LE(i * 2);
  const at = KEYPOINT_NAMES.length * 3;
  return {
    keypoints: KEYPOINT_NAMES.map((_, index) => ({
      x: fromCoordinate(values[index * 3] ?? 0),
      y: fromCoordinate(values[index * 3 + 1] ?? 0),
      score: (values[index * 3 + 2] ?? 0) / SCALE,
    })),
    box: {
      x: fromCoordinate(values[at] ?? 0),
      y: fromCoordinate(values[at + 1] ?? 0),
      width: fromCoordinate(values[at + 2] ?? 0),
      height: fromCoordinate(values[at + 3] ?? 0),
    },
    score: (values[at + 4] ?? 0) / SCALE,
  };
}

export function encodePairs(pairs: StoredPairs): string {
  return JSON.stringify({
    v: 1,
    aspect: pairs.aspect,
    student: pairs.student,
    frames: pairs.frames.map((frame) => [
      Math.round(frame.time * 1000) / 1000,
      encodeSkeleton(frame.a),
      encodeSkeleton(frame.b),
    ]),
  });
}

/** The stored frames, or null when there are none or they are not in this format. */
export function decodePairs(text: string | null): StoredPairs | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = Stored.safeParse(json);
  if (!parsed.success) return null;
  return {
    aspect: parsed.data.aspect,
    student: parsed.data.student,
    frames: parsed.data.frames.map(([time, a, b]) => ({ time, a: decodeSkeleton(a), b: decodeSkeleton(b) })),
  };
}
