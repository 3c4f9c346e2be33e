import { describe, expect, it } from 'vitest';
import { KEYPOINT_NAMES, type Skeleton } from '../src/analysis/skeleton.js';
import { athletesFocus, trackAthletes, type SeenFrame, type SeenPerson } from '../src/analysis/tracking.js';

/**
 * Choosing the two athletes over the whole clip: synthetic clips where the frame alone points at the
 * wrong person (a bystander bigger, surer and nearer the middle than a half-hidden pair; a passer-by
 * walking in front of the pair), drawn by hand so that only the choice of athletes is tested.
 */

/** An upright figure `height` tall (a fraction of the frame) with its hips at (x, y). */
function figure(x: number, y: number, height: number, score: number, colour: SeenPerson['colour']): SeenPerson {
  const width = 0.3 * height;
  const keypoints = KEYPOINT_NAMES.map((name) => {
    const side = name.startsWith('left') ? -1 : name.startsWith('right') ? 1 : 0;
    const down = /Hip/.test(name) ? 0 : /Knee/.test(name) ? 0.25 : /Ankle/.test(name) ? 0.5 : -0.3;
    return { x: x + (side * width) / 4, y: y + down * height, score };
  });
  const box = { x: x - width / 2, y: y - 0.5 * height, width, height };
  const skeleton: Skeleton = { keypoints, score, box };
  return { ...skeleton, colour };
}

const black = [20, 20, 25] as const;
const red = [180, 40, 40] as const;
const grey = [120, 120, 120] as const;
const green = [40, 140, 60] as const;

/** Two athletes grappling: in contact, moving round each other over the clip, at one depth. */
function pairAt(t: number, middle: number): [SeenPerson, SeenPerson] {
  const x = middle + 0.1 * Math.sin(t / 2);
  const y = 0.6 + 0.05 * Math.cos(t / 3);
  return [figure(x, y, 0.4, 0.45, black), figure(x + 0.07 + 0.03 * Math.cos(t / 2), y + 0.02, 0.4, 0.4, red)];
}

const chosenOf = (frames: readonly SeenFrame[]) =>
  trackAthletes(frames).frames.map(({ a, b }) => [a, b].filter((person) => person !== null));

describe('choosing the athletes over the whole clip', () => {
  it('never takes a still bystander, bigger and nearer the middle, for an athlete hidden in some frames', () => {
    // The pair rolls left of the middle; a spectator stands still right of it, bigger (nearer the
    // camera) and surer than either athlete. In frames 8 to 13 the red athlete is hidden under the black one.
    const bystander = figure(0.62, 0.6, 0.5, 0.7, grey);
    const frames: SeenFrame[] = Array.from({ length: 24 }, (_, t) => {
      const [one, other] = pairAt(t, 0.36);
      const hidden = t >= 8 && t < 14;
      return { time: t / 3, people: hidden ? [bystander, one] : [bystander, one, other] };
    });
    const chosen = chosenOf(frames);
    for (const [t, people] of chosen.entries()) {
      expect(people, `frame ${t}`).not.toContain(bystander);
      expect(people.length, `frame ${t}`).toBe(t >= 8 && t < 14 ? 1 : 2);
    }
  });

  it('never takes a passer-by walking in front of the pair', () => {
    // The pair rolls in the middle; someone walks across the shot in front of them, nearer the camera
    // (bigger), surer, and for a few frames over the pair and nearer the middle than either athlete.
    const frames: SeenFrame[] = Array.from({ length: 24 }, (_, t) => {
      const passerBy = figure(0.05 + 0.04 * t, 0.62, 0.7, 0.7, green);
      return { time: t / 3, people: [passerBy, ...pairAt(t, 0.42)] };
    });
    const chosen = chosenOf(frames);
    for (const [t, people] of chosen.entries()) {
      const passerBy = frames[t]?.people[0];
      expect(people, `frame ${t}`).not.toContain(passerBy);
      expect(people.length, `frame ${t}`).toBe(2);
    }
  });

  it('reads a single frame (a still) on the frame alone', () => {
    // The clip's evidence is neutral with one frame: the pair in contact is chosen, the bystander not.
    const bystander = figure(0.8, 0.6, 0.4, 0.6, grey);
    const [one, other] = pairAt(0, 0.4);
    const [chosen] = chosenOf([{ time: 0, people: [bystander, one, other] }]);
    expect(new Set(chosen)).toEqual(new Set([one, other]));
  });

  it('takes a body seen whole over a detection with a pair-sized box and one joint seen', () => {
    // A still of a tangled pair: the pose model also reports, round both athletes, a box with only one
    // joint it is sure of (a knee). Its box is the largest, but it is no athlete: the two bodies are.
    const [one, other] = pairAt(0, 0.45);
    const [knee] = one.keypoints.slice(13);
    const husk: SeenPerson = {
      keypoints: one.keypoints.map((point) => (point === knee ? point : { ...point, score: 0.1 })),
      score: 0.3,
      box: { x: 0.25, y: 0.1, width: 0.5, height: 0.85 },
      colour: null,
    };
    const [chosen] = chosenOf([{ time: 0, people: [husk, one, other] }]);
    expect(new Set(chosen)).toEqual(new Set([one, other]));
  });

  it('reads one picture repeated over a clip (a still made into a video) as it reads the one frame', () => {
    // Two athletes facing each other apart, as a match starts, and a second, weaker skeleton of the nearer
    // one, a little off (the pose model reports one body twice). One frame: the two athletes. The same
    // picture eight times is still one picture: nobody moves, but that says no more than the one frame did.
    const near = figure(0.35, 0.55, 0.6, 0.6, black);
    const far = figure(0.55, 0.5, 0.45, 0.6, red);
    // Its arms and head only (the first eleven joints), a little off the nearer athlete's.
    const upper = figure(0.36, 0.56, 0.58, 0.3, black);
    const twice: SeenPerson = {
      ...upper,
      keypoints: upper.keypoints.map((point, i) => ({ ...point, score: i < 11 ? 0.5 : 0.1 })),
    };
    const people = [near, twice, far];
    const [alone] = chosenOf([{ time: 0, people }]);
    expect(new Set(alone)).toEqual(new Set([near, far]));
    const clip: SeenFrame[] = Array.from({ length: 8 }, (_, t) => ({ time: t / 2, people, repeat: t > 0 }));
    for (const [t, chosen] of chosenOf(clip).entries())
      expect(new Set(chosen), `frame ${t}`).toEqual(new Set([near, far]));
  });

  it('tells the pose stage where the athletes are from the last pictures, not from frames that repeat one', () => {
    // Pictures two seconds apart made into a video (each held for four sampled frames, as the held-out
    // footage is read): the pair rolls left of the middle, tangled and so weakly detected, and two
    // bystanders sit still side by side in the middle, bigger and surer. Two pictures cannot tell who
    // moves; the last eight plainly show the rollers moving and the bystanders still. Frames that repeat
    // a picture must not shrink the pictures the focus is chosen from.
    const bystanders = [figure(0.56, 0.55, 0.5, 0.6, grey), figure(0.63, 0.55, 0.5, 0.6, green)];
    const weak = (person: SeenPerson): SeenPerson => ({
      ...person,
      score: person.score - 0.15,
      keypoints: person.keypoints.map((point) => ({ ...point, score: point.score - 0.15 })),
    });
    const pictures: SeenFrame[] = Array.from({ length: 10 }, (_, t) => ({
      time: 2 * t,
      people: [...bystanders, ...pairAt(2 * t, 0.3).map(weak)],
    }));
    const clip: SeenFrame[] = pictures.flatMap((picture) =>
      Array.from({ length: 4 }, (_, k) => ({ ...picture, time: picture.time + k / 2, repeat: k > 0 })),
    );
    const focus = athletesFocus(clip);
    expect(focus).toEqual(athletesFocus(pictures));
    // The focus is round the rollers, left of the bystanders.
    expect(focus).not.toBeNull();
    expect((focus?.x ?? 1) + (focus?.width ?? 1)).toBeLessThan(0.5);
  });
});
