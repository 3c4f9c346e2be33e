import { readFileSync } from 'node:fs';
import type { AnalysisPosition } from '@openmat/contract/analysis';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PairFrame } from '../src/analysis/pipeline.js';
import {
  generatePair,
  generateSet,
  posedScene,
  randomCamera,
  randomNoise,
  type PosedPosition,
  type V3,
} from '../src/analysis/positions/generator.js';
import { classifyPair, POSITION_STATES, withoutPair } from '../src/analysis/positions/classifier.js';
import { handRuleProbabilities } from '../src/analysis/positions/hand-rules.js';
import { argmax, HMM_STATES, transitionMatrix, UNCLEAR, viterbi } from '../src/analysis/positions/hmm.js';
import { knowledgeTransitions } from '../src/analysis/positions/knowledge-transitions.js';
import { modelProbabilities, POSITION_MODEL } from '../src/analysis/positions/model.js';
import { checkedModel, networkLogits, type PositionModelFile } from '../src/analysis/positions/network.js';
import { pairVector } from '../src/analysis/positions/model-features.js';
import { mergeMembers } from '../scripts/position-ensemble.js';
import { Pairs, readPairs } from '../scripts/read-positions.js';
import { positionTimeline } from '../src/analysis/positions/timeline.js';
import { keypointIndex, readable, type KeypointName, type Skeleton } from '../src/analysis/skeleton.js';
import { TECHNIQUES } from '../src/coach/knowledge/knowledge-base.js';
import { labelledSet, seededRandom, STATES, type PoseLabel } from './support/skeleton-poses.js';

const ASPECT = 16 / 9;
const POSITIONS = [...new Set(HMM_STATES.map((state) => state.position))];

function guess(probabilities: readonly number[]): PoseLabel {
  const state = HMM_STATES[argmax(probabilities)];
  if (state === undefined) throw new Error('no state');
  return state;
}

function probabilitiesOf(a: Skeleton, b: Skeleton): number[] {
  const probabilities = modelProbabilities(a, b, ASPECT);
  if (probabilities === null) throw new Error('the pair could not be measured');
  return probabilities;
}

function confusionTable(rows: ReadonlyMap<AnalysisPosition, Map<AnalysisPosition, number>>): string {
  const short = (position: AnalysisPosition) => position.slice(0, 6).padStart(7);
  const header = `${'truth \\ guess'.padEnd(14)}${POSITIONS.map(short).join('')}   acc`;
  const lines = POSITIONS.map((truth) => {
    const row = rows.get(truth) ?? new Map<AnalysisPosition, number>();
    const total = [...row.values()].reduce((sum, n) => sum + n, 0);
    const cells = POSITIONS.map((guessed) => String(row.get(guessed) ?? 0).padStart(7)).join('');
    return `${truth.padEnd(14)}${cells}  ${((row.get(truth) ?? 0) / Math.max(1, total)).toFixed(2)}`;
  });
  return [header, ...lines].join('\n');
}

/** Mirrors a skeleton left to right: x flipped, and each left joint becomes the right one. */
function mirrored(skeleton: Skeleton): Skeleton {
  const swap = [0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15];
  return {
    ...skeleton,
    keypoints: swap.map((from) => {
      const point = skeleton.keypoints[from] ?? { x: 0, y: 0, score: 0 };
      return { ...point, x: 1 - point.x };
    }),
    box: { ...skeleton.box, x: 1 - skeleton.box.x - skeleton.box.width },
  };
}

/** Moves and shrinks a skeleton in the frame. */
function moved(skeleton: Skeleton, scale: number, dx: number, dy: number): Skeleton {
  return {
    ...skeleton,
    keypoints: skeleton.keypoints.map((point) => ({ ...point, x: point.x * scale + dx, y: point.y * scale + dy })),
    box: {
      x: skeleton.box.x * scale + dx,
      y: skeleton.box.y * scale + dy,
      width: skeleton.box.width * scale,
      height: skeleton.box.height * scale,
    },
  };
}

describe('the learned position model on generated pairs it was not trained on', () => {
  // Not the training seeds (23, 24, 25): a held-out draw from the generator.
  const set = generateSet(seededRandom(20260611), 20);

  it('tells the positions apart, and who is on top, with a confidence that means what it says', () => {
    const rows = new Map<AnalysisPosition, Map<AnalysisPosition, number>>();
    let exact = 0;
    let positionRight = 0;
    let topRight = 0;
    const bins = Array.from({ length: 5 }, () => ({ right: 0, count: 0, confidence: 0 }));
    const measured = set.filter(({ a, b }) => modelProbabilities(a, b, ASPECT) !== null);
    // A pair with no bone seen at all cannot be measured (the timeline calls such a frame unreadable).
    expect(measured.length).toBeGreaterThanOrEqual(0.98 * set.length);
    for (const { state, a, b } of measured) {
      const probabilities = probabilitiesOf(a, b);
      expect(probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 9);
      const guessed = guess(probabilities);
      const row = rows.get(state.position) ?? new Map<AnalysisPosition, number>();
      row.set(guessed.position, (row.get(guessed.position) ?? 0) + 1);
      rows.set(state.position, row);
      const right = guessed.position === state.position && guessed.top === state.top;
      if (guessed.position === state.position) {
        positionRight++;
        if (guessed.top === state.top) topRight++;
      }
      if (right) exact++;
      const confidence = Math.max(...probabilities);
      const bin = bins[Math.min(4, Math.floor(confidence * 5))];
      if (bin) {
        bin.count++;
        bin.confidence += confidence;
        if (right) bin.right++;
      }
    }
    const calibrationError = bins.reduce((sum, bin) => sum + Math.abs(bin.right - bin.confidence), 0) / measured.length;
    console.info(
      `Learned model, ${measured.length} held-out generated pairs:\n${confusionTable(rows)}\n` +
        `position right ${(positionRight / measured.length).toFixed(3)}, position and top right ${(exact / measured.length).toFixed(3)}, ` +
        `top right when the position is ${(topRight / Math.max(1, positionRight)).toFixed(3)}, calibration error ${calibrationError.toFixed(3)}`,
    );
    for (const position of POSITIONS) {
      const row = rows.get(position) ?? new Map<AnalysisPosition, number>();
      const total = [...row.values()].reduce((sum, n) => sum + n, 0);
      // A scramble is both athletes between positions: one frame of it often looks like the position
      // being entered or left (a shot like a guard, a throw's landing like knee on belly), and the timeline
      // names it from a run of frames. The fourth generator reads half of its held-out scrambles right
      // (126 of 250; 20 here, so one pair is 5 points); every position held still, 0.6 or more.
      expect((row.get(position) ?? 0) / total, position).toBeGreaterThanOrEqual(position === 'scramble' ? 0.35 : 0.6);
    }
    // 0.8 with the first generator; its second version (ADR 0023, "v2": small and tangled bodies, wide
    // lenses, limbs taken from the other athlete) draws harder pairs: 0.81 on its own held-out split.
    expect(exact / measured.length).toBeGreaterThanOrEqual(0.75);
    expect(topRight / positionRight).toBeGreaterThanOrEqual(0.9);
    expect(calibrationError).toBeLessThanOrEqual(0.06);
  });

  it('gives the same answer for the mirror image, for either order of the pair, and wherever and however large the pair is', () => {
    const swap = HMM_STATES.map((state) =>
      HMM_STATES.findIndex(
        (other) =>
          other.position === state.position &&
          other.top === (state.top === null ? null : state.top === 'a' ? 'b' : 'a'),
      ),
    );
    for (const { a, b } of set.slice(0, 60)) {
      if (modelProbabilities(a, b, ASPECT) === null) continue;
      const probabilities = probabilitiesOf(a, b);
      probabilitiesOf(mirrored(a), mirrored(b)).forEach((p, s) => expect(p).toBeCloseTo(probabilities[s] ?? NaN, 9));
      probabilitiesOf(b, a).forEach((p, s) => expect(p).toBeCloseTo(probabilities[swap[s] ?? s] ?? NaN, 9));
      const small = probabilitiesOf(moved(a, 0.5, 0.3, 0.2), moved(b, 0.5, 0.3, 0.2));
      small.forEach((p, s) => expect(p).toBeCloseTo(probabilities[s] ?? NaN, 6));
    }
  });

  it('sees whether the two face the same way (chest to back) or each other, whichever way the picture is turned', () => {
    // A person seen from the front: their left shoulder and hip on the picture's right.
    const person = (dx: number, front: boolean): Skeleton => {
      const side = front ? 1 : -1;
      const at = (x: number, y: number) => ({ x: 0.5 + dx + x, y, score: 0.9 });
      const pair = (x: number, y: number) => [at(side * x, y), at(-side * x, y)];
      return {
        keypoints: [at(0, 0.2), ...pair(0.01, 0.19), ...pair(0.02, 0.2), ...pair(0.06, 0.3), ...pair(0.08, 0.4)].concat(
          pair(0.09, 0.48),
          pair(0.04, 0.5),
          pair(0.04, 0.65),
          pair(0.04, 0.8),
        ),
        box: { x: 0.4 + dx, y: 0.15, width: 0.2, height: 0.7 },
        score: 0.9,
      };
    };
    const facing = (a: Skeleton, b: Skeleton) => {
      const vector = pairVector(a, b, ASPECT);
      if (vector === null) throw new Error('the pair could not be measured');
      return vector.slice(-3);
    };
    const front = person(0, true);
    const behind = person(0.05, true);
    const [shoulders, hips, unseen] = facing(front, behind);
    expect(shoulders).toBeGreaterThan(0.1);
    expect(hips).toBeGreaterThan(0.05);
    expect(unseen).toBe(0);
    const [towards] = facing(front, person(0.05, false));
    expect(towards).toBeLessThan(-0.1);
    // Mirrored, in either order: the same.
    expect(facing(mirrored(front), mirrored(behind))).toEqual(facing(front, behind));
    expect(facing(behind, front)).toEqual(facing(front, behind));
    // Without one athlete's hips it cannot be told, and says so.
    const noHips = {
      ...behind,
      keypoints: behind.keypoints.map((k, i) => (i === 11 || i === 12 ? { ...k, score: 0 } : k)),
    };
    expect(facing(front, noHips)).toEqual([0, 0, 1]);
  });

  it('is what the position classifier gives one pair at a time (classifyPair), not the hand rules it replaced', () => {
    // Whoever reads skeletons one pair at a time, the pose model bypassed (an evaluation on labelled
    // keypoints), calls classifyPair: it must read what the analysis reads.
    const inPosition = set.filter(
      ({ state, a, b }) =>
        state.position !== 'unclear' && readable(a) && readable(b) && modelProbabilities(a, b, ASPECT) !== null,
    );
    let right = 0;
    let rulesRight = 0;
    for (const { state, a, b } of inPosition) {
      const probabilities = classifyPair(a, b, ASPECT);
      expect(probabilities).toHaveLength(POSITION_STATES.length);
      expect(probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 9);
      const said = POSITION_STATES[argmax(probabilities)];
      const model = probabilitiesOf(a, b).slice(0, POSITION_STATES.length);
      expect(said).toEqual(POSITION_STATES[argmax(model)]);
      if (said?.position === state.position) right++;
      if (POSITION_STATES[argmax(handRuleProbabilities(a, b, ASPECT))]?.position === state.position) rulesRight++;
    }
    console.info(
      `classifyPair on ${inPosition.length} held-out generated pairs: position right ${(right / inPosition.length).toFixed(3)} (the hand rules ${(rulesRight / inPosition.length).toFixed(3)})`,
    );
    expect(right / inPosition.length).toBeGreaterThanOrEqual(0.75);
    expect(rulesRight / inPosition.length).toBeLessThan(0.6);
    // The same pair in pixels of a 1920x1080 frame reads the same, whatever aspect the caller passes.
    for (const { a, b } of inPosition.slice(0, 30)) {
      const pixels = (s: Skeleton): Skeleton => ({
        ...s,
        keypoints: s.keypoints.map((k) => ({ ...k, x: k.x * 1920, y: k.y * 1080 })),
      });
      const inFractions = classifyPair(a, b, ASPECT);
      classifyPair(pixels(a), pixels(b)).forEach((p, s) => expect(p).toBeCloseTo(inFractions[s] ?? NaN, 6));
    }
    // Nobody, or one athlete too hidden to measure: every state keeps a share, standing and scramble most.
    const [first] = inPosition;
    if (first === undefined) throw new Error('no pair');
    expect(classifyPair(first.a, null, ASPECT)).toEqual(withoutPair());
    expect(
      classifyPair(first.a, { ...first.b, keypoints: first.b.keypoints.map((k) => ({ ...k, score: 0 })) }, ASPECT),
    ).toEqual(withoutPair());
  });

  it('reads labelled keypoints in pixels (npm run read:positions) as the analysis reads the same pair', () => {
    const [width, height] = [1920, 1080];
    const pixels = (s: Skeleton) => s.keypoints.map((k) => [k.x * width, k.y * height, k.score]);
    const pairs = set.slice(0, 40);
    const readings = readPairs(
      Pairs.parse(
        pairs.map(({ a, b }, i) =>
          i % 2 ? { a: pixels(a), b: pixels(b), width, height } : { pose1: pixels(a), pose2: pixels(b), width, height },
        ),
      ),
    );
    readings.forEach((reading, i) => {
      const pair = pairs[i];
      if (pair === undefined) throw new Error('no pair');
      if (!readable(pair.a) || !readable(pair.b) || modelProbabilities(pair.a, pair.b, ASPECT) === null) {
        expect(reading.position).toBeNull();
        return;
      }
      const state = POSITION_STATES[argmax(classifyPair(pair.a, pair.b, ASPECT))];
      expect({ position: reading.position, top: reading.top }).toEqual(state);
    });
    expect(readings.filter((reading) => reading.position !== null).length).toBeGreaterThan(30);
    // With a label, each reading says whether it is right.
    const labelled = readPairs(
      Pairs.parse(
        pairs.map(({ state, a, b }) => ({
          a: pixels(a),
          b: pixels(b),
          width,
          height,
          accepted: state.position === 'unclear' ? ['standing', 'scramble'] : state.position,
        })),
      ),
    );
    labelled.forEach((reading, i) => {
      const state = pairs[i]?.state;
      const accepted: Array<string | undefined> =
        state?.position === 'unclear' ? ['standing', 'scramble'] : [state?.position];
      expect(reading.right).toBe(reading.position !== null && accepted.includes(reading.position));
    });
    expect(labelled.filter((reading) => reading.right).length).toBeGreaterThan(20);
    expect(readings.every((reading) => reading.right === undefined)).toBe(true);
    // COCO's flattened form (51 numbers a person, visibility 2 or 1 for a joint placed, 0 not labelled) reads the same.
    const coco = (s: Skeleton) => pixels(s).flatMap(([x, y, score]) => [x, y, (score ?? 0) >= 0.3 ? 2 : 0]);
    const triples = (s: Skeleton) => pixels(s).map(([x, y, score]) => [x, y, (score ?? 0) >= 0.3 ? 2 : 0]);
    expect(readPairs(Pairs.parse(pairs.map(({ a, b }) => ({ a: coco(a), b: coco(b), width, height }))))).toEqual(
      readPairs(Pairs.parse(pairs.map(({ a, b }) => ({ a: triples(a), b: triples(b), width, height })))),
    );
    expect(Pairs.safeParse([{ a: coco(set[0]!.a).slice(1), b: coco(set[0]!.b) }]).error?.issues[0]?.message).toMatch(
      /17 keypoints .* or the 51 numbers of COCO/,
    );
    expect(Pairs.safeParse([{ a: pixels(set[0]!.a), b: pixels(set[0]!.b), accepted: 'guard' }]).success).toBe(false);
    // A person with 16 joints is refused with a reason, not read.
    expect(Pairs.safeParse([{ a: pixels(set[0]!.a).slice(1), b: pixels(set[0]!.b) }]).success).toBe(false);
  });

  it('reads the ViCoS annotations as they are: its labels, and a pair whose pose estimator lost one athlete', () => {
    const pixels = (s: Skeleton) => s.keypoints.map((k) => [k.x * 1920, k.y * 1080, k.score]);
    const vicos: Record<string, string> = {
      standing: 'standing',
      'open-guard': 'open_guard1',
      'closed-guard': 'closed_guard2',
      'half-guard': 'half_guard1',
      'side-control': 'side_control2',
      mount: 'mount1',
      back: 'back2',
      turtle: 'turtle1',
    };
    const labelled = set.filter(({ state }) => vicos[state.position] !== undefined).slice(0, 40);
    const entries = labelled.map(({ state, a, b }, frame) => ({
      position: vicos[state.position],
      image: String(frame).padStart(7, '0'),
      frame,
      pose1: pixels(a),
      pose2: pixels(b),
    }));
    const readings = readPairs(Pairs.parse(entries));
    readings.forEach((reading, i) => {
      const position = labelled[i]?.state.position;
      expect(reading.right).toBe(reading.position !== null && reading.position === position);
    });
    expect(readings.filter((reading) => reading.right).length).toBeGreaterThan(20);
    // A takedown is standing or a scramble; 50/50 is open guard.
    const [first] = entries;
    if (first === undefined) throw new Error('no pair');
    const [takedown, fifty] = readPairs(
      Pairs.parse([
        { ...first, position: 'takedown2' },
        { ...first, position: '5050_guard' },
      ]),
    );
    const read = readings[0]?.position ?? null;
    expect(takedown?.right).toBe(read === 'standing' || read === 'scramble');
    expect(fifty?.right).toBe(read === 'open-guard');
    // A pose missing is a pair that cannot be read, counted wrong, and the rest of the file is still read.
    const lost = readPairs(Pairs.parse([{ position: 'mount1', image: '1', frame: 1, pose1: first.pose1 }, first]));
    expect(lost[0]).toMatchObject({ position: null, top: null, right: false, missing: true });
    expect(lost[1]).toEqual(readings[0]);
    // A label neither the analysis nor ViCoS has is refused, naming both lists.
    expect(Pairs.safeParse([{ ...first, position: 'guard' }]).error?.issues[0]?.message).toMatch(
      /closed-guard.*ViCoS label.*mount1/,
    );
    // A name every object has (its prototype's) is no label either.
    expect(Pairs.safeParse([{ ...first, position: 'constructor' }]).success).toBe(false);
  });

  it('reads real people and who is on top: skeletons placed by hand on ten development stills (bench/lib/hand-skeletons.json)', () => {
    // Rough skeletons of real athletes, no pose model in between: what the held-out set of issue 19 measures
    // on real skeletons with ground truth. A regression guard a little under today's figures (ADR 0023).
    const placed = z
      .object({
        stills: z.record(
          z.string(),
          z.object({ position: z.string(), a: z.array(z.array(z.number())), b: z.array(z.array(z.number())) }),
        ),
      })
      .parse(JSON.parse(readFileSync(new URL('../../../bench/lib/hand-skeletons.json', import.meta.url), 'utf8')));
    const accepts: Record<string, readonly AnalysisPosition[]> = {
      guard: ['closed-guard', 'open-guard'],
      mount: ['mount'],
      back_control: ['back'],
      standing: ['standing'],
    };
    const skeleton = (points: number[][]): Skeleton => ({
      keypoints: points.map(([x = 0, y = 0, score = 0]) => ({ x, y, score })),
      box: { x: 0, y: 0, width: 0, height: 0 },
      score: 0.8,
    });
    let right = 0;
    let loss = 0;
    // Who is on top: in the file the first athlete, `a`, is the one mounting, behind or inside the guard.
    let topRight = 0;
    let withTop = 0;
    const stills = Object.values(placed.stills);
    for (const still of stills) {
      const accepted = accepts[still.position] ?? [];
      const probabilities = probabilitiesOf(skeleton(still.a), skeleton(still.b));
      if (still.position !== 'standing') {
        const onTop = (who: 'a' | 'b') =>
          probabilities.reduce((sum, p, s) => sum + (HMM_STATES[s]?.top === who ? p : 0), 0);
        withTop += 1;
        if (onTop('a') > onTop('b')) topRight += 1;
      }
      const byPosition = new Map<AnalysisPosition, number>();
      probabilities.forEach((p, s) => {
        const position = HMM_STATES[s]?.position;
        if (position) byPosition.set(position, (byPosition.get(position) ?? 0) + p);
      });
      const best = [...byPosition.entries()].sort((x, y) => y[1] - x[1])[0]?.[0];
      if (best !== undefined && accepted.includes(best)) right += 1;
      loss -= Math.log(
        Math.max(
          1e-6,
          accepted.reduce((sum, position) => sum + (byPosition.get(position) ?? 0), 0),
        ),
      );
    }
    expect(stills).toHaveLength(10);
    expect(right).toBeGreaterThanOrEqual(8);
    // Six of the seven on the ground; back03, a seated back control seen from the front, is read the other way round.
    expect(withTop).toBe(7);
    expect(topRight).toBeGreaterThanOrEqual(6);
    expect(loss / stills.length).toBeLessThan(1.3);
  });

  it('reads the hand-drawn stick figures of another generator (test/support/skeleton-poses.ts) mostly right', () => {
    // Figures drawn from templates, side on, by someone else: a check that the model learned the positions, not its generator.
    const other = labelledSet(10, 20240611);
    const right = other.filter(({ label, a, b }) => guess(probabilitiesOf(a, b)).position === label.position).length;
    console.info(
      `Hand-drawn stick figures (${other.length}, ${STATES.length} states): position right ${(right / other.length).toFixed(3)}`,
    );
    // A regression guard: 0.86 with the v2 generator's model, 0.89 with v3's careful skeletons (ADR 0023).
    expect(right / other.length).toBeGreaterThanOrEqual(0.85);
  });
});

describe('the generated detector', () => {
  it('reports torsos more often than wrists, knees and ankles, as MoveNet does on grappling pairs, and sometimes places every joint', () => {
    const pairs = generateSet(seededRandom(31), 20).filter((pair) => pair.state.position !== 'unclear');
    const people = pairs.flatMap((pair) => [pair.a, pair.b]);
    const seenShare = (joints: readonly number[]) =>
      people.reduce((sum, person) => sum + joints.filter((j) => (person.keypoints[j]?.score ?? 0) >= 0.3).length, 0) /
      (people.length * joints.length);
    const torso = seenShare([5, 6, 11, 12]);
    const ends = seenShare([9, 10, 13, 14, 15, 16]);
    console.info(
      `Generated detector: torso joints seen ${torso.toFixed(2)}, wrists, knees and ankles ${ends.toFixed(2)}`,
    );
    expect(torso).toBeGreaterThan(0.8);
    expect(torso - ends).toBeGreaterThan(0.2);
    const complete = people.filter((person) => person.keypoints.every((point) => point.score >= 0.3)).length;
    expect(complete / people.length).toBeGreaterThan(0.1);
  });
});

describe('the generated scenes', () => {
  /** Scenes of one position, unturned (the bottom lies along x, head towards +x), top first. */
  const scenes = (position: PosedPosition, count: number) =>
    Array.from({ length: count }, (_, i) => posedScene(seededRandom(900 + i), position, 0));
  const at = (joints: readonly V3[], name: KeypointName): V3 => joints[keypointIndex(name)] ?? [0, 0, 0];
  const middle = (joints: readonly V3[], one: KeypointName, other: KeypointName): V3 => {
    const [p, q] = [at(joints, one), at(joints, other)];
    return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, (p[2] + q[2]) / 2];
  };
  const hips = (joints: readonly V3[]) => middle(joints, 'leftHip', 'rightHip');
  const shoulders = (joints: readonly V3[]) => middle(joints, 'leftShoulder', 'rightShoulder');

  it('hold side control across the chest, head to head the other way (north-south) and sitting beside the chest (the scarf hold)', () => {
    const kinds = scenes('side-control', 200).map(([top, bottom]) => {
      // Along the bottom's body (x): the top's hips beyond the bottom's head is north-south.
      if (hips(top)[0] > at(bottom, 'nose')[0]) return 'north-south';
      // Sitting on the mat beside the chest, facing the bottom's head: the scarf hold.
      if (hips(top)[1] < hips(bottom)[1] + 0.12 && shoulders(top)[0] > hips(top)[0] + 0.2) return 'scarf hold';
      return 'across';
    });
    const count = (kind: string) => kinds.filter((k) => k === kind).length;
    console.info(
      `Side control: across ${count('across')}, north-south ${count('north-south')}, scarf hold ${count('scarf hold')}`,
    );
    expect(count('north-south')).toBeGreaterThan(20);
    expect(count('scarf hold')).toBeGreaterThan(10);
    expect(count('across')).toBeGreaterThan(100);
  });

  it('have the top sometimes kneel up in half guard, in front of a knee shield, not chest to chest', () => {
    const kneelingUp = scenes('half-guard', 200).filter(([top]) => shoulders(top)[1] > 0.7).length;
    console.info(`Half guard with the top kneeling up: ${kneelingUp}/200`);
    expect(kneelingUp).toBeGreaterThan(20);
  });

  it('have the top sometimes stand up in closed guard, and post a foot by the head in mount (S-mount)', () => {
    const standing = scenes('closed-guard', 200).filter(([top]) => hips(top)[1] > 0.7).length;
    const sMount = scenes('mount', 200).filter(([top, bottom]) =>
      [at(top, 'leftAnkle'), at(top, 'rightAnkle')].some((ankle) => ankle[0] > shoulders(bottom)[0]),
    ).length;
    console.info(`Closed guard with the top standing: ${standing}/200; S-mount: ${sMount}/200`);
    expect(standing).toBeGreaterThan(20);
    expect(sMount).toBeGreaterThan(10);
  });

  it('have athletes on their feet sometimes in a low stance, hips down and hands low, sometimes on the mat', () => {
    // Standing scenes: both on their feet. A low stance has the hips under 0.75 m with the shoulders ahead
    // of them; a hand on the mat is a wrist within 0.15 m of it.
    const athletes = scenes('standing', 200).flat();
    const ahead = (joints: readonly V3[]) =>
      Math.hypot(shoulders(joints)[0] - hips(joints)[0], shoulders(joints)[2] - hips(joints)[2]);
    const low = athletes.filter((joints) => hips(joints)[1] < 0.75 && ahead(joints) > 0.2);
    const onMat = low.filter((joints) =>
      [at(joints, 'leftWrist'), at(joints, 'rightWrist')].some((wrist) => wrist[1] < 0.15),
    ).length;
    const onFeet = athletes.filter((joints) =>
      [at(joints, 'leftAnkle'), at(joints, 'rightAnkle')].every((ankle) => ankle[1] < 0.15),
    ).length;
    console.info(`Standing: ${low.length}/400 athletes in a low stance, ${onMat} with a hand on the mat`);
    expect(low.length).toBeGreaterThan(60);
    expect(onMat).toBeGreaterThan(15);
    expect(onFeet).toBe(400);
  });
});

describe('the hidden Markov model', () => {
  it('decodes the textbook healthy/fever example', () => {
    // States healthy, fever; observations normal, cold, dizzy (Wikipedia's Viterbi example).
    const start = [0.6, 0.4].map(Math.log);
    const transition = [
      [0.7, 0.3],
      [0.4, 0.6],
    ].map((row) => row.map(Math.log));
    const emit = { normal: [0.5, 0.1], cold: [0.4, 0.3], dizzy: [0.1, 0.6] };
    const observations = [emit.normal, emit.cold, emit.dizzy].map((row) => row.map(Math.log));
    expect(viterbi(start, () => transition, observations)).toEqual([0, 0, 1]);
    expect(viterbi(start, () => transition, [])).toEqual([]);
  });

  it('uses transitions whose rows are probabilities, where staying is likeliest', () => {
    for (const seconds of [0.2, 1 / 3, 1, 5]) {
      transitionMatrix(seconds, POSITION_MODEL.transitions).forEach((row, from) => {
        expect(row.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 9);
        expect(argmax(row)).toBe(from);
      });
    }
  });

  it("takes its changes of position from the knowledge base's counts, as they are today", () => {
    // The shipped table is what the training script derived; nobody edits it to pass a test.
    expect(POSITION_MODEL.transitions).toEqual(knowledgeTransitions(TECHNIQUES));
    const matrix = transitionMatrix(1, POSITION_MODEL.transitions);
    const at = (position: string, top: 'a' | 'b' | null) =>
      HMM_STATES.findIndex((state) => state.position === position && state.top === top);
    const fromGuard = matrix[at('closed-guard', 'a')] ?? [];
    // From a's closed guard (a on top), b sweeping to mount is listed; a jumping to b's back is not.
    expect(fromGuard[at('mount', 'b')]).toBeGreaterThan(10 * (fromGuard[at('back', 'a')] ?? 1));
  });
});

// Generating and reading a whole roll is CPU-bound; beside `npm test`'s other lane it can take several times as long.
describe('the position timeline of a generated roll', { timeout: 120_000 }, () => {
  /** Standing, a guard pulled, passed to half guard and side control, mounted, the back taken, a reversal into guard. */
  const SCRIPT: Array<PoseLabel & { seconds: number }> = [
    { position: 'standing', top: null, seconds: 8 },
    { position: 'closed-guard', top: 'b', seconds: 12 },
    { position: 'half-guard', top: 'b', seconds: 8 },
    { position: 'side-control', top: 'b', seconds: 10 },
    { position: 'mount', top: 'b', seconds: 10 },
    { position: 'back', top: 'b', seconds: 10 },
    { position: 'closed-guard', top: 'a', seconds: 10 },
    { position: 'standing', top: null, seconds: 6 },
  ];

  /** One generated roll of `SCRIPT`, right frame by frame and smoothed (shares of its frames). */
  function hardRoll(seed: number): { frameByFrame: number; smoothed: number; timeline: string } {
    // A fresh pose every frame (not a held one), under one random camera and a poor detector (the pair
    // small in the frame: wide noise, a third of the joints missed, limbs now and then taken from the other
    // athlete): a hard roll.
    const random = seededRandom(seed);
    const camera = randomCamera(random, [0.3, 0.35, 0]);
    const noise = { ...randomNoise(random), jitter: 0.06, miss: 0.3, outlier: 0.08, crossLimb: 0.15, limbMiss: 0.1 };
    const spin = random() * 2 * Math.PI;
    const frames: PairFrame[] = [];
    const labels: PoseLabel[] = [];
    let time = 0;
    for (const { seconds, ...state } of SCRIPT) {
      for (let k = 0; k < seconds * 2; k++, time += 0.5) {
        const pair = generatePair(random, state, { camera, noise, spin, topIsA: state.top !== 'b' });
        frames.push({ time, a: pair.a, b: pair.b });
        labels.push(state);
      }
    }
    const timeline = positionTimeline(frames);
    const same = (x: PoseLabel | null | undefined, y: PoseLabel | undefined) =>
      x !== null && x !== undefined && y !== undefined && x.position === y.position && x.top === y.top;
    const frameByFrame = frames.filter((frame, i) => {
      const probabilities = frame.a && frame.b ? modelProbabilities(frame.a, frame.b, ASPECT) : null;
      return probabilities !== null && same(guess(probabilities), labels[i]);
    }).length;
    const smoothed = frames.filter((frame, i) => {
      const segment = timeline.find((s) => s.start <= frame.time && frame.time < s.end);
      return same(segment, labels[i]);
    }).length;
    return {
      frameByFrame: frameByFrame / frames.length,
      smoothed: smoothed / frames.length,
      timeline: timeline
        .map((s) => `${s.start}-${s.end} ${s.position}/${s.top ?? '-'} (${s.confidence.toFixed(2)})`)
        .join(', '),
    };
  }

  it('is right on more frames than the frame-by-frame guesses it smooths', () => {
    // Five rolls, each under its own camera: one camera can make a position unreadable to any model (since
    // the fifth generator drew its scenes, seed 99's camera leaves both standing stretches unclear, to the
    // fourth generator's model as to the fifth's; one roll was the whole test until then, at 0.85).
    const rolls = [99, 100, 101, 102, 103].map(hardRoll);
    for (const [i, roll] of rolls.entries()) {
      console.info(
        `Generated roll ${99 + i}: frame by frame ${roll.frameByFrame.toFixed(3)}, smoothed ${roll.smoothed.toFixed(3)}\n  ${roll.timeline}`,
      );
    }
    const mean = (share: (roll: (typeof rolls)[number]) => number) =>
      rolls.reduce((sum, roll) => sum + share(roll), 0) / rolls.length;
    console.info(
      `Generated rolls: frame by frame ${mean((roll) => roll.frameByFrame).toFixed(3)}, smoothed ${mean((roll) => roll.smoothed).toFixed(3)} on average`,
    );
    expect(mean((roll) => roll.smoothed)).toBeGreaterThan(mean((roll) => roll.frameByFrame));
    expect(mean((roll) => roll.smoothed)).toBeGreaterThanOrEqual(0.75);
  });
});

describe('a picture held over several frames', () => {
  /**
   * A roll's pictures one every 2 s (a fresh pose each, one camera, a careful detector): side control, one
   * picture of a mount in the middle, side control again. Read as they are, and as a video holds each
   * picture for its 2 s at two frames a second (the pipeline gives a repeated picture's frames the
   * people of the first: the same skeletons).
   */
  function heldRoll(seed: number) {
    const random = seededRandom(seed);
    const camera = randomCamera(random, [0.3, 0.35, 0]);
    const noise = { ...randomNoise(random), jitter: 0.02, miss: 0.05, outlier: 0, crossLimb: 0, limbMiss: 0 };
    const spin = random() * 2 * Math.PI;
    const script: PoseLabel[] = [
      ...Array.from({ length: 6 }, () => ({ position: 'side-control', top: 'b' }) as const),
      { position: 'mount', top: 'b' },
      ...Array.from({ length: 6 }, () => ({ position: 'side-control', top: 'b' }) as const),
    ];
    const pictures: PairFrame[] = script.map((state, i) => {
      const pair = generatePair(random, state, { camera, noise, spin, topIsA: false });
      return { time: 2 * i, a: pair.a, b: pair.b };
    });
    const held: PairFrame[] = pictures.flatMap((picture) =>
      [0, 0.5, 1, 1.5].map((offset) => ({ ...picture, time: picture.time + offset })),
    );
    return { pictures, held };
  }

  it('counts it once: a roll of pictures reads the same held over a video as read one by one', () => {
    const at = (timeline: ReturnType<typeof positionTimeline>, time: number) =>
      timeline.find((segment) => segment.start <= time && time < segment.end)?.position ?? 'none';
    let same = 0;
    let pictures = 0;
    for (const seed of [31, 32, 33]) {
      const roll = heldRoll(seed);
      const asPictures = positionTimeline(roll.pictures);
      const asVideo = positionTimeline(roll.held);
      console.info(
        `Roll ${seed}, pictures: ${asPictures.map((s) => `${s.start}-${s.end} ${s.position}`).join(', ')}\n` +
          `  held: ${asVideo.map((s) => `${s.start}-${s.end} ${s.position}`).join(', ')}`,
      );
      for (const picture of roll.pictures) {
        pictures++;
        if (at(asPictures, picture.time) === at(asVideo, picture.time)) same++;
      }
    }
    // Counted once a frame, the held mount weighed four times as much and stood out as a segment of its own.
    expect(same).toBe(pictures);
  });
});

describe('without both athletes', () => {
  it('gives no position for frames with nobody, and unclear for a long stretch with one athlete', () => {
    const [pair] = generateSet(seededRandom(11), 1);
    if (pair === undefined) throw new Error('no pair');
    const frames: PairFrame[] = [];
    for (let i = 0; i < 40; i++) {
      const time = i / 2;
      frames.push(i < 20 ? { time, a: null, b: null } : { time, a: pair.a, b: null });
    }
    const timeline = positionTimeline(frames);
    console.info(
      `Nobody, then one athlete: ${timeline.map((s) => `${s.start}-${s.end} ${s.position} (${s.confidence.toFixed(2)})`).join(', ')}`,
    );
    expect(timeline.every((segment) => segment.start >= 10)).toBe(true);
    expect(timeline.map((segment) => segment.position)).toEqual(['unclear']);
    expect(timeline[0]?.top).toBeNull();
    expect(positionTimeline([])).toEqual([]);
  });

  it('ends the last segment one frame step after the last frame', () => {
    const [pair] = generateSet(seededRandom(5), 1);
    if (pair === undefined) throw new Error('no pair');
    const timeline = positionTimeline([0, 0.5, 1].map((time) => ({ time, a: pair.a, b: pair.b })));
    expect(timeline.at(-1)?.end).toBeCloseTo(1.5, 9);
    expect(timeline[0]?.start).toBe(0);
    expect(HMM_STATES[UNCLEAR]?.position).toBe('unclear');
  });
});

describe('who is on top', () => {
  /** Ten frames of one generated pair, read as `read` says whatever the skeletons show. */
  function timelineReading(read: (state: (typeof HMM_STATES)[number]) => number) {
    const [pair] = generateSet(seededRandom(3), 1);
    if (pair === undefined) throw new Error('no pair');
    const frames = Array.from({ length: 10 }, (_, i) => ({ time: i / 2, a: pair.a, b: pair.b }));
    const fixed = HMM_STATES.map(read);
    const total = fixed.reduce((sum, p) => sum + p, 0);
    return positionTimeline(frames, () => fixed.map((p) => p / total));
  }

  it('names a position it is sure of with nobody on top when either athlete could be on top', () => {
    const timeline = timelineReading((state) =>
      state.position === 'half-guard' ? 0.35 : 0.3 / (HMM_STATES.length - 2),
    );
    expect(timeline.map(({ position, top }) => ({ position, top }))).toEqual([{ position: 'half-guard', top: null }]);
    expect(timeline[0]?.confidence).toBeCloseTo(0.7, 2);
  });

  it('names who is on top when that is clear too, and calls a stretch no position fits unclear', () => {
    const sure = timelineReading((state) =>
      state.position === 'half-guard' ? (state.top === 'a' ? 0.6 : 0.1) : 0.3 / (HMM_STATES.length - 2),
    );
    expect(sure.map(({ position, top }) => ({ position, top }))).toEqual([{ position: 'half-guard', top: 'a' }]);
    const spread = timelineReading(() => 1);
    expect(spread.map((segment) => segment.position)).toEqual(['unclear']);
  });
});

describe('a scramble', () => {
  /** Ten frames half a second apart of one generated pair, each athlete moved by `shift(i)` (frame widths) in frame i. */
  function framesOf(shift: (i: number) => number): PairFrame[] {
    const [pair] = generateSet(seededRandom(3), 1);
    if (pair === undefined) throw new Error('no pair');
    const moved = (skeleton: Skeleton, dx: number): Skeleton => ({
      ...skeleton,
      keypoints: skeleton.keypoints.map((point) => ({ ...point, x: point.x + dx })),
      box: { ...skeleton.box, x: skeleton.box.x + dx },
    });
    return Array.from({ length: 10 }, (_, i) => ({
      time: i / 2,
      a: moved(pair.a, shift(i)),
      b: moved(pair.b, -shift(i)),
    }));
  }
  /** The model made to read every frame as a scramble, whatever the skeletons show. */
  const readsScramble = () =>
    HMM_STATES.map((state) => (state.position === 'scramble' ? 0.8 : 0.2 / (HMM_STATES.length - 1)));

  it('is both athletes moving: the look of one held still (a photo, a picture over a clip) is unclear', () => {
    const still = positionTimeline(
      framesOf(() => 0),
      readsScramble,
    );
    expect(still.map((segment) => segment.position)).toEqual(['unclear']);
    const [one] = framesOf(() => 0);
    if (one === undefined) throw new Error('no frame');
    expect(positionTimeline([one], readsScramble).map((segment) => segment.position)).toEqual(['unclear']);
    // The pose model's joints of somebody still wander a little from frame to frame: that is not moving.
    const jittering = positionTimeline(
      framesOf((i) => (i % 2) * 0.002),
      readsScramble,
    );
    expect(jittering.map((segment) => segment.position)).toEqual(['unclear']);
  });

  it('is named where both athletes move', () => {
    const moving = positionTimeline(
      framesOf((i) => 0.03 * i),
      readsScramble,
    );
    expect(moving.map((segment) => segment.position)).toEqual(['scramble']);
    expect(moving[0]?.confidence).toBeCloseTo(0.8, 2);
  });
});

describe('an ensemble of position models', () => {
  it('is one network whose logits are the mean of its members', () => {
    // A second member: the shipped network with its own standardisation and weights (nothing like a copy).
    const random = seededRandom(41);
    const other: PositionModelFile = {
      ...POSITION_MODEL,
      mean: POSITION_MODEL.mean.map((m) => m + (random() - 0.5) * 0.2),
      scale: POSITION_MODEL.scale.map((s) => s * (0.8 + 0.4 * random())),
      layers: POSITION_MODEL.layers.map((layer) => ({
        ...layer,
        weights: layer.weights.map((w) => w * (0.5 + random())),
        bias: layer.bias.map((b) => b + random() - 0.5),
      })),
    };
    const merged = checkedModel({ ...POSITION_MODEL, ...mergeMembers([POSITION_MODEL, other]) });
    expect(merged.layers[0]?.outputs).toBe(2 * (POSITION_MODEL.layers[0]?.outputs ?? 0));
    for (const pair of generateSet(seededRandom(42), 2)) {
      const vector = pairVector(pair.a, pair.b, ASPECT);
      if (vector === null) continue;
      const one = networkLogits(POSITION_MODEL, vector);
      const two = networkLogits(other, vector);
      const both = networkLogits(merged, vector);
      both.forEach((logit, s) => expect(logit).toBeCloseTo(((one[s] ?? 0) + (two[s] ?? 0)) / 2, 1));
    }
  });
});
