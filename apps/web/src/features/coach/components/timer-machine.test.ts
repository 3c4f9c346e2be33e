import { describe, expect, it } from 'vitest';
import {
  FINISH_CUE_GRACE_MS,
  formatClock,
  initialTimer,
  remainingPercent,
  stepTimer,
  timerReducer,
  timerUrgency,
  type TimerEvent,
  type TimerState,
} from './timer-machine';

const T0 = 1_700_000_000_000;

/** The events in order, the first at T0 and each `at` milliseconds after T0 (the time of the event). */
const run = (state: TimerState, ...events: [TimerEvent['type'], number][]) =>
  events.reduce(
    (current, [type, at]) => timerReducer(current, type === 'reset' ? { type } : { type, now: T0 + at }),
    state,
  );

describe('timer machine', () => {
  it('starts idle at full time', () => {
    expect(initialTimer(90)).toMatchObject({ status: 'idle', total: 90, remaining: 90 });
    expect(initialTimer(12.4)).toMatchObject({ status: 'idle', total: 12, remaining: 12 });
    expect(initialTimer(-5)).toMatchObject({ status: 'idle', total: 0, remaining: 0 });
    expect(initialTimer(Number.NaN)).toMatchObject({ status: 'idle', total: 0, remaining: 0 });
  });

  it('goes idle → running → paused → running, with the cues of each step', () => {
    const idle = initialTimer(60);
    const started = stepTimer(idle, { type: 'start', now: T0 });
    expect(started.state.status).toBe('running');
    expect(started.effects).toEqual([{ type: 'play', cue: 'start' }]);

    const paused = stepTimer(started.state, { type: 'pause', now: T0 + 2000 });
    expect(paused.state).toMatchObject({ status: 'paused', total: 60, remaining: 58 });
    expect(paused.effects).toEqual([{ type: 'play', cue: 'pauseResume' }]);

    const resumed = stepTimer(paused.state, { type: 'resume', now: T0 + 60_000 });
    expect(resumed.state).toMatchObject({ status: 'running', total: 60, remaining: 58 });
    expect(resumed.effects).toEqual([{ type: 'play', cue: 'pauseResume' }]);
  });

  it('counts the time left from the clock, however few ticks came, and not while paused', () => {
    expect(run(initialTimer(60), ['tick', 5000])).toEqual(initialTimer(60));
    expect(run(initialTimer(60), ['start', 0], ['tick', 3000]).remaining).toBe(57);
    // One tick after 40 seconds without any (a locked phone) shows what the clock says.
    expect(run(initialTimer(60), ['start', 0], ['tick', 40_000]).remaining).toBe(20);
    // A started second shows until it has gone: 01:00 at the start, 00:59 only after a whole second.
    expect(run(initialTimer(60), ['start', 0], ['tick', 999]).remaining).toBe(60);
    // Paused at 1 s for 10 s: 59 left, and after Resume the time runs from there.
    const paused = run(initialTimer(60), ['start', 0], ['pause', 1000], ['tick', 11_000]);
    expect(paused).toMatchObject({ status: 'paused', remaining: 59 });
    expect(run(paused, ['resume', 11_000], ['tick', 16_000]).remaining).toBe(54);
    // Pause keeps the time left to the millisecond: paused at 0.5 s, half a second after Resume shows 00:59.
    expect(run(initialTimer(60), ['start', 0], ['pause', 500], ['resume', 9000], ['tick', 9500]).remaining).toBe(59);
  });

  it('resets to full time from any state and stops the audio', () => {
    for (const state of [
      run(initialTimer(30), ['start', 0], ['tick', 1000]),
      run(initialTimer(30), ['start', 0], ['tick', 1000], ['pause', 1500]),
      run(initialTimer(30), ['start', 0], ['tick', 30_000]),
      initialTimer(30),
    ]) {
      const reset = stepTimer(state, { type: 'reset' });
      expect(reset.state).toEqual(initialTimer(30));
      expect(reset.effects).toEqual([{ type: 'stopAudio' }]);
    }
  });

  it('ignores Start when the duration is 0', () => {
    const zero = initialTimer(0);
    const step = stepTimer(zero, { type: 'start', now: T0 });
    expect(step.state).toBe(zero);
    expect(step.effects).toEqual([]);
  });

  it('ignores events that do not apply', () => {
    const running = run(initialTimer(20), ['start', 0]);
    expect(stepTimer(running, { type: 'start', now: T0 + 100 }).state).toBe(running);
    expect(stepTimer(running, { type: 'resume', now: T0 + 100 }).state).toBe(running);
    const idle = initialTimer(20);
    expect(stepTimer(idle, { type: 'pause', now: T0 }).state).toBe(idle);
    expect(stepTimer(idle, { type: 'resume', now: T0 }).state).toBe(idle);
  });

  it('finishes at 0: plays the finish cue, completes once and stops', () => {
    let state = run(initialTimer(3), ['start', 0], ['tick', 1000], ['tick', 2000]);
    expect(state.remaining).toBe(1);
    const last = stepTimer(state, { type: 'tick', now: T0 + 3000 });
    expect(last.state).toMatchObject({ status: 'finished', total: 3, remaining: 0 });
    expect(last.effects).toEqual([{ type: 'play', cue: 'finish' }, { type: 'complete' }]);
    state = last.state;
    for (const type of ['tick', 'tick', 'start', 'pause', 'resume'] as const) {
      const after = stepTimer(state, { type, now: T0 + 4000 });
      expect(after.state).toBe(state);
      expect(after.effects).toEqual([]);
    }
  });

  it('finishes when first looked at after the end; the finish cue only when that look is timely', () => {
    const started = run(initialTimer(60), ['start', 0]);
    // A hidden tab whose tick came a second late still rings.
    const late = stepTimer(started, { type: 'tick', now: T0 + 60_000 + FINISH_CUE_GRACE_MS });
    expect(late.state).toMatchObject({ status: 'finished', remaining: 0 });
    expect(late.effects).toEqual([{ type: 'play', cue: 'finish' }, { type: 'complete' }]);
    // A phone woken five minutes after the end shows the end and completes, in silence.
    const woken = stepTimer(started, { type: 'tick', now: T0 + 360_000 });
    expect(woken.state).toMatchObject({ status: 'finished', remaining: 0 });
    expect(woken.effects).toEqual([{ type: 'complete' }]);
    // Pause pressed after the end, before the tick that would have noticed it: the timer has finished.
    const pausedLate = stepTimer(started, { type: 'pause', now: T0 + 60_100 });
    expect(pausedLate.state.status).toBe('finished');
    expect(pausedLate.effects).toEqual([{ type: 'play', cue: 'finish' }, { type: 'complete' }]);
  });

  it('is red at 10 s or less only when the duration exceeds 10 s', () => {
    expect(timerUrgency({ status: 'running', total: 20, remaining: 11 })).toBe('normal');
    expect(timerUrgency({ status: 'running', total: 20, remaining: 10 })).toBe('critical');
    expect(timerUrgency({ status: 'running', total: 600, remaining: 10 })).toBe('critical');
    expect(timerUrgency({ status: 'finished', total: 600, remaining: 0 })).toBe('critical');
    expect(timerUrgency({ status: 'running', total: 11, remaining: 10 })).toBe('critical');
    expect(timerUrgency({ status: 'running', total: 10, remaining: 5 })).toBe('normal');
  });

  it('is yellow at 25 % or less only when the duration exceeds 30 s', () => {
    expect(timerUrgency({ status: 'running', total: 100, remaining: 26 })).toBe('normal');
    expect(timerUrgency({ status: 'running', total: 100, remaining: 25 })).toBe('warning');
    expect(timerUrgency({ status: 'running', total: 100, remaining: 11 })).toBe('warning');
    expect(timerUrgency({ status: 'running', total: 100, remaining: 10 })).toBe('critical');
    expect(timerUrgency({ status: 'running', total: 600, remaining: 150 })).toBe('warning');
    expect(timerUrgency({ status: 'running', total: 30, remaining: 11 })).toBe('normal');
    expect(timerUrgency({ status: 'running', total: 8, remaining: 1 })).toBe('normal');
    expect(timerUrgency({ status: 'idle', total: 600, remaining: 600 })).toBe('normal');
  });

  it('reports the remaining percentage', () => {
    expect(remainingPercent({ status: 'running', total: 200, remaining: 50 })).toBe(25);
    expect(remainingPercent(initialTimer(90))).toBe(100);
    expect(remainingPercent(initialTimer(0))).toBe(0);
  });

  it('formats mm:ss', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(9)).toBe('00:09');
    expect(formatClock(75)).toBe('01:15');
    expect(formatClock(600)).toBe('10:00');
    expect(formatClock(5999)).toBe('99:59');
    expect(formatClock(6000)).toBe('100:00');
  });
});
