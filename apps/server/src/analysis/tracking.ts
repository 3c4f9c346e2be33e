import { keypointIndex, type Skeleton } from './skeleton.js';

/** A person the pose stage found, with the mean colour of their torso (what they wear), when visible. */
export interface SeenPerson extends Skeleton {
  /** Mean RGB (0-255) of the torso, or null when the shoulders and hips were not seen. */
  readonly colour: readonly [number, number, number] | null;
}

export interface SeenFrame {
  readonly time: number;
  readonly people: readonly SeenPerson[];
}

/** The two athletes of one frame, as tracks `a` and `b`; either may be missing (hidden, out of shot). */
export interface TrackedFrame {
  readonly time: number;
  readonly a: SeenPerson | null;
  readonly b: SeenPerson | null;
}

export interface TrackingResult {
  readonly frames: readonly TrackedFrame[];
  /** The most people seen in one frame. */
  readonly mostPeople: number;
  /** The mean torso colour of each track over the roll, for telling the student from the partner. */
  readonly colours: {
    readonly a: readonly [number, number, number] | null;
    readonly b: readonly [number, number, number] | null;
  };
}

/** The people who matter in a frame: the four likeliest, which leaves out spectators at the edge of the shot. */
const CANDIDATES = 4;
/** A match further than this (in body sizes, with the colour term) is not the same athlete. */
const MAX_COST = 2.5;
/** How much a colour difference (0 to 1) weighs against a move of one body size. */
const COLOUR_WEIGHT = 1.5;

interface Track {
  centre: { x: number; y: number };
  size: number;
  colour: [number, number, number] | null;
  colourWeight: number;
}

function centreOf(person: Skeleton): { x: number; y: number } {
  const hips = [keypointIndex('leftHip'), keypointIndex('rightHip')]
    .map((index) => person.keypoints[index])
    .filter((point) => point !== undefined && point.score >= 0.3);
  if (hips.length > 0) {
    return {
      x: hips.reduce((sum, point) => sum + (point?.x ?? 0), 0) / hips.length,
      y: hips.reduce((sum, point) => sum + (point?.y ?? 0), 0) / hips.length,
    };
  }
  return { x: person.box.x + person.box.width / 2, y: person.box.y + person.box.height / 2 };
}

const sizeOf = (person: Skeleton) => Math.max(0.05, Math.hypot(person.box.width, person.box.height) / 2);

function colourDistance(
  first: readonly [number, number, number] | null,
  second: readonly [number, number, number] | null,
): number {
  if (!first || !second) return 0.25;
  return Math.hypot(first[0] - second[0], first[1] - second[1], first[2] - second[2]) / (255 * Math.sqrt(3));
}

function cost(track: Track, person: SeenPerson): number {
  const centre = centreOf(person);
  const moved = Math.hypot(centre.x - track.centre.x, centre.y - track.centre.y) / Math.max(track.size, sizeOf(person));
  return moved + COLOUR_WEIGHT * colourDistance(track.colour, person.colour);
}

function follow(track: Track, person: SeenPerson): void {
  track.centre = centreOf(person);
  track.size = sizeOf(person);
  if (person.colour) {
    // A running mean: one frame's lighting does not repaint the athlete.
    const weight = track.colourWeight;
    const [r0, g0, b0] = track.colour ?? person.colour;
    const [r1, g1, b1] = person.colour;
    const mix = (before: number, now: number) => (before * weight + now) / (weight + 1);
    track.colour = [mix(r0, r1), mix(g0, g1), mix(b0, b1)];
    track.colourWeight = Math.min(weight + 1, 50);
  }
}

function newTrack(person: SeenPerson): Track {
  return {
    centre: centreOf(person),
    size: sizeOf(person),
    colour: person.colour ? [...person.colour] : null,
    colourWeight: person.colour ? 1 : 0,
  };
}

const prominence = (person: Skeleton) => person.score * person.box.width * person.box.height;

/**
 * Follows the two athletes through the roll. Each frame's people are matched to the two tracks by the
 * cheapest assignment of movement (in body sizes) and clothing colour, so identities hold through a
 * tangle where the skeletons cross; someone too far from both tracks (a referee, a spectator) is left
 * out, and a hidden athlete is simply missing until seen again.
 */
export function trackAthletes(frames: readonly SeenFrame[]): TrackingResult {
  let a: Track | null = null;
  let b: Track | null = null;
  let mostPeople = 0;
  const tracked: TrackedFrame[] = [];
  for (const frame of frames) {
    const people = [...frame.people].sort((x, y) => prominence(y) - prominence(x)).slice(0, CANDIDATES);
    mostPeople = Math.max(mostPeople, frame.people.length);
    if (!a || !b) {
      // The tracks start with the first frame that shows two people, left to right.
      const [first, second] = people;
      if (first && second) {
        const [left, right] = centreOf(first).x <= centreOf(second).x ? [first, second] : [second, first];
        a = newTrack(left);
        b = newTrack(right);
        tracked.push({ time: frame.time, a: left, b: right });
      } else {
        tracked.push({ time: frame.time, a: first ?? null, b: null });
      }
      continue;
    }
    const match = bestAssignment(a, b, people);
    if (match.a) follow(a, match.a);
    if (match.b) follow(b, match.b);
    tracked.push({ time: frame.time, a: match.a, b: match.b });
  }
  return {
    frames: tracked,
    mostPeople,
    colours: { a: a?.colour ?? null, b: b?.colour ?? null },
  };
}

/** The cheapest way to give the frame's people to the two tracks, each to at most one. */
function bestAssignment(
  a: Track,
  b: Track,
  people: readonly SeenPerson[],
): { a: SeenPerson | null; b: SeenPerson | null } {
  let best: { a: SeenPerson | null; b: SeenPerson | null; cost: number } = { a: null, b: null, cost: 2 * MAX_COST };
  const options: Array<SeenPerson | null> = [null, ...people];
  for (const forA of options) {
    const costA = forA ? cost(a, forA) : MAX_COST;
    if (costA > MAX_COST) continue;
    for (const forB of options) {
      if (forB && forB === forA) continue;
      const costB = forB ? cost(b, forB) : MAX_COST;
      if (costB > MAX_COST) continue;
      if (costA + costB < best.cost) best = { a: forA, b: forB, cost: costA + costB };
    }
  }
  return { a: best.a, b: best.b };
}
