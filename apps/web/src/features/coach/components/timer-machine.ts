/**
 * The countdown timer of the lesson plan, as a pure state machine:
 * idle (full time) → Start → running → Pause → paused → Resume → running; Reset returns to idle at full
 * time from any state and stops the audio. Each tick takes one second; the tick that reaches 0 plays
 * the finish cue, completes once and stops. Start is ignored when the duration is 0.
 */

export type TimerStatus = 'idle' | 'running' | 'paused' | 'finished';

export interface TimerState {
  status: TimerStatus;
  /** The full time, in whole seconds. */
  total: number;
  /** The time left, in whole seconds. */
  remaining: number;
}

export type TimerEvent =
  { type: 'start' } | { type: 'pause' } | { type: 'resume' } | { type: 'reset' } | { type: 'tick' };

/** The sound cues of the one bell file. */
export type TimerCue = 'start' | 'pauseResume' | 'finish';

/** What the component does after a transition: play a cue, stop the audio, or report completion. */
export type TimerEffect = { type: 'play'; cue: TimerCue } | { type: 'stopAudio' } | { type: 'complete' };

export interface TimerStep {
  state: TimerState;
  effects: TimerEffect[];
}

/** A timer of `seconds` (rounded to whole seconds, never below 0), idle at full time. */
export function initialTimer(seconds: number): TimerState {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  return { status: 'idle', total, remaining: total };
}

const unchanged = (state: TimerState): TimerStep => ({ state, effects: [] });

/** One transition. An event that does not apply in the current state changes nothing. */
export function stepTimer(state: TimerState, event: TimerEvent): TimerStep {
  switch (event.type) {
    case 'start':
      if (state.status !== 'idle' || state.total === 0) return unchanged(state);
      return {
        state: { ...state, status: 'running', remaining: state.total },
        effects: [{ type: 'play', cue: 'start' }],
      };
    case 'pause':
      if (state.status !== 'running') return unchanged(state);
      return { state: { ...state, status: 'paused' }, effects: [{ type: 'play', cue: 'pauseResume' }] };
    case 'resume':
      if (state.status !== 'paused') return unchanged(state);
      return { state: { ...state, status: 'running' }, effects: [{ type: 'play', cue: 'pauseResume' }] };
    case 'reset':
      return { state: initialTimer(state.total), effects: [{ type: 'stopAudio' }] };
    case 'tick': {
      if (state.status !== 'running') return unchanged(state);
      const remaining = Math.max(0, state.remaining - 1);
      if (remaining > 0) return { state: { ...state, remaining }, effects: [] };
      return {
        state: { ...state, status: 'finished', remaining: 0 },
        effects: [{ type: 'play', cue: 'finish' }, { type: 'complete' }],
      };
    }
  }
}

/** The reducer form of the machine, for `useReducer` and tests: the state after the event. */
export function timerReducer(state: TimerState, event: TimerEvent): TimerState {
  return stepTimer(state, event).state;
}

/** Red (and pulsing) at 10 s or less when the duration exceeds 10 s. */
export const RED_THRESHOLD_SECONDS = 10;
/** Yellow at 25 % remaining or less when the duration exceeds 30 s. */
export const YELLOW_THRESHOLD_RATIO = 0.25;
export const YELLOW_MIN_DURATION_SECONDS = 30;

export type TimerUrgency = 'normal' | 'warning' | 'critical';

/** How close the end is: critical (red, pulsing) wins over warning (yellow). */
export function timerUrgency({ total, remaining }: TimerState): TimerUrgency {
  if (total > RED_THRESHOLD_SECONDS && remaining <= RED_THRESHOLD_SECONDS) return 'critical';
  if (total > YELLOW_MIN_DURATION_SECONDS && remaining <= total * YELLOW_THRESHOLD_RATIO) return 'warning';
  return 'normal';
}

/** The remaining percentage, 0 to 100, for the progress bar. A zero-length timer shows 0. */
export function remainingPercent({ total, remaining }: TimerState): number {
  return total > 0 ? (remaining / total) * 100 : 0;
}

/** Seconds as mm:ss; minutes grow past two digits rather than wrap. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
