import { AnalysisResult, type PositionSegment } from '@openmat/contract/analysis';
import { describe, expect, it } from 'vitest';
import { analyseRoll, type TimelineOf } from '../src/analysis/pipeline.js';
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
    expect(result.athletes?.note).not.toMatch(/blue|look alike/);
    expect(result.overallDescription).toMatch(/No athletes were found/);
  });
});
