import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { SeenFrame } from '../../src/analysis/tracking.js';

/**
 * A pose stream the real pose stage gave on real development footage (test/fixtures/pose-streams, written
 * from the accuracy bench's `DUMP_SEEN`): every person it saw in each frame, and the colour of their torso
 * as it measured it (`colour`: all four corners seen; `clothes`: three). Only numbers: the footage itself
 * stays outside the repository (ADR 0022).
 */
const Rgb = z.tuple([z.number(), z.number(), z.number()]).nullable();
const Frames = z.array(
  z.object({
    time: z.number().nonnegative(),
    /** The picture of the frame before (a still made into a clip): tracking counts it once. */
    repeat: z.literal(true).optional(),
    people: z.array(
      z.object({
        score: z.number(),
        box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
        keypoints: z.array(z.tuple([z.number(), z.number(), z.number()])).length(17),
        colour: Rgb,
        clothes: Rgb,
      }),
    ),
  }),
);
const Stream = z.object({ about: z.string(), frames: Frames });
const Clips = z.object({
  about: z.string(),
  clips: z.record(z.string(), z.object({ shows: z.string(), frames: Frames })),
});

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/pose-streams/${name}.json`, import.meta.url), 'utf8'));

function seenOf(frames: z.infer<typeof Frames>): SeenFrame[] {
  return frames.map(({ time, repeat, people }) => ({
    time,
    ...(repeat ? { repeat } : {}),
    people: people.map(({ score, box: [x, y, width, height], keypoints, colour, clothes }) => ({
      score,
      box: { x, y, width, height },
      keypoints: keypoints.map(([kx, ky, ks]) => ({ x: kx, y: ky, score: ks })),
      colour,
      clothes,
    })),
  }));
}

/** The frames of a recorded stream as tracking takes them (`seeFrames`' answer), to be read by `readSeen`. */
export function recordedSeen(name: 'openmat-roll' | 'judo'): SeenFrame[] {
  return seenOf(Stream.parse(fixture(name)).frames);
}

/** A still of the development footage made into a 4-second clip, as the pose stage saw it; `shows` says who wears what. */
export function recordedStillClip(file: 'close_guard01.jpeg' | 'mount04.jpg' | 'mount05.jpeg'): {
  shows: string;
  seen: SeenFrame[];
} {
  const clip = Clips.parse(fixture('stills-as-clips')).clips[file];
  if (clip === undefined) throw new Error(`no recorded clip of ${file}`);
  return { shows: clip.shows, seen: seenOf(clip.frames) };
}
