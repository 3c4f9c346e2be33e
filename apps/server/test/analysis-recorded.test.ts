import { AnalysisResult, type PositionSegment } from '@openmat/contract/analysis';
import { describe, expect, it } from 'vitest';
import { readSeen } from '../src/analysis/pipeline.js';
import { positionTimeline } from '../src/analysis/positions/timeline.js';
import { analysisKnowledge } from '../src/services/analysis-knowledge.js';
import { recordedSeen, recordedStillClip } from './support/recorded-pose.js';

/**
 * The analysis after the pose stage (tracking, telling the student apart, the position model, the hidden
 * Markov model and the findings) on pose streams the real pose stage recorded on real development footage
 * (test/fixtures/pose-streams): what it says of real people, replayed exactly, colours included, with no
 * footage needed. The pose stage itself is tested on the footage in `pose-footage.test.ts`.
 */
function read(name: 'openmat-roll' | 'judo', framesPerSecond: number, studentIdentifier: string) {
  return readStream(recordedSeen(name), framesPerSecond, studentIdentifier);
}

function readStream(seen: ReturnType<typeof recordedSeen>, framesPerSecond: number, studentIdentifier: string) {
  const durationSeconds = (seen.at(-1)?.time ?? 0) + 1 / framesPerSecond;
  const result = readSeen(seen, { name: 'replay', version: 'recorded' }, positionTimeline, analysisKnowledge, {
    durationSeconds,
    framesPerSecond,
    studentIdentifier,
    language: 'en',
    onProgress: () => undefined,
  });
  return { result: AnalysisResult.parse(result), durationSeconds };
}

const at = (timeline: readonly PositionSegment[] | undefined, time: number) =>
  (timeline ?? []).find((segment) => segment.start <= time && time < segment.end)?.position ?? 'none';

/** The share of the roll's time the timeline names a position in, as the summary rounds it. */
function readShare(timeline: readonly PositionSegment[] | undefined, durationSeconds: number, start = 0) {
  const read = (timeline ?? [])
    .filter((segment) => segment.position !== 'unclear')
    .reduce((sum, segment) => sum + segment.end - segment.start, 0);
  return Math.round((100 * read) / (durationSeconds - start));
}

describe('the analysis of real pose streams (recorded by the pose stage on real footage)', () => {
  it('reads the open-mat roll: on the feet, then the 50/50 stretch as open guard, and says it cannot read the rest', () => {
    // One picture every 2 s from 25 s; rough labels: 29-43 s open guard and 50/50, then half guard and side control.
    const { result, durationSeconds } = read('openmat-roll', 0.5, 'black top');
    const timeline = result.positionTimeline;
    expect(at(timeline, 25)).toBe('standing');
    for (const time of [31, 35, 37, 39, 41, 43]) expect(at(timeline, time)).toBe('open-guard');
    // The tangled ground stretch is unclear, never a confident position or a scramble nobody saw.
    for (const time of [49, 53, 57, 61, 65, 69]) expect(at(timeline, time)).toBe('unclear');
    expect(result.techniques).toEqual([]);
    expect(result.athletes).toMatchObject({ found: 2, studentIdentified: true, note: 'You are the athlete in black.' });
    // The summary's share of the roll read is the timeline's, over the whole video from its start.
    expect(result.overallDescription).toContain(
      `Positions could be read for ${String(readShare(timeline, durationSeconds))} % of the roll`,
    );
    expect(result.overallDescription).toContain('Open guard 80 %, Standing 20 %');
    expect(result.overallDescription).toContain('No change of position was clear enough to report as a technique.');
    // Most of it unread: the summary says how to film a roll the analysis can read.
    expect(result.overallDescription).toContain('The analysis reads a roll best when it is filmed from the side');
  });

  it('names the athlete in black, and nobody for a red it cannot tell from the black or a blue nobody wears', () => {
    const red = read('openmat-roll', 0.5, 'red shorts').result.athletes;
    const black = read('openmat-roll', 0.5, 'black top').result.athletes;
    expect(black?.studentIdentified).toBe(true);
    // The red athlete's clothes measure as a dark brownish red, too near the black top's to be told apart.
    expect(red).toMatchObject({
      studentIdentified: false,
      note: 'Which athlete wears "red" could not be told from the footage, so the findings are told from the side of the athlete who started on the left.',
    });
    // Two white gis: one in shadow, so nearer white is one of them, but blue is neither.
    expect(read('judo', 30, 'blue gi').result.athletes?.studentIdentified).toBe(false);
    // Nor is the one in shadow "the black one", or the other "the white one": both wear white.
    expect(read('judo', 30, 'black gi').result.athletes?.studentIdentified).toBe(false);
    expect(read('judo', 30, 'white gi').result.athletes?.studentIdentified).toBe(false);
  });

  it('says who is on top on real stills made into clips, and naming the other colour swaps it', () => {
    // Each still's description says who is on top by what they wear; the findings are the student's.
    const cases = [
      { file: 'close_guard01.jpeg', top: 'blue gi', bottom: 'white gi', guard: true },
      { file: 'mount04.jpg', top: 'blue gi', bottom: 'white gi', guard: false },
    ] as const;
    for (const { file, top, bottom, guard } of cases) {
      const { seen } = recordedStillClip(file);
      const asTop = readStream(seen, 2, top).result;
      const asBottom = readStream(seen, 2, bottom).result;
      expect(asTop.athletes?.studentIdentified, file).toBe(true);
      expect(asBottom.athletes?.studentIdentified, file).toBe(true);
      const [topSegment] = asTop.positionTimeline ?? [];
      const [bottomSegment] = asBottom.positionTimeline ?? [];
      expect(topSegment?.top, file).toBe('student');
      expect(bottomSegment?.top, file).toBe('partner');
      expect(bottomSegment?.position, file).toBe(topSegment?.position);
      if (guard) expect(['closed-guard', 'open-guard']).toContain(topSegment?.position);
      expect(asTop.overallDescription, file).toContain('On the ground you were on top 100 % of the time.');
      expect(asBottom.overallDescription, file).toContain('On the ground you were on top 0 % of the time.');
    }
    // A low mount, white on top: the white gi is told, the blue one (in shadow under her) is not.
    const low = readStream(recordedStillClip('mount05.jpeg').seen, 2, 'white gi').result;
    expect(low.positionTimeline?.[0]?.top).toBe('student');
  });

  it('reads the judo clip: standing while they grip, no ground position after the throw, all of it read', () => {
    const { result } = read('judo', 30, 'white gi');
    const timeline = result.positionTimeline;
    for (const time of [0, 0.2, 0.4]) expect(at(timeline, time)).toBe('standing');
    // The thrown judoka is down and the thrower stands over him: no pin yet, so both are between positions.
    for (const time of [0.9, 1, 1.1]) expect(['scramble', 'standing']).toContain(at(timeline, time));
    expect(timeline?.every((segment) => segment.top === null)).toBe(true);
    expect(result.techniques).toEqual([]);
    expect(result.overallDescription).toContain('Positions could be read for the whole roll (0:01).');
    expect(result.overallDescription).not.toContain('reads a roll best');
  });
});
