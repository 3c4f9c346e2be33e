/**
 * Which track is the student the uploader named in `studentIdentifier` ("blue gi", "white rash guard",
 * "czarne kimono")? The only clue a camera gives is what they wear, so a colour word in the identifier
 * is compared with the mean torso colour of each athlete. Without a colour word, or when both athletes
 * look alike in that respect, the analysis says it could not tell.
 */

type Rgb = readonly [number, number, number];

/**
 * Colour words, with a typical cloth colour: English words whole, Polish adjective stems that take an
 * adjective ending ("czarn" + "ym" = czarnym), with and without diacritics, so that a name that merely
 * starts like one ("Bianca", "Szarlota") is not a colour.
 */
const COLOURS: ReadonlyArray<{ english: readonly string[]; polish: readonly string[]; rgb: Rgb }> = [
  { english: ['white'], polish: ['biał', 'bial'], rgb: [235, 235, 230] },
  { english: ['black'], polish: ['czarn'], rgb: [25, 25, 30] },
  { english: ['blue', 'navy'], polish: ['niebiesk', 'granatow'], rgb: [35, 65, 150] },
  { english: ['red'], polish: ['czerwon'], rgb: [190, 30, 35] },
  { english: ['green'], polish: ['zielon'], rgb: [40, 130, 60] },
  { english: ['yellow'], polish: ['żółt', 'zolt'], rgb: [225, 200, 40] },
  { english: ['grey', 'gray'], polish: ['szar'], rgb: [128, 128, 128] },
  { english: ['pink'], polish: ['różow', 'rozow'], rgb: [230, 130, 170] },
  { english: ['purple'], polish: ['fioletow'], rgb: [110, 50, 140] },
  { english: ['brown'], polish: ['brązow', 'brazow'], rgb: [110, 70, 40] },
  { english: ['orange'], polish: ['pomarańczow', 'pomaranczow'], rgb: [235, 120, 30] },
];

/** The endings of a Polish adjective, in every gender, number and case (with and without diacritics). */
const POLISH_ENDINGS = new Set([
  ...['y', 'a', 'e', 'i', 'o', 'ego', 'ej', 'emu', 'ym', 'im', 'ych', 'ich', 'ymi', 'imi', 'ą', 'ę'],
  // After k and g: niebieski, niebieskie, niebieskiego.
  ...['ie', 'iego', 'iej', 'iemu'],
]);

/** Words that make the colour before them a belt's: a belt shows little of a person on camera. */
const BELT_WORDS = /^(belt|belts|pas|pasa|pasem|pasie|pasek|paskiem)$/;

function colourOf(word: string): Rgb | null {
  for (const colour of COLOURS) {
    if (colour.english.includes(word)) return colour.rgb;
    for (const stem of colour.polish) {
      if (word.startsWith(stem) && POLISH_ENDINGS.has(word.slice(stem.length))) return colour.rgb;
    }
  }
  return null;
}

/**
 * The colour of what the student wears, as the identifier names it: "blue belt, white gi" is the white
 * one, since the belt's colour is a rank, not the clothes. An identifier that names only a belt colour,
 * or none, names no colour to look for.
 */
export function colourNamed(identifier: string): { word: string; rgb: Rgb } | null {
  const words = identifier
    .toLocaleLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  for (const [index, word] of words.entries()) {
    const rgb = colourOf(word);
    if (!rgb) continue;
    // "blue belt", "niebieski pas", "z niebieskim pasem": the next word, or the one after an "and".
    const next = words[index + 1] ?? '';
    const afterNext = words[index + 2] ?? '';
    if (BELT_WORDS.test(next) || (colourOf(next) !== null && BELT_WORDS.test(afterNext))) continue;
    return { word, rgb };
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
