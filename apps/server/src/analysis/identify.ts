/**
 * Which track is the student the uploader named in `studentIdentifier` ("blue gi", "white rash guard",
 * "czarne kimono")? The only clue a camera gives is what they wear, so a colour word in the identifier
 * is compared with the mean torso colour of each athlete (their sleeves' and trouser legs' where the
 * torso was never seen, `limbColour`). Without a colour word, when both athletes look
 * alike in that respect, or when the colour's hue and its nearness point at different athletes, the analysis
 * says it could not tell (never that the two look alike: it cannot know which of these it was).
 */

type Rgb = readonly [number, number, number];

/** The colours the identifier may name, by their English name: how the analysis keeps the decision. */
export const COLOUR_NAMES = [
  'white',
  'black',
  'blue',
  'red',
  'green',
  'yellow',
  'grey',
  'pink',
  'purple',
  'brown',
  'orange',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/**
 * Colour words, with a typical cloth colour: English words whole, Polish adjective stems that take an
 * adjective ending ("czarn" + "ym" = czarnym), with and without diacritics, so that a name that merely
 * starts like one ("Bianca", "Szarlota") is not a colour. Each is one of `COLOUR_NAMES`, which the
 * findings write in their reader's language ("niebieskim" is "blue" to an English reader).
 */
const COLOURS: ReadonlyArray<{ name: ColourName; english: readonly string[]; polish: readonly string[]; rgb: Rgb }> = [
  { name: 'white', english: ['white'], polish: ['biał', 'bial'], rgb: [235, 235, 230] },
  { name: 'black', english: ['black'], polish: ['czarn'], rgb: [25, 25, 30] },
  { name: 'blue', english: ['blue', 'navy'], polish: ['niebiesk', 'granatow'], rgb: [35, 65, 150] },
  { name: 'red', english: ['red'], polish: ['czerwon'], rgb: [190, 30, 35] },
  { name: 'green', english: ['green'], polish: ['zielon'], rgb: [40, 130, 60] },
  { name: 'yellow', english: ['yellow'], polish: ['żółt', 'zolt'], rgb: [225, 200, 40] },
  { name: 'grey', english: ['grey', 'gray'], polish: ['szar'], rgb: [128, 128, 128] },
  { name: 'pink', english: ['pink'], polish: ['różow', 'rozow'], rgb: [230, 130, 170] },
  { name: 'purple', english: ['purple'], polish: ['fioletow'], rgb: [110, 50, 140] },
  { name: 'brown', english: ['brown'], polish: ['brązow', 'brazow'], rgb: [110, 70, 40] },
  { name: 'orange', english: ['orange'], polish: ['pomarańczow', 'pomaranczow'], rgb: [235, 120, 30] },
];

/** The endings of a Polish adjective, in every gender, number and case (with and without diacritics). */
const POLISH_ENDINGS = new Set([
  ...['y', 'a', 'e', 'i', 'o', 'ego', 'ej', 'emu', 'ym', 'im', 'ych', 'ich', 'ymi', 'imi', 'ą', 'ę'],
  // After k and g: niebieski, niebieskie, niebieskiego.
  ...['ie', 'iego', 'iej', 'iemu'],
]);

/** Words that make the colour before them a belt's: a belt shows little of a person on camera. */
const BELT_WORDS = /^(belt|belts|pas|pasa|pasem|pasie|pasek|paskiem)$/;

function colourOf(word: string): (typeof COLOURS)[number] | null {
  for (const colour of COLOURS) {
    if (colour.english.includes(word)) return colour;
    for (const stem of colour.polish) {
      if (word.startsWith(stem) && POLISH_ENDINGS.has(word.slice(stem.length))) return colour;
    }
  }
  return null;
}

/**
 * The colour of what the student wears, as the identifier names it: "blue belt, white gi" is the white
 * one, since the belt's colour is a rank, not the clothes. An identifier that names only a belt colour,
 * or none, names no colour to look for.
 */
export function colourNamed(identifier: string): { word: string; name: ColourName; rgb: Rgb } | null {
  const words = identifier
    .toLocaleLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  for (const [index, word] of words.entries()) {
    const colour = colourOf(word);
    if (!colour) continue;
    // "blue belt", "niebieski pas", "z niebieskim pasem": the next word, or the one after an "and".
    const next = words[index + 1] ?? '';
    const afterNext = words[index + 2] ?? '';
    if (BELT_WORDS.test(next) || (colourOf(next) !== null && BELT_WORDS.test(afterNext))) continue;
    return { word, name: colour.name, rgb: colour.rgb };
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

/** CIE L*a*b* (D65) of an sRGB colour: lightness 0 to 100, and a*, b* the colour's direction and strength. */
function lab([red, green, blue]: Rgb): readonly [number, number, number] {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [linear(red), linear(green), linear(blue)];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/**
 * A difference of colour people see plainly (CIE76 ΔE; about 2 is the least anybody notices, 10 is two
 * colours nobody would call the same).
 */
const PLAIN_DIFFERENCE = 10;

/**
 * How far a colour leans towards a hue (a* and b* projected on that hue's direction), in ΔE units. A gym's
 * light, the camera's exposure and the video's compression darken cloth and wash it out, but they keep its
 * hue: a red shirt under dim light is a dark brownish red, still redder than the black shirt beside it.
 */
function leaning(colour: Rgb, hue: readonly [number, number]): number {
  const [, a, b] = lab(colour);
  return (a * hue[0] + b * hue[1]) / Math.max(1e-9, Math.hypot(hue[0], hue[1]));
}

/** How strongly a colour shows any hue at all (CIE chroma), in ΔE units. */
function chroma(colour: Rgb): number {
  const [, a, b] = lab(colour);
  return Math.hypot(a, b);
}

/**
 * How much darker (black) or lighter (white) than the other the athlete named must be, in CIE lightness
 * (0 to 100), where hue cannot tell them. Black and white cloth in the same light lie 50 or more apart; the
 * shadow of the partner or of the room and the camera's exposure move one athlete by up to a fifth of the
 * scale. Twice the plain difference of colour, as for a colour without hue.
 */
const PLAIN_LIGHTNESS = 2 * PLAIN_DIFFERENCE;

/** A colour word without a hue: white, black and grey. */
const hueless = (named: Rgb) => chroma(named) < 2 * PLAIN_DIFFERENCE;

/**
 * For a colour word with a hue (not white, black or grey): the athlete who leans plainly more towards that
 * hue than the other, and plainly towards it at all; null when neither does.
 */
function byHue(named: Rgb, colours: { a: Rgb; b: Rgb }): 'a' | 'b' | null {
  if (hueless(named)) return null;
  const [, a, b] = lab(named);
  const toA = leaning(colours.a, [a, b]);
  const toB = leaning(colours.b, [a, b]);
  if (toA >= PLAIN_DIFFERENCE && toA - toB >= PLAIN_DIFFERENCE) return 'a';
  if (toB >= PLAIN_DIFFERENCE && toB - toA >= PLAIN_DIFFERENCE) return 'b';
  return null;
}

/** Whether a colour plainly shows any hue at all. */
const showsAnyHue = (colour: Rgb) => chroma(colour) >= PLAIN_DIFFERENCE;

/** Whether `colour` plainly shows a hue and `other` plainly less of one. */
function plainlyMoreHue(colour: Rgb, other: Rgb): boolean {
  return showsAnyHue(colour) && chroma(colour) - chroma(other) >= PLAIN_DIFFERENCE;
}

/** Whether a colour leans plainly towards the hue of `named`; always true for white, black and grey. */
function showsHue(named: Rgb, colour: Rgb): boolean {
  const [, a, b] = lab(named);
  return hueless(named) || leaning(colour, [a, b]) >= PLAIN_DIFFERENCE;
}

/** Who the identifier names, and by which colour (`colour`: the decision, written in the reader's language). */
export type Identification =
  | { kind: 'identified'; student: 'a' | 'b'; colour: ColourName }
  | { kind: 'no-colour' }
  | { kind: 'ambiguous'; colour: ColourName }
  /** One athlete's clothes (or both athletes') were never seen well enough to measure their colour. */
  | { kind: 'unseen'; colour: ColourName };

/** Tells which track wears the colour the identifier names. */
export function identifyStudent(identifier: string, colours: { a: Rgb | null; b: Rgb | null }): Identification {
  const named = colourNamed(identifier);
  if (!named) return { kind: 'no-colour' };
  // Nothing to compare with is not two athletes who look alike: it says so.
  if (!colours.a || !colours.b) return { kind: 'unseen', colour: named.name };
  const toA = perceived(colours.a, named.rgb);
  const toB = perceived(colours.b, named.rgb);
  const nearer = toA < toB * MARGIN ? 'a' : toB < toA * MARGIN ? 'b' : null;
  // The hue is the better clue where the light has darkened both athletes; where the two clues disagree,
  // the analysis cannot tell.
  const hue = byHue(named.rgb, { a: colours.a, b: colours.b });
  const student = hue !== null && nearer !== null && hue !== nearer ? null : (hue ?? nearer);
  // A colour with a hue must show on the one it names: of two white gis neither is "the blue one", however
  // much nearer to blue one of them is.
  if (student === null) return { kind: 'ambiguous', colour: named.name };
  const [theirs, others] = student === 'a' ? [colours.a, colours.b] : [colours.b, colours.a];
  if (!showsHue(named.rgb, theirs)) return { kind: 'ambiguous', colour: named.name };
  // And black never names the one of the two whose clothes plainly show a hue the other's do not: of a dim
  // red shirt and a dark grey one, the red may be the darker, yet it is not "the black one" (nearness alone
  // names it, and "red" names it too: one athlete for both words). Not for white or grey: warm or cold light
  // tints a white gi as much, while dark cloth shows a hue only when it is dyed.
  if (named.name === 'black' && plainlyMoreHue(theirs, others)) return { kind: 'ambiguous', colour: named.name };
  // Where neither shows a hue, black and white are a matter of lightness alone, and light makes much of
  // that: of two white gis, the one in shadow is nearer to black. So the one named must be plainly darker
  // (black) or lighter (white) than the other, by more than light moves a gi across one shot.
  if ((named.name === 'black' || named.name === 'white') && !showsAnyHue(theirs) && !showsAnyHue(others)) {
    const lighter = lab(theirs)[0] - lab(others)[0];
    if ((named.name === 'black' ? -lighter : lighter) < PLAIN_LIGHTNESS) {
      return { kind: 'ambiguous', colour: named.name };
    }
  }
  return { kind: 'identified', student, colour: named.name };
}

/** A torso corner the pose stage is sure enough of to sample the cloth round it. */
const SURE_CORNER = 0.3;

/**
 * The four corners of a torso (left and right shoulder, left and right hip), with one the pose stage missed
 * put where the other three place it: a torso is close to a parallelogram, so a hidden corner is the
 * opposite one moved by the two beside it. Tangled athletes often show three corners (a hip under the
 * partner's leg); two missing leave too little to tell cloth from background. Null then.
 */
function torsoCorners(
  corners: ReadonlyArray<{ x: number; y: number; score: number }>,
  oneHidden: boolean,
): Array<{ x: number; y: number }> | null {
  if (corners.length !== 4) return null;
  const seen = corners.map((corner) => corner.score >= SURE_CORNER);
  const missing = seen.indexOf(false);
  if (seen.filter((sure) => !sure).length > (oneHidden ? 1 : 0)) return null;
  const points = corners.map(({ x, y }) => ({ x, y }));
  if (missing < 0) return points;
  // Left shoulder 0, right shoulder 1, left hip 2, right hip 3: each corner's neighbours and opposite.
  const [beside, across, opposite] = (
    [
      [1, 2, 3],
      [0, 3, 2],
      [0, 3, 1],
      [1, 2, 0],
    ] as const
  )[missing] ?? [1, 2, 3];
  const one = points[beside];
  const other = points[across];
  const far = points[opposite];
  if (!one || !other || !far) return null;
  points[missing] = { x: one.x + other.x - far.x, y: one.y + other.y - far.y };
  return points;
}

/** The fewest limbs (upper arms and thighs) seen whole for their colour to stand for the clothes. */
const LIMBS_FOR_CLOTHES = 2;

/**
 * What an athlete wears, read from the upper arms and thighs when the torso is hidden (the athlete under
 * a mount, the one behind in a back control): the middle of each of those limbs whose two ends the pose
 * stage is sure of, from a quarter to two thirds of the way down, where sleeves and trouser legs, and
 * shorts on the thigh, are. The median of each channel over those pixels, so that a sample that falls
 * on the mat or on the partner does not move it; null with fewer than two such limbs. `limbs` are the
 * two ends of each limb (shoulder and elbow, hip and knee).
 */
export function limbColour(
  frame: { width: number; height: number; rgb: Uint8Array },
  limbs: ReadonlyArray<readonly [{ x: number; y: number; score: number }, { x: number; y: number; score: number }]>,
): Rgb | null {
  const seen = limbs.filter(([from, to]) => from.score >= SURE_CORNER && to.score >= SURE_CORNER);
  if (seen.length < LIMBS_FOR_CLOTHES) return null;
  const channels: [number[], number[], number[]] = [[], [], []];
  for (const [from, to] of seen) {
    for (let k = 0; k <= 4; k++) {
      const along = 0.25 + ((2 / 3 - 0.25) * k) / 4;
      const x = Math.round((from.x + (to.x - from.x) * along) * (frame.width - 1));
      const y = Math.round((from.y + (to.y - from.y) * along) * (frame.height - 1));
      if (x < 0 || y < 0 || x >= frame.width || y >= frame.height) continue;
      const offset = (y * frame.width + x) * 3;
      for (const [c, values] of channels.entries()) values.push(frame.rgb[offset + c] ?? 0);
    }
  }
  if (channels[0].length === 0) return null;
  const middle = (values: number[]) => {
    const sorted = [...values].sort((one, other) => one - other);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return [middle(channels[0]), middle(channels[1]), middle(channels[2])];
}

/**
 * The mean colour of a torso: the pixels of the quadrilateral between the shoulders and the hips,
 * sampled on a small grid (the cloth, not the background). Null when those joints were not seen; with
 * `oneHidden`, when fewer than three were (`torsoCorners`). Tracking follows identities by the strict
 * colour, whose four corners were all seen; what an athlete wears, for telling the student from the
 * partner, may take the torso with one corner hidden, since tangled athletes rarely show all four.
 */
export function torsoColour(
  frame: { width: number; height: number; rgb: Uint8Array },
  corners: ReadonlyArray<{ x: number; y: number; score: number }>,
  { oneHidden = false }: { oneHidden?: boolean } = {},
): Rgb | null {
  const torso = torsoCorners(corners, oneHidden);
  if (torso === null) return null;
  const [leftShoulder, rightShoulder, leftHip, rightHip] = torso;
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
