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
  /** The most athletes chosen in one frame (0, 1 or 2): bystanders and spectators are not counted. */
  readonly athletesFound: number;
  /** The mean torso colour of each track over the roll, for telling the student from the partner. */
  readonly colours: {
    readonly a: readonly [number, number, number] | null;
    readonly b: readonly [number, number, number] | null;
  };
}

/** The people of a frame that may be an athlete: the likeliest six (all MoveNet reports). */
const CANDIDATES = 6;
/** A person the pose model is sure of; a weaker detection is an athlete only as one of a tangled pair. */
const SURE = 0.25;
/** Two people this close (gap between their boxes, in body sizes) are in contact: a pair. */
const TOUCHING = 0.25;
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

/** The gap between two people's boxes, in their mean body size (0 when the boxes overlap). */
function gapBetween(one: Skeleton, other: Skeleton): number {
  const across = Math.max(
    0,
    Math.max(one.box.x, other.box.x) - Math.min(one.box.x + one.box.width, other.box.x + other.box.width),
  );
  const down = Math.max(
    0,
    Math.max(one.box.y, other.box.y) - Math.min(one.box.y + one.box.height, other.box.y + other.box.height),
  );
  return Math.hypot(across, down) / ((sizeOf(one) + sizeOf(other)) / 2);
}

/** One way of reading a frame: the one or two people taken as the athletes, and where they are. */
interface Option {
  readonly people: readonly SeenPerson[];
  readonly centre: { x: number; y: number };
  /** How much the frame alone says for it: size, contact, the middle of the shot, the model's score, movement. */
  readonly score: number;
}

/** How far (in body sizes) the nearest person of the neighbouring frames is: a bystander barely moves. */
function movement(person: SeenPerson, neighbours: ReadonlyArray<readonly SeenPerson[]>): number | null {
  const centre = centreOf(person);
  const distances = neighbours.flatMap((people) =>
    people.length === 0
      ? []
      : [Math.min(...people.map((other) => Math.hypot(centreOf(other).x - centre.x, centreOf(other).y - centre.y)))],
  );
  return distances.length === 0 ? null : Math.min(...distances) / sizeOf(person);
}

/**
 * The ways a frame can be read, each scored on the frame alone: a pair (one of them sure, or both weaker
 * but tangled together), a lone sure person, or nobody. Bigger, closer to each other and to the middle
 * of the shot, and moving, is likelier the pair that is rolling; never the order the model listed them.
 */
function optionsOf(people: readonly SeenPerson[], neighbours: ReadonlyArray<readonly SeenPerson[]>): Option[] {
  const candidates = [...people].sort((x, y) => y.score - x.score).slice(0, CANDIDATES);
  const largest = Math.max(0.05, ...candidates.map(sizeOf));
  const single = (person: SeenPerson) => {
    const centre = centreOf(person);
    const moved = movement(person, neighbours);
    return {
      size: sizeOf(person) / largest,
      middle: 1 - Math.min(1, 2 * Math.hypot(centre.x - 0.5, centre.y - 0.5)),
      moving: moved === null ? 0.5 : Math.min(1, moved / 0.3),
    };
  };
  const options: Option[] = [{ people: [], centre: { x: 0.5, y: 0.5 }, score: 0 }];
  for (const [i, one] of candidates.entries()) {
    const first = single(one);
    if (one.score >= SURE) {
      options.push({
        people: [one],
        centre: centreOf(one),
        score: 0.5 * (first.size + 0.5 * first.middle + 0.5 * one.score + 0.3 * first.moving),
      });
    }
    for (const other of candidates.slice(i + 1)) {
      const gap = gapBetween(one, other);
      if (Math.max(one.score, other.score) < SURE && gap > TOUCHING) continue;
      const second = single(other);
      const [x, y] = [centreOf(one), centreOf(other)];
      options.push({
        people: [one, other],
        centre: { x: (x.x + y.x) / 2, y: (x.y + y.y) / 2 },
        score:
          (first.size + second.size) / 2 +
          Math.exp(-gap / 0.5) +
          0.25 * (first.middle + second.middle) +
          0.25 * (one.score + other.score) +
          0.15 * (first.moving + second.moving),
      });
    }
  }
  return options;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0.5;
}

/**
 * The athletes of every frame, chosen over the whole clip: first each frame on its own, then again with
 * the place where the action is (the median of those first choices, and the last frame's pair) counting,
 * so that a pair rolling behind or a passer-by near the middle does not take over for a frame.
 */
function chooseAthletes(frames: readonly SeenFrame[]): Array<readonly SeenPerson[]> {
  const options = frames.map((frame, t) =>
    optionsOf(
      frame.people,
      [frames[t - 1]?.people ?? [], frames[t + 1]?.people ?? []].filter((p) => p.length > 0),
    ),
  );
  const best = (choices: readonly Option[], bonus: (option: Option) => number) =>
    choices.reduce((top, option) => (option.score + bonus(option) > top.score + bonus(top) ? option : top));
  const first = options.map((choices) => best(choices, () => 0)).filter((option) => option.people.length === 2);
  const action =
    first.length > 0 ? { x: median(first.map((o) => o.centre.x)), y: median(first.map((o) => o.centre.y)) } : null;
  const near = (option: Option, place: { x: number; y: number } | null) =>
    place === null || option.people.length === 0
      ? 0
      : Math.max(0, 1 - Math.hypot(option.centre.x - place.x, option.centre.y - place.y) / 0.3);
  let previous: { x: number; y: number } | null = null;
  return options.map((choices) => {
    const chosen = best(choices, (option) => 0.5 * near(option, action) + 0.5 * near(option, previous));
    if (chosen.people.length > 0) previous = chosen.centre;
    return chosen.people;
  });
}

/**
 * Follows the two athletes through the roll. The athletes of each frame are chosen over the whole clip
 * (`chooseAthletes`); they are then given to the two tracks by the cheapest assignment of movement (in
 * body sizes) and clothing colour, so identities hold through a tangle where the skeletons cross. A
 * referee, a spectator or another pair is left out, and a hidden athlete is simply missing until seen again.
 */
export function trackAthletes(frames: readonly SeenFrame[]): TrackingResult {
  let a: Track | null = null;
  let b: Track | null = null;
  let mostPeople = 0;
  let athletesFound = 0;
  const tracked: TrackedFrame[] = [];
  const chosen = chooseAthletes(frames);
  for (const [t, frame] of frames.entries()) {
    const people = chosen[t] ?? [];
    mostPeople = Math.max(mostPeople, frame.people.length);
    athletesFound = Math.max(athletesFound, people.length);
    if (!a || !b) {
      // The tracks start with the first frame that shows the pair, left to right.
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
    athletesFound,
    colours: { a: a?.colour ?? null, b: b?.colour ?? null },
  };
}

/** The cheapest way to give the frame's athletes (already chosen, at most two) to the two tracks. */
function bestAssignment(
  a: Track,
  b: Track,
  people: readonly SeenPerson[],
): { a: SeenPerson | null; b: SeenPerson | null } {
  const [first, second] = people;
  if (!first) return { a: null, b: null };
  if (!second) return cost(a, first) <= cost(b, first) ? { a: first, b: null } : { a: null, b: first };
  return cost(a, first) + cost(b, second) <= cost(a, second) + cost(b, first)
    ? { a: first, b: second }
    : { a: second, b: first };
}

/** The frames before the next one that tell where the athletes are: a few seconds of the roll. */
const FOCUS_WINDOW = 8;

/**
 * Where the two athletes were in the latest frames (the box round both, fractions of the frame), chosen
 * as `trackAthletes` chooses them over the last few frames; null when no frame of those showed both.
 * The pose stage looks there more closely in the next frame (repositories/pose.repository.ts).
 */
export function athletesFocus(frames: readonly SeenFrame[]): Skeleton['box'] | null {
  const recent = trackAthletes(frames.slice(-FOCUS_WINDOW)).frames;
  for (let t = recent.length - 1; t >= 0; t--) {
    const { a, b } = recent[t] ?? { a: null, b: null };
    if (!a || !b) continue;
    const left = Math.min(a.box.x, b.box.x);
    const top = Math.min(a.box.y, b.box.y);
    const right = Math.max(a.box.x + a.box.width, b.box.x + b.box.width);
    const bottom = Math.max(a.box.y + a.box.height, b.box.y + b.box.height);
    return { x: left, y: top, width: right - left, height: bottom - top };
  }
  return null;
}
