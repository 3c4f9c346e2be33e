import { keypointIndex, type Skeleton } from './skeleton.js';

/** A person the pose stage found, with the mean colour of their torso (what they wear), when visible. */
export interface SeenPerson extends Skeleton {
  /** Mean RGB (0-255) of the torso, or null when the shoulders and hips were not seen. */
  readonly colour: readonly [number, number, number] | null;
  /**
   * What they wear, for telling the student from the partner: the torso's colour even with one of its
   * corners hidden (null with two). Absent: `colour`.
   */
  readonly clothes?: readonly [number, number, number] | null;
  /**
   * What the upper arms and thighs show (`limbColour`), measured only where the torso could not be
   * (`clothes` null): what a track wears when its torso is never seen, as under a mount.
   */
  readonly limbs?: readonly [number, number, number] | null;
}

export interface SeenFrame {
  readonly time: number;
  readonly people: readonly SeenPerson[];
  /**
   * The picture is the frame before's (nothing in it moved: a still made into a video, a frozen stretch),
   * and so are its people: it says nothing more about who moves or who stays together.
   */
  readonly repeat?: boolean;
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
  /**
   * What each track wears (its mean torso colour over the roll, `SeenPerson.clothes`; its sleeves' and
   * trouser legs' where its torso was never seen), for telling the student from the partner.
   */
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

/** A running mean of a colour over the frames that showed it: one frame's lighting does not repaint the athlete. */
interface MeanColour {
  colour: [number, number, number] | null;
  weight: number;
}

interface Track {
  centre: { x: number; y: number };
  size: number;
  /** The whole torso's colour (`SeenPerson.colour`), which the athlete is followed by. */
  colour: MeanColour;
  /** What the athlete wears (`SeenPerson.clothes`), for the result's `colours`. */
  clothes: MeanColour;
  /** What their sleeves and trouser legs show (`SeenPerson.limbs`), for a track whose torso is never seen. */
  limbs: MeanColour;
}

/** What a person wears, for telling the student apart: `clothes`, or the whole torso's colour where absent. */
const clothesOf = (person: SeenPerson) => (person.clothes === undefined ? person.colour : person.clothes);

function meanWith(mean: MeanColour, colour: readonly [number, number, number] | null | undefined): MeanColour {
  if (!colour) return mean;
  const [r0, g0, b0] = mean.colour ?? colour;
  const [r1, g1, b1] = colour;
  const mix = (before: number, now: number) => (before * mean.weight + now) / (mean.weight + 1);
  mean.colour = [mix(r0, r1), mix(g0, g1), mix(b0, b1)];
  mean.weight = Math.min(mean.weight + 1, 50);
  return mean;
}

/** A joint the pose model is sure of. */
const SEEN_JOINT = 0.3;

function centreOf(person: Skeleton): { x: number; y: number } {
  const hips = [keypointIndex('leftHip'), keypointIndex('rightHip')]
    .map((index) => person.keypoints[index])
    .filter((point) => point !== undefined && point.score >= SEEN_JOINT);
  if (hips.length > 0) {
    return {
      x: hips.reduce((sum, point) => sum + (point?.x ?? 0), 0) / hips.length,
      y: hips.reduce((sum, point) => sum + (point?.y ?? 0), 0) / hips.length,
    };
  }
  return { x: person.box.x + person.box.width / 2, y: person.box.y + person.box.height / 2 };
}

const sizeOf = (person: Skeleton) => Math.max(0.05, Math.hypot(person.box.width, person.box.height) / 2);

/**
 * How big a person looks by the joints the pose model is sure of (half the diagonal of their extent), not
 * by its box: a detection with one or two joints seen may carry a box as large as the pair it sits on,
 * and is no athlete to choose over a body seen whole. Zero with fewer than two joints seen.
 */
function seenSize(person: Skeleton): number {
  const seen = person.keypoints.filter((point) => point.score >= SEEN_JOINT);
  if (seen.length < 2) return 0;
  const xs = seen.map((point) => point.x);
  const ys = seen.map((point) => point.y);
  return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2;
}

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
  return moved + COLOUR_WEIGHT * colourDistance(track.colour.colour, person.colour);
}

function follow(track: Track, person: SeenPerson): void {
  track.centre = centreOf(person);
  track.size = sizeOf(person);
  meanWith(track.colour, person.colour);
  meanWith(track.clothes, clothesOf(person));
  meanWith(track.limbs, person.limbs);
}

function newTrack(person: SeenPerson): Track {
  return {
    centre: centreOf(person),
    size: sizeOf(person),
    colour: meanWith({ colour: null, weight: 0 }, person.colour),
    clothes: meanWith({ colour: null, weight: 0 }, clothesOf(person)),
    limbs: meanWith({ colour: null, weight: 0 }, person.limbs),
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

/** The people of a frame that may be an athlete, surest first. */
const candidatesOf = (people: readonly SeenPerson[]) =>
  [...people].sort((x, y) => y.score - x.score).slice(0, CANDIDATES);

/** A person may join a tracklet last seen this many frames before (hidden behind the partner, or missed). */
const LINK_GAP = 5;
/** The farthest (in body sizes) a person joins a tracklet: farther is somebody else, or a new tracklet. */
const LINK_REACH = 1;
/** The most a body's size changes between its frames; beyond, it is somebody else or a part of them. */
const LINK_GROWTH = 1.5;
/** A spread over the clip (in body sizes) that is plainly moving: a still person's hips jitter far less. */
const MOVING_SPREAD = 0.25;
/**
 * How far (a fraction of the frame) the pose model's joints of a still person wander from frame to frame:
 * a few pixels whatever the person's size, so a small person far away would look as if moving without it.
 */
const JITTER = 0.01;
/** Frames of evidence that count as much as the neutral guess (0.5) before any is seen. */
const PRIOR_FRAMES = 2;

/**
 * How close two people are, from 1 (touching) down to 0 (far apart; the contact term of a frame's pair
 * score), and whether they are as far from the camera: two people holding each other are at one depth,
 * so their bodies look the same size; someone sitting behind the pair may overlap them in the picture
 * but looks smaller. (Over a clip only: in one frame a body half seen looks smaller too.)
 */
const closeness = (one: Skeleton, other: Skeleton) =>
  (Math.exp(-gapBetween(one, other) / 0.5) * Math.min(sizeOf(one), sizeOf(other))) /
  Math.max(sizeOf(one), sizeOf(other));

/** Evidence shrunk towards the neutral 0.5 by how many frames it rests on: one frame says nothing more. */
const shrunk = (value: number, frames: number) => 0.5 + ((frames - 1) / (frames - 1 + PRIOR_FRAMES)) * (value - 0.5);

/**
 * What the whole clip says of each person, beyond their own frame. The people of consecutive frames are
 * linked into tracklets (the cheapest link first, greedily: within a body size, a few frames and a
 * similar size), and each tracklet is measured over all its frames: how much it moves and how close it
 * stays to each other tracklet. Two athletes grapple: they stay in contact frame after frame, at one
 * depth, and move over the clip. A bystander or a spectator barely moves; a passer-by moves but is near
 * the pair only while passing; a referee moves round the pair without holding on. These hold for any footage because
 * they follow from what grappling is, not from where a camera stands or how the model lists people; a
 * tracklet broken by a miss only has less evidence (`shrunk`), never evidence against it.
 */
interface FrameEvidence {
  /** How much the person's tracklet moves over the clip, 0 (still) to 1; 0.5 when nothing is known. */
  moving(person: SeenPerson): number;
  /**
   * How much the two people's tracklets are a rolling pair over the clip, 0 to 1.5; 0.5 when unknown:
   * their closeness over the frames both are seen (`closeness`), times a half plus the movement of the
   * one that moves more. Close and still says nothing either way (a pinned pair, or two bystanders side
   * by side: the frame decides), close and moving is a pair grappling (one may pivot in place while the
   * other is thrown), and apart is no pair, however much either moves (a passer-by, a referee).
   */
  together(one: SeenPerson, other: SeenPerson): number;
  /** How much the person's tracklet is half of a rolling pair (`together`) with its likeliest partner. */
  partnered(person: SeenPerson): number;
}

interface Tracklet {
  readonly track: Track;
  last: number;
  readonly centres: Array<{ x: number; y: number }>;
  readonly sizes: number[];
}

/** The clip's evidence on the people of frame `t` (the same person may be given in several frames). */
type ClipEvidence = (t: number) => FrameEvidence;

function clipEvidence(frames: readonly (readonly SeenPerson[])[], repeats: readonly boolean[]): ClipEvidence {
  const tracklets: Tracklet[] = [];
  // The tracklets a person may still join (seen within LINK_GAP frames), in the order they began: a long
  // video makes thousands of tracklets, and looking through them all at every frame grew with its square.
  let open: number[] = [];
  const ids = frames.map(() => new Map<SeenPerson, number>());
  for (const [t, people] of frames.entries()) {
    // A repeated picture's people are the frame before's, in the same tracklets, and add no evidence.
    if (repeats[t] === true && t > 0) {
      ids[t] = ids[t - 1] ?? new Map<SeenPerson, number>();
      continue;
    }
    const tracklet = ids[t] ?? new Map<SeenPerson, number>();
    open = open.filter((id) => (tracklets[id]?.last ?? -Infinity) >= t - LINK_GAP);
    const links = people.flatMap((person) =>
      open.flatMap((id) => {
        const candidate = tracklets[id];
        if (!candidate) return [];
        const centre = centreOf(person);
        const small = Math.min(candidate.track.size, sizeOf(person));
        const large = Math.max(candidate.track.size, sizeOf(person));
        const moved = Math.hypot(centre.x - candidate.track.centre.x, centre.y - candidate.track.centre.y) / small;
        return moved > LINK_REACH || large > LINK_GROWTH * small
          ? []
          : [{ person, id, cost: cost(candidate.track, person) }];
      }),
    );
    links.sort((x, y) => x.cost - y.cost);
    const taken = new Set<number>();
    for (const { person, id } of links) {
      if (tracklet.has(person) || taken.has(id)) continue;
      tracklet.set(person, id);
      taken.add(id);
    }
    for (const person of people) {
      let id = tracklet.get(person);
      if (id === undefined) {
        id = tracklets.push({ track: newTrack(person), last: t, centres: [], sizes: [] }) - 1;
        open.push(id);
      }
      tracklet.set(person, id);
      const joined = tracklets[id];
      if (!joined) continue;
      follow(joined.track, person);
      joined.last = t;
      joined.centres.push(centreOf(person));
      joined.sizes.push(sizeOf(person));
    }
  }

  // Movement: the mean distance from the tracklet's mean place, in its median body size. A spread, not a
  // path length, so that a still person's jitter does not add up over many frames.
  const moving = tracklets.map(({ centres, sizes }) => {
    const mean = {
      x: centres.reduce((sum, c) => sum + c.x, 0) / centres.length,
      y: centres.reduce((sum, c) => sum + c.y, 0) / centres.length,
    };
    const spread = centres.reduce((sum, c) => sum + Math.hypot(c.x - mean.x, c.y - mean.y), 0) / centres.length;
    return shrunk(Math.min(1, Math.max(0, spread - JITTER) / median(sizes) / MOVING_SPREAD), centres.length);
  });

  // The closeness of every two tracklets, summed over the frames that show both.
  const pairs = new Map<string, { one: number; other: number; sum: number; frames: number }>();
  const key = (one: number, other: number) => (one < other ? `${one}:${other}` : `${other}:${one}`);
  for (const [t, people] of frames.entries()) {
    if (repeats[t] === true && t > 0) continue;
    for (const [i, one] of people.entries()) {
      for (const other of people.slice(i + 1)) {
        const [first, second] = [ids[t]?.get(one) ?? -1, ids[t]?.get(other) ?? -1];
        const k = key(first, second);
        const seen = pairs.get(k) ?? { one: first, other: second, sum: 0, frames: 0 };
        pairs.set(k, { ...seen, sum: seen.sum + closeness(one, other), frames: seen.frames + 1 });
      }
    }
  }
  const togetherOf = (one: number, other: number) => {
    const seen = pairs.get(key(one, other));
    const close = seen ? shrunk(seen.sum / seen.frames, seen.frames) : 0.5;
    return close * (0.5 + Math.max(moving[one] ?? 0.5, moving[other] ?? 0.5));
  };
  // Each tracklet's likeliest partner: the best of the tracklets it was ever seen with (none: unknown).
  const partnered: Array<number | null> = tracklets.map(() => null);
  for (const { one, other } of pairs.values()) {
    if (one < 0 || other < 0 || one === other) continue;
    const together = togetherOf(one, other);
    for (const id of [one, other]) partnered[id] = Math.max(partnered[id] ?? 0, together);
  }
  return (t) => {
    const idOf = (person: SeenPerson) => ids[t]?.get(person) ?? -1;
    return {
      moving: (person) => moving[idOf(person)] ?? 0.5,
      together: (one, other) => togetherOf(idOf(one), idOf(other)),
      partnered: (person) => partnered[idOf(person)] ?? 0.5,
    };
  };
}

/**
 * The ways a frame can be read, each scored: a pair (one of them sure, or both weaker but tangled
 * together), a lone sure person, or nobody. Bigger, closer to each other and to the middle of the shot,
 * and moving over the clip, is likelier the pair that is rolling; never the order the model listed them.
 * The frame's score is then scaled by what the whole clip says (`FrameEvidence`, times two): a pair by
 * how much its two tracklets are a rolling pair, a lone person by how much theirs is half of one (the
 * athlete whose partner is hidden this frame). Evidence that says nothing (0.5: a still, a tracklet of
 * one frame) leaves the frame's score as it was; a scale rather than a bonus, because a bystander near
 * the middle can out-score a half-hidden pair on the frame by any fixed amount.
 */
function optionsOf(people: readonly SeenPerson[], clip: FrameEvidence): Option[] {
  const candidates = candidatesOf(people);
  const largest = Math.max(0.05, ...candidates.map(seenSize));
  const single = (person: SeenPerson) => {
    const centre = centreOf(person);
    return {
      size: seenSize(person) / largest,
      middle: 1 - Math.min(1, 2 * Math.hypot(centre.x - 0.5, centre.y - 0.5)),
      moving: clip.moving(person),
    };
  };
  const options: Option[] = [{ people: [], centre: { x: 0.5, y: 0.5 }, score: 0 }];
  for (const [i, one] of candidates.entries()) {
    const first = single(one);
    if (one.score >= SURE) {
      options.push({
        people: [one],
        centre: centreOf(one),
        score: 0.5 * (first.size + 0.5 * first.middle + 0.5 * one.score + 0.3 * first.moving) * 2 * clip.partnered(one),
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
          ((first.size + second.size) / 2 +
            Math.exp(-gap / 0.5) +
            0.25 * (first.middle + second.middle) +
            0.25 * (one.score + other.score) +
            0.15 * (first.moving + second.moving)) *
          2 *
          clip.together(one, other),
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
  const clip = clipEvidence(
    frames.map((frame) => candidatesOf(frame.people)),
    frames.map((frame) => frame.repeat === true),
  );
  const options = frames.map((frame, t) => optionsOf(frame.people, clip(t)));
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
    // The torso where it was ever seen; the sleeves and trouser legs only for a track whose torso never was.
    colours: {
      a: a?.clothes.colour ?? a?.limbs.colour ?? null,
      b: b?.clothes.colour ?? b?.limbs.colour ?? null,
    },
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

/** The pictures before the next frame that tell where the athletes are: a few seconds of the roll. */
const FOCUS_WINDOW = 8;

/**
 * Where the two athletes were in the latest frames (the box round both, fractions of the frame), chosen
 * as `trackAthletes` chooses them over the last few pictures; null when none of those showed both. A
 * frame that repeats the picture before (a still or a slideshow made into a video) is no new picture:
 * counted, four repeats of each picture would leave two pictures to tell who moves. The pose stage looks
 * there more closely in the next frame (repositories/pose.repository.ts).
 */
export function athletesFocus(frames: readonly SeenFrame[]): Skeleton['box'] | null {
  const recent = trackAthletes(frames.filter((frame) => frame.repeat !== true).slice(-FOCUS_WINDOW)).frames;
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
