import { describe, expect, it } from 'vitest';
import {
  formatClock,
  initialTimer,
  remainingPercent,
  stepTimer,
  timerReducer,
  timerUrgency,
  type TimerEvent,
  type TimerState,
} from './timer-machine';

const run = (state: TimerState, ...events: TimerEvent['type'][]) =>
  events.reduce((current, type) => timerReducer(current, { type }), state);

const ticks = (count: number): 'tick'[] => Array.from({ length: count }, () => 'tick' as const);

describe('timer machine', () => {
  it('starts idle at full time', () => {
    expect(initialTimer(90)).toEqual({ status: 'idle', total: 90, remaining: 90 });
    expect(initialTimer(12.4)).toEqual({ status: 'idle', total: 12, remaining: 12 });
    expect(initialTimer(-5)).toEqual({ status: 'idle', total: 0, remaining: 0 });
    expect(initialTimer(Number.NaN)).toEqual({ status: 'idle', total: 0, remaining: 0 });
  });

  it('goes idle → running → paused → running, with the cues of each step', () => {
    const idle = initialTimer(60);
    const started = stepTimer(idle, { type: 'start' });
    expect(started.state.status).toBe('running');
    expect(started.effects).toEqual([{ type: 'play', cue: 'start' }]);

    const paused = stepTimer(run(started.state, 'tick', 'tick'), { type: 'pause' });
    expect(paused.state).toEqual({ status: 'paused', total: 60, remaining: 58 });
    expect(paused.effects).toEqual([{ type: 'play', cue: 'pauseResume' }]);

    const resumed = stepTimer(paused.state, { type: 'resume' });
    expect(resumed.state).toEqual({ status: 'running', total: 60, remaining: 58 });
    expect(resumed.effects).toEqual([{ type: 'play', cue: 'pauseResume' }]);
  });

  it('ticks one second at a time, only while running', () => {
    expect(run(initialTimer(60), 'tick')).toEqual(initialTimer(60));
    expect(run(initialTimer(60), 'start', 'tick', 'tick', 'tick').remaining).toBe(57);
    expect(run(initialTimer(60), 'start', 'tick', 'pause', 'tick', 'tick').remaining).toBe(59);
  });

  it('resets to full time from any state and stops the audio', () => {
    for (const state of [
      run(initialTimer(30), 'start', 'tick'),
      run(initialTimer(30), 'start', 'tick', 'pause'),
      run(initialTimer(30), 'start', ...ticks(30)),
      initialTimer(30),
    ]) {
      const reset = stepTimer(state, { type: 'reset' });
      expect(reset.state).toEqual({ status: 'idle', total: 30, remaining: 30 });
      expect(reset.effects).toEqual([{ type: 'stopAudio' }]);
    }
  });

  it('ignores Start when the duration is 0', () => {
    const zero = initialTimer(0);
    const step = stepTimer(zero, { type: 'start' });
    expect(step.state).toBe(zero);
    expect(step.effects).toEqual([]);
  });

  it('ignores events that do not apply', () => {
    const running = run(initialTimer(20), 'start');
    expect(stepTimer(running, { type: 'start' }).state).toBe(running);
    expect(stepTimer(running, { type: 'resume' }).state).toBe(running);
    const idle = initialTimer(20);
    expect(stepTimer(idle, { type: 'pause' }).state).toBe(idle);
    expect(stepTimer(idle, { type: 'resume' }).state).toBe(idle);
  });

  it('finishes at 0: plays the finish cue, completes once and stops', () => {
    let state = run(initialTimer(3), 'start', 'tick', 'tick');
    const last = stepTimer(state, { type: 'tick' });
    expect(last.state).toEqual({ status: 'finished', total: 3, remaining: 0 });
    expect(last.effects).toEqual([{ type: 'play', cue: 'finish' }, { type: 'complete' }]);
    state = last.state;
    for (const type of ['tick', 'tick', 'start', 'pause', 'resume'] as const) {
      const after = stepTimer(state, { type });
      expect(after.state).toBe(state);
      expect(after.effects).toEqual([]);
    }
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
