/**
 * Which track is the student the uploader named in `studentIdentifier` ("blue gi", "white rash guard",
 * "czarne kimono")? The only clue a camera gives is what they wear, so a colour word in the identifier
 * is compared with the mean torso colour of each athlete. Without a colour word, or when both athletes
 * look alike in that respect, the analysis says it could not tell.
 */

type Rgb = readonly [number, number, number];

/** Colour words in English and Polish (the stems cover Polish endings), with a typical cloth colour. */
const COLOURS: ReadonlyArray<{ words: readonly string[]; rgb: Rgb }> = [
  { words: ['white', 'bia', 'bial'], rgb: [235, 235, 230] },
  { words: ['black', 'czarn'], rgb: [25, 25, 30] },
  { words: ['blue', 'navy', 'niebiesk', 'granatow'], rgb: [35, 65, 150] },
  { words: ['red', 'czerwon'], rgb: [190, 30, 35] },
  { words: ['green', 'zielon'], rgb: [40, 130, 60] },
  { words: ['yellow', 'żółt', 'zolt'], rgb: [225, 200, 40] },
  { words: ['grey', 'gray', 'szar'], rgb: [128, 128, 128] },
  { words: ['pink', 'różow', 'rozow'], rgb: [230, 130, 170] },
  { words: ['purple', 'fiolet'], rgb: [110, 50, 140] },
  { words: ['brown', 'brąz', 'braz'], rgb: [110, 70, 40] },
  { words: ['orange', 'pomarańcz', 'pomarancz'], rgb: [235, 120, 30] },
];

/** The colour the identifier names, if it names one. */
export function colourNamed(identifier: string): { word: string; rgb: Rgb } | null {
  const words = identifier.toLocaleLowerCase().split(/[^\p{L}]+/u);
  for (const word of words) {
    for (const colour of COLOURS) {
      const stem = colour.words.find((candidate) => word.startsWith(candidate));
      if (stem) return { word, rgb: colour.rgb };
    }
  }
  return null;
}

/** Distance between colours as people see them, roughly (the "redmean" weighting of RGB), 0 to ~765. */
function perceived(first: Rgb, second: Rgb): number {
  const redMean = (first[0] + second[0]) / 2;
  const [dr, dg, db] = [first[0] - second[0], first[1] - second[1], first[2] - second[2]];
  return Math.sqrt((2 + redMean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - redMean) / 256) * db * db);
}

/** How much nearer one athlete must be to the named colour than the other, to be told apart. */
const MARGIN = 0.7;

export type Identification =
  | { kind: 'identified'; student: 'a' | 'b'; colourWord: string }
  | { kind: 'no-colour' }
  | { kind: 'ambiguous'; colourWord: string };

/** Tells which track wears the colour the identifier names. */
export function identifyStudent(identifier: string, colours: { a: Rgb | null; b: Rgb | null }): Identification {
  const named = colourNamed(identifier);
  if (!named) return { kind: 'no-colour' };
  if (!colours.a || !colours.b) return { kind: 'ambiguous', colourWord: named.word };
  const toA = perceived(colours.a, named.rgb);
  const toB = perceived(colours.b, named.rgb);
  if (toA < toB * MARGIN) return { kind: 'identified', student: 'a', colourWord: named.word };
  if (toB < toA * MARGIN) return { kind: 'identified', student: 'b', colourWord: named.word };
  return { kind: 'ambiguous', colourWord: named.word };
}

/**
 * The mean colour of a torso: the pixels of the quadrilateral between the shoulders and the hips,
 * sampled on a small grid (the cloth, not the background). Null when those joints were not seen.
 */
export function torsoColour(
  frame: { width: number; height: number; rgb: Uint8Array },
  corners: ReadonlyArray<{ x: number; y: number; score: number }>,
): Rgb | null {
  if (corners.length !== 4 || corners.some((corner) => corner.score < 0.3)) return null;
  const [leftShoulder, rightShoulder, leftHip, rightHip] = corners;
  if (!leftShoulder || !rightShoulder || !leftHip || !rightHip) return null;
  let r = 0;
  let g = 0;
  let b = 0;
  let count = 0;
  const steps = 6;
  // Inside the torso only: from a quarter to three quarters across and down.
  for (let i = 1; i < steps; i++) {
    for (let j = 1; j < steps; j++) {
      const u = 0.25 + (0.5 * i) / steps;
      const v = 0.25 + (0.5 * j) / steps;
      const topX = leftShoulder.x + (rightShoulder.x - leftShoulder.x) * u;
      const topY = leftShoulder.y + (rightShoulder.y - leftShoulder.y) * u;
      const bottomX = leftHip.x + (rightHip.x - leftHip.x) * u;
      const bottomY = leftHip.y + (rightHip.y - leftHip.y) * u;
      const x = Math.round((topX + (bottomX - topX) * v) * (frame.width - 1));
      const y = Math.round((topY + (bottomY - topY) * v) * (frame.height - 1));
      if (x < 0 || y < 0 || x >= frame.width || y >= frame.height) continue;
      const offset = (y * frame.width + x) * 3;
      r += frame.rgb[offset] ?? 0;
      g += frame.rgb[offset + 1] ?? 0;
      b += frame.rgb[offset + 2] ?? 0;
      count++;
    }
  }
  return count > 0 ? [r / count, g / count, b / count] : null;
}
