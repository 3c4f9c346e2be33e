import { AnalysisResult, type PositionSegment } from '@openmat/contract/analysis';
import { describe, expect, it } from 'vitest';
import {
  analyseRoll,
  seeFrames,
  type PoseDetector,
  type RollFrame,
  type TimelineOf,
} from '../src/analysis/pipeline.js';
import { positionTimeline } from '../src/analysis/positions/timeline.js';
import { analysisKnowledge } from '../src/services/analysis-knowledge.js';
import {
  framesOf,
  generatedRoll,
  replayDetector,
  type GeneratedRoll,
  type ScriptedStretch,
} from './support/generated-rolls.js';

/**
 * The whole local analysis (tracking, identification, the position model, the hidden Markov model and
 * the findings) on generated rolls replayed through a fake pose detector: what a user reads must follow
 * what happened in the roll. The skeletons come from the same 3D generator the model was trained on,
 * but from seeds it never saw, one camera per roll, with detector noise in every frame.
 */

/**
 * The student (blue) stands, pulls guard, is passed and mounted, gets out from under the mount into
 * the partner's guard on top, and passes to side control. A stretch with nobody in the shot and one
 * where only the student is seen sit in the middle.
 */
const SCRIPT: ScriptedStretch[] = [
  { position: 'standing', top: null, seconds: 10 },
  { position: 'closed-guard', top: 'partner', seconds: 14 },
  { position: 'side-control', top: 'partner', seconds: 12 },
  { position: 'mount', top: 'partner', seconds: 12 },
  { position: 'nobody', top: null, seconds: 6 },
  { position: 'alone', top: null, seconds: 10 },
  { position: 'closed-guard', top: 'student', seconds: 14 },
  { position: 'side-control', top: 'student', seconds: 14 },
];
const FPS = 2;

async function analyse(roll: GeneratedRoll, studentIdentifier: string, timelineOf: TimelineOf = positionTimeline) {
  const result = await analyseRoll(framesOf(roll), replayDetector(roll), timelineOf, analysisKnowledge, {
    durationSeconds: roll.durationSeconds,
    framesPerSecond: roll.framesPerSecond,
    studentIdentifier,
    language: 'en',
    onProgress: () => undefined,
  });
  return AnalysisResult.parse(result);
}

const segmentAt = (timeline: readonly PositionSegment[], time: number) =>
  timeline.find((segment) => segment.start <= time + 1e-9 && time < segment.end - 1e-9) ?? null;

/** Share of the frames with two athletes whose position and top (from the student's side) the timeline has right. */
function agreement(roll: GeneratedRoll, timeline: readonly PositionSegment[]) {
  const scored = roll.labels.filter((label) => label.position !== 'nobody' && label.position !== 'alone');
  const right = scored.filter((label) => {
    const segment = segmentAt(timeline, label.time);
    return segment?.position === label.position && segment.top === label.top;
  });
  return right.length / scored.length;
}

const describeTimeline = (timeline: readonly PositionSegment[]) =>
  timeline.map((s) => `${s.start}-${s.end} ${s.position}/${s.top ?? '-'} (${s.confidence})`).join('\n');

describe.each([7, 8])('a generated roll (seed %i) through the whole analysis', (seed) => {
  const roll = generatedRoll(SCRIPT, { fps: FPS, seed });

  it('follows the positions and who is on top, and reports the changes as the techniques they are', async () => {
    const result = await analyse(roll, 'blue gi');
    const timeline = result.positionTimeline ?? [];
    const right = agreement(roll, timeline);
    console.info(
      `Generated roll ${seed}: ${(100 * right).toFixed(0)} % of frames right\n${describeTimeline(timeline)}`,
    );
    expect(result.athletes).toMatchObject({ found: 2, studentIdentified: true });
    expect(right).toBeGreaterThanOrEqual(0.75);

    const moves = result.techniques.map(
      (technique) => `${technique.techniqueType.name}: ${technique.description.split(':')[0]}`,
    );
    // The partner passes the student's guard; the student passes the partner's.
    expect(moves).toContain('Guard Pass: Your partner');
    expect(moves).toContain('Guard Pass: You');
    // Nobody is credited with a technique the roll did not have: no sweep, no back take.
    expect(moves.filter((move) => move.startsWith('Sweep') || move.startsWith('Back Take'))).toEqual([]);
    expect(result.overallDescription).toMatch(/Positions could be read for \d+ % of the roll/);
  });

  it('shows the stretch with nobody in the shot as no position, and the one with a single athlete as unclear, with no technique from either', async () => {
    const result = await analyse(roll, 'blue gi');
    const timeline = result.positionTimeline ?? [];
    const nobodyFrom = 48;
    // With nobody in the shot there is no segment at all: not standing, not anything.
    for (let time = nobodyFrom + 0.5; time < nobodyFrom + 6; time += 0.5) expect(segmentAt(timeline, time)).toBeNull();
    // Ten seconds with one athlete: positions between two cannot be read.
    const alone = [58, 60, 62, 64].map((time) => segmentAt(timeline, time)?.position);
    expect(alone.filter((position) => position === 'unclear').length).toBeGreaterThanOrEqual(3);
    for (const technique of result.techniques) {
      expect(technique.positionalScenario.name).not.toBe('Unclear');
      expect(technique.name).not.toMatch(/unclear/i);
    }
    // The read share in the summary is the time of the segments that are positions.
    const read = timeline.filter((s) => s.position !== 'unclear').reduce((sum, s) => sum + s.end - s.start, 0);
    expect(result.overallDescription).toContain(`read for ${Math.round((100 * read) / roll.durationSeconds)} %`);
  });

  it('swaps every finding when the student is the other athlete', async () => {
    const asBlue = await analyse(roll, 'blue gi');
    const asWhite = await analyse(roll, 'white gi');
    const flip = (top: PositionSegment['top']) =>
      top === 'student' ? 'partner' : top === 'partner' ? 'student' : null;
    expect(asWhite.positionTimeline).toEqual(asBlue.positionTimeline?.map((s) => ({ ...s, top: flip(s.top) })));
    const who = (result: AnalysisResult) =>
      result.techniques.map(
        (t) =>
          `${t.techniqueType.name} at ${t.startTimestamp} by ${t.description.startsWith('You:') ? 'student' : 'partner'}`,
      );
    expect(who(asWhite)).toEqual(
      who(asBlue).map((line) =>
        line.replace(/by (student|partner)$/, (_m, side: string) => `by ${side === 'student' ? 'partner' : 'student'}`),
      ),
    );
    expect(asBlue.techniques.length).toBeGreaterThan(0);
    // What went well for one is what went wrong for the other.
    expect(asBlue.areasForImprovement.map((area) => area.weaknessCategory)).toContain('guard-retention');
    expect(asWhite.areasForImprovement.map((area) => area.weaknessCategory)).toContain('guard-retention');
    expect(asBlue.overallDescription).not.toEqual(asWhite.overallDescription);
  });
});

describe('a roll with nobody in it', () => {
  it('reports no athletes and no positions, and its note does not talk about what they wear', async () => {
    const roll = generatedRoll([{ position: 'nobody', top: null, seconds: 10 }], { fps: FPS, seed: 3 });
    const result = await analyse(roll, 'blue gi');
    expect(result.positionTimeline).toEqual([]);
    expect(result.techniques).toEqual([]);
    expect(result.athletes).toMatchObject({ found: 0, studentIdentified: false });
    expect(result.athletes?.note).not.toMatch(/blue|could not be told from the footage/);
    expect(result.overallDescription).toMatch(/No athletes were found/);
  });
});

describe('a picture that does not change (a still made into a video)', () => {
  it('is looked at once: the frames that repeat it keep its people and are marked repeats', async () => {
    const roll = generatedRoll([{ position: 'mount', top: 'student', seconds: 1 }], { fps: FPS, seed: 5 });
    const [still] = roll.frames;
    if (!still) throw new Error('the generated roll has no frame');
    // The same picture six times, with a video's compression noise (a level up or down here and there),
    // then a frame where something small moved (a block of one cell of the grid, 40 levels brighter).
    let noise = 1;
    const again = (time: number): RollFrame => ({
      ...still,
      time,
      rgb: still.rgb.map((value) =>
        Math.max(0, Math.min(255, value + (((noise = (noise * 48271) % 2147483647) % 3) - 1))),
      ),
    });
    const moved = again(3);
    for (let y = 10; y < 20; y++)
      for (let x = 10; x < 20; x++) moved.rgb.fill(160, (y * still.width + x) * 3, (y * still.width + x + 1) * 3);
    const frames = [still, ...[0.5, 1, 1.5, 2, 2.5].map(again), moved];
    // A pose model that answers the same picture differently each time it is asked (as MoveNet does
    // under compression noise): the first answer must hold for the repeats.
    const looked: number[] = [];
    const people = roll.people.get(still.time) ?? [];
    const detector: PoseDetector = {
      name: 'unsteady',
      version: 'test',
      detect(frame) {
        looked.push(frame.time);
        return Promise.resolve(looked.length === 1 ? people : people.slice(0, 1));
      },
    };
    const seen = await seeFrames(frames, detector);
    expect(looked).toEqual([0, 3]);
    expect(seen.map((frame) => frame.repeat === true)).toEqual([false, true, true, true, true, true, false]);
    expect(people.length).toBe(2);
    for (const frame of seen.slice(0, 6)) expect(frame.people).toBe(seen[0]?.people);
    expect(seen[6]?.people.length).toBe(1);
  });
});

describe('a roll of pictures made into a video (each picture held for its 2 s)', () => {
  it('reads as the same pictures read one by one: a held picture is one observation, not one a frame', async () => {
    // One picture every 2 s: side control, one picture of a mount, side control again.
    const script: ScriptedStretch[] = [
      { position: 'side-control', top: 'partner', seconds: 12 },
      { position: 'mount', top: 'partner', seconds: 2 },
      { position: 'side-control', top: 'partner', seconds: 12 },
    ];
    const pictures = generatedRoll(script, { fps: 0.5, seed: 12 });
    // The same pictures held over a video sampled at 2 frames a second: each picture four times.
    const held: GeneratedRoll = {
      ...pictures,
      frames: pictures.frames.flatMap((frame) =>
        [0, 0.5, 1, 1.5].map((offset) => ({ ...frame, time: frame.time + offset })),
      ),
      framesPerSecond: 2,
    };
    const asPictures = (await analyse(pictures, 'blue')).positionTimeline ?? [];
    const asVideo = (await analyse(held, 'blue')).positionTimeline ?? [];
    const at = (timeline: readonly PositionSegment[], time: number) => {
      const segment = segmentAt(timeline, time);
      return segment ? `${segment.position}/${segment.top ?? '-'}` : 'none';
    };
    const differing = pictures.frames.filter((frame) => at(asPictures, frame.time) !== at(asVideo, frame.time));
    expect(
      differing.map((frame) => frame.time),
      `pictures:\n${describeTimeline(asPictures)}\nvideo:\n${describeTimeline(asVideo)}`,
    ).toEqual([]);
    // And the picture of the mount is no segment of its own: the side control round it holds.
    expect(at(asVideo, 12)).toBe('side-control/partner');
  });
});

describe('the frames with the pose model', () => {
  it('tells it where the athletes were by the frames up to two before, so any number of threads gives the same analysis', async () => {
    const roll = generatedRoll(
      [
        { position: 'standing', top: null, seconds: 3 },
        { position: 'closed-guard', top: 'partner', seconds: 3 },
      ],
      { fps: FPS, seed: 11 },
    );
    /** Where each frame was told to look, with `threads` frames allowed at once; later frames answer first. */
    const focusWith = async (threads: number) => {
      const told: Array<{ time: number; focus: string }> = [];
      const detector: PoseDetector = {
        name: 'replay',
        version: 'test',
        concurrency: threads,
        async detect(frame, focus) {
          told.push({ time: frame.time, focus: focus ? JSON.stringify(focus) : 'none' });
          await new Promise((resolve) => setTimeout(resolve, 20 - frame.time));
          return roll.people.get(frame.time) ?? [];
        },
      };
      await seeFrames(roll.frames, detector);
      return told.sort((x, y) => x.time - y.time);
    };
    const one = await focusWith(1);
    expect(one.slice(0, 2).map(({ focus }) => focus)).toEqual(['none', 'none']);
    expect(one.slice(2).every(({ focus }) => focus !== 'none')).toBe(true);
    expect(await focusWith(2)).toEqual(one);
    expect(await focusWith(4)).toEqual(one);
  });
});
