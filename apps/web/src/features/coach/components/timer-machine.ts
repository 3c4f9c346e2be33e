/**
 * The countdown timer of the lesson plan, as a pure state machine:
 * idle (full time) → Start → running → Pause → paused → Resume → running; Reset returns to idle at full
 * time from any state and stops the audio. Start is ignored when the duration is 0.
 *
 * Like the round timer (round-timer-machine.ts), a running countdown is kept as the moment it ends, never
 * as a counter of ticks: every event carries the time now, and the time left is the end less now, so
 * whatever the clock says when the page looks again (a locked phone, a hidden tab whose ticks the browser
 * held back) gives the right time. Pause keeps the time left and Resume sets a new end from it. The first
 * look at or past the end plays the finish cue, completes once and stops; the cue only when that look comes
 * within `FINISH_CUE_GRACE_MS` of the end, since the bell belongs to the moment, not to what was missed.
 */

export type TimerStatus = 'idle' | 'running' | 'paused' | 'finished';

export interface TimerState {
  status: TimerStatus;
  /** The full time, in whole seconds. */
  total: number;
  /** The time left as shown, in whole seconds, rounded up so that 00:00 shows only at the end. */
  remaining: number;
  /** While running: when the time runs out, in epoch milliseconds; null otherwise. */
  endsAt: number | null;
  /** While idle or paused: the milliseconds left, which Resume runs from. */
  leftMs: number;
}

/** Every event but Reset happens at a moment, in epoch milliseconds (`Date.now()`). */
export type TimerEvent =
  | { type: 'start'; now: number }
  | { type: 'pause'; now: number }
  | { type: 'resume'; now: number }
  | { type: 'tick'; now: number }
  | { type: 'reset' };

/** The sound cues of the one bell file. */
export type TimerCue = 'start' | 'pauseResume' | 'finish';

/** What the component does after a transition: play a cue, stop the audio, or report completion. */
export type TimerEffect = { type: 'play'; cue: TimerCue } | { type: 'stopAudio' } | { type: 'complete' };

export interface TimerStep {
  state: TimerState;
  effects: TimerEffect[];
}

/**
 * How late after the end the finish cue still plays: a look at the clock later than this (a phone woken
 * minutes after the end) finishes the timer in silence, as the round timer's bells do (`cueBetween`).
 */
export const FINISH_CUE_GRACE_MS = 2000;

/** A timer of `seconds` (rounded to whole seconds, never below 0), idle at full time. */
export function initialTimer(seconds: number): TimerState {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  return { status: 'idle', total, remaining: total, endsAt: null, leftMs: total * 1000 };
}

const unchanged = (state: TimerState): TimerStep => ({ state, effects: [] });

/** Whole seconds shown for `ms` left: rounded up, so that a started minute shows 01:00 until a second went. */
const shownSeconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

/** The running timer that ends at `endsAt`, looked at `now`: the time left, or finished when it has run out. */
function lookAt(state: TimerState, endsAt: number, now: number): TimerStep {
  const leftMs = endsAt - now;
  if (leftMs > 0) {
    const remaining = shownSeconds(leftMs);
    return remaining === state.remaining ? unchanged(state) : { state: { ...state, remaining }, effects: [] };
  }
  const finish: TimerEffect[] = now - endsAt <= FINISH_CUE_GRACE_MS ? [{ type: 'play', cue: 'finish' }] : [];
  return {
    state: { ...state, status: 'finished', remaining: 0, endsAt: null, leftMs: 0 },
    effects: [...finish, { type: 'complete' }],
  };
}

/** One transition. An event that does not apply in the current state changes nothing. */
export function stepTimer(state: TimerState, event: TimerEvent): TimerStep {
  switch (event.type) {
    case 'start':
      if (state.status !== 'idle' || state.total === 0) return unchanged(state);
      return {
        state: {
          ...state,
          status: 'running',
          remaining: state.total,
          endsAt: event.now + state.total * 1000,
          leftMs: state.total * 1000,
        },
        effects: [{ type: 'play', cue: 'start' }],
      };
    case 'pause': {
      if (state.status !== 'running' || state.endsAt === null) return unchanged(state);
      const leftMs = state.endsAt - event.now;
      // Paused at or after the end (the last tick had not come yet): it has finished.
      if (leftMs <= 0) return lookAt(state, state.endsAt, event.now);
      return {
        state: { ...state, status: 'paused', remaining: shownSeconds(leftMs), endsAt: null, leftMs },
        effects: [{ type: 'play', cue: 'pauseResume' }],
      };
    }
    case 'resume':
      if (state.status !== 'paused') return unchanged(state);
      return {
        state: { ...state, status: 'running', endsAt: event.now + state.leftMs },
        effects: [{ type: 'play', cue: 'pauseResume' }],
      };
    case 'reset':
      return { state: initialTimer(state.total), effects: [{ type: 'stopAudio' }] };
    case 'tick':
      if (state.status !== 'running' || state.endsAt === null) return unchanged(state);
      return lookAt(state, state.endsAt, event.now);
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
export function timerUrgency({ total, remaining }: Pick<TimerState, 'status' | 'total' | 'remaining'>): TimerUrgency {
  if (total > RED_THRESHOLD_SECONDS && remaining <= RED_THRESHOLD_SECONDS) return 'critical';
  if (total > YELLOW_MIN_DURATION_SECONDS && remaining <= total * YELLOW_THRESHOLD_RATIO) return 'warning';
  return 'normal';
}

/** The remaining percentage, 0 to 100, for the progress bar. A zero-length timer shows 0. */
export function remainingPercent({ total, remaining }: Pick<TimerState, 'status' | 'total' | 'remaining'>): number {
  return total > 0 ? (remaining / total) * 100 : 0;
}

/** Seconds as mm:ss; minutes grow past two digits rather than wrap. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
