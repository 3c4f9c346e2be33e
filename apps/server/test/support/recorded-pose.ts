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
const Stream = z.object({
  about: z.string(),
  frames: z.array(
    z.object({
      time: z.number().nonnegative(),
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
  ),
});

/** The frames of a recorded stream as tracking takes them (`seeFrames`' answer), to be read by `readSeen`. */
export function recordedSeen(name: 'openmat-roll' | 'judo'): SeenFrame[] {
  const stream = Stream.parse(
    JSON.parse(readFileSync(new URL(`../fixtures/pose-streams/${name}.json`, import.meta.url), 'utf8')),
  );
  return stream.frames.map(({ time, people }) => ({
    time,
    people: people.map(({ score, box: [x, y, width, height], keypoints, colour, clothes }) => ({
      score,
      box: { x, y, width, height },
      keypoints: keypoints.map(([kx, ky, ks]) => ({ x: kx, y: ky, score: ks })),
      colour,
      clothes,
    })),
  }));
}
