import { describe, expect, it } from 'vitest';
import {
  cueBetween,
  cueTimes,
  pauseRun,
  resumeRun,
  roundsFromPlan,
  startRun,
  totalMs,
  viewAt,
  type RoundConfig,
} from './round-timer-machine';

const T0 = 1_800_000_000_000;
const s = (seconds: number) => seconds * 1000;
const FIVE_OF_THREE: RoundConfig = { rounds: 5, workSeconds: 180, restSeconds: 60 };

describe('roundsFromPlan', () => {
  it('reads the rounds, their length and the rest from the plan, in English and Polish', () => {
    // As the server writes the sparring: 5 × 3 minutes and 4 rests of a minute make its 19 minutes.
    expect(
      roundsFromPlan('Positional sparring. 5 rounds of 3 minutes with 1 minute of rest between them.', 19),
    ).toEqual(FIVE_OF_THREE);
    expect(roundsFromPlan('Sparing pozycyjny. 4 rundy po 5 minut, 1 minuta przerwy między rundami.', 23)).toEqual({
      rounds: 4,
      workSeconds: 300,
      restSeconds: 60,
    });
    expect(roundsFromPlan('5 rund po 2 minuty, 2 minuty przerwy między rundami.', 18)).toEqual({
      rounds: 5,
      workSeconds: 120,
      restSeconds: 120,
    });
    expect(roundsFromPlan('1 round of 2 minutes', 2)).toEqual({ rounds: 1, workSeconds: 120, restSeconds: 60 });
    expect(roundsFromPlan('6 x 5 min, 30 s rest', 30)).toEqual({ rounds: 6, workSeconds: 300, restSeconds: 30 });
  });

  it('fits the rests inside the sparring minutes when the plan names none, so the timer ends with the block', () => {
    // Room for a minute between rounds: 5 × 3 + 4 × 1 = 19.
    expect(roundsFromPlan('Positional sparring. 5 rounds of 3 minutes.', 19)).toEqual(FIVE_OF_THREE);
    // A plan whose rounds fill its 15 minutes (made before the rests were planned): no rest, 15 minutes.
    const filled = roundsFromPlan('Positional sparring. 5 rounds of 3 minutes.', 15);
    expect(filled).toEqual({ rounds: 5, workSeconds: 180, restSeconds: 0 });
    expect(totalMs(filled)).toBe(s(15 * 60));
    // Some room: 3 × 2.5 minutes in 8 minutes leave 30 s, 15 s between each two rounds.
    expect(roundsFromPlan('3 rounds of 2,5 minutes', 8)).toEqual({ rounds: 3, workSeconds: 150, restSeconds: 15 });
  });

  it('fills the sparring minutes with rounds of about five minutes and their rests when the text names none', () => {
    const open = roundsFromPlan('Open mat', 15);
    expect(open).toEqual({ rounds: 3, workSeconds: 260, restSeconds: 60 });
    expect(totalMs(open)).toBe(s(15 * 60));
    expect(roundsFromPlan('Open mat', 20)).toEqual({ rounds: 4, workSeconds: 255, restSeconds: 60 });
    // 4 rounds of 277 s and 3 rests of 30 s: 1,198 s, never past the block's 1,200.
    expect(roundsFromPlan('Open mat, 30 s rest', 20)).toEqual({ rounds: 4, workSeconds: 277, restSeconds: 30 });
    expect(roundsFromPlan('Open mat', 3)).toEqual({ rounds: 1, workSeconds: 180, restSeconds: 60 });
    expect(roundsFromPlan('', Number.NaN)).toEqual({ rounds: 1, workSeconds: 300, restSeconds: 60 });
  });
});

describe('round timer', () => {
  it('runs work and rest round after round, with no rest after the last', () => {
    const run = startRun(FIVE_OF_THREE, T0);
    expect(totalMs(FIVE_OF_THREE)).toBe(s(5 * 180 + 4 * 60));
    expect(viewAt(run, T0)).toMatchObject({
      status: 'running',
      round: 1,
      rounds: 5,
      phase: 'work',
      remainingSeconds: 180,
    });
    expect(viewAt(run, T0 + s(179.5))).toMatchObject({ round: 1, phase: 'work', remainingSeconds: 1 });
    expect(viewAt(run, T0 + s(180))).toMatchObject({ round: 1, phase: 'rest', remainingSeconds: 60 });
    expect(viewAt(run, T0 + s(240))).toMatchObject({ round: 2, phase: 'work', remainingSeconds: 180 });
    expect(viewAt(run, T0 + s(2 * 240 + 200))).toMatchObject({ round: 3, phase: 'rest', remainingSeconds: 40 });
    expect(viewAt(run, T0 + s(4 * 240 + 179))).toMatchObject({ round: 5, phase: 'work', remainingSeconds: 1 });
    expect(viewAt(run, T0 + s(4 * 240 + 180))).toMatchObject({ status: 'finished', round: 5, remainingSeconds: 0 });
    expect(viewAt(run, T0 + s(10_000))).toMatchObject({ status: 'finished', round: 5, remainingSeconds: 0 });
  });

  it('stands still while paused and goes on from there when resumed', () => {
    const run = startRun(FIVE_OF_THREE, T0);
    const paused = pauseRun(run, T0 + s(100));
    expect(viewAt(paused, T0 + s(100))).toMatchObject({ status: 'paused', round: 1, remainingSeconds: 80 });
    expect(viewAt(paused, T0 + s(1000))).toMatchObject({ status: 'paused', round: 1, remainingSeconds: 80 });
    expect(pauseRun(paused, T0 + s(500))).toBe(paused);
    const resumed = resumeRun(paused, T0 + s(1000));
    expect(resumeRun(resumed, T0 + s(1001))).toBe(resumed);
    expect(viewAt(resumed, T0 + s(1000))).toMatchObject({ status: 'running', round: 1, remainingSeconds: 80 });
    expect(viewAt(resumed, T0 + s(1080))).toMatchObject({ round: 1, phase: 'rest', remainingSeconds: 60 });
    // A second pause adds to the first.
    const again = resumeRun(pauseRun(resumed, T0 + s(1090)), T0 + s(1190));
    expect(viewAt(again, T0 + s(1190))).toMatchObject({ round: 1, phase: 'rest', remainingSeconds: 50 });
    // A finished run cannot be paused.
    const done = startRun({ rounds: 1, workSeconds: 5, restSeconds: 0 }, T0);
    expect(pauseRun(done, T0 + s(6))).toBe(done);
  });

  it('resumes after a reload from the stored start time and pauses alone', () => {
    const run = pauseRun(startRun({ rounds: 3, workSeconds: 5, restSeconds: 3 }, T0), T0 + s(6));
    const reloaded: unknown = JSON.parse(JSON.stringify(run));
    expect(reloaded).toEqual(run);
    const resumed = resumeRun(run, T0 + s(60));
    // 6 s in: round 1 is over and its rest has 2 s left, whatever happened to the page in the minute between.
    expect(viewAt(resumed, T0 + s(60))).toMatchObject({ round: 1, phase: 'rest', remainingSeconds: 2 });
    expect(viewAt(resumed, T0 + s(62))).toMatchObject({ round: 2, phase: 'work', remainingSeconds: 5 });
  });

  it('rings at every round start and end, and warns ten seconds before the end', () => {
    expect(cueTimes({ rounds: 2, workSeconds: 30, restSeconds: 10 })).toEqual([
      { at: s(0), cue: 'roundStart' },
      { at: s(20), cue: 'warning' },
      { at: s(30), cue: 'roundEnd' },
      { at: s(40), cue: 'roundStart' },
      { at: s(60), cue: 'warning' },
      { at: s(70), cue: 'roundEnd' },
    ]);
    // Rounds of ten seconds or less get no warning.
    expect(cueTimes({ rounds: 1, workSeconds: 5, restSeconds: 3 }).map(({ cue }) => cue)).toEqual([
      'roundStart',
      'roundEnd',
    ]);
    const config = { rounds: 2, workSeconds: 30, restSeconds: 10 };
    expect(cueBetween(config, s(19.75), s(20))).toBe('warning');
    expect(cueBetween(config, s(20), s(20.25))).toBeNull();
    expect(cueBetween(config, s(29.9), s(30.1))).toBe('roundEnd');
    expect(cueBetween(config, s(39.9), s(40.1))).toBe('roundStart');
    expect(cueBetween(config, s(69.9), s(70))).toBe('roundEnd');
    // The start bell is Start's own; a reload that jumps ahead plays nothing it missed.
    expect(cueBetween(config, s(0), s(0.25))).toBeNull();
    expect(cueBetween(config, s(0), s(35))).toBeNull();
  });
});
