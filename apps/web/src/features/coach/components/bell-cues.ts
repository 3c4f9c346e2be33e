import type { TimerCue } from './timer-machine';

/** The one default bell file, made by scripts/make-bell-sound.mjs and served from public/sounds. */
export const BELL_SOUND_URL = '/sounds/bell.mp3';

/** A segment of the bell file: where it starts and how long it plays before it is paused, in seconds. */
export interface BellSegment {
  at: number;
  duration: number;
}

/** The cues of the bell file: the countdown's three, and the round timer's ten-second warning. */
export type BellCue = TimerCue | 'warning';

/**
 * Where each cue sits in the bell sound: start at 0 s for 2 s, pause/resume at 9 s for 2 s, finish at
 * 17 s for 3 s, and the round timer's warning (four fast, high taps) at 21 s for 2 s.
 */
export const BELL_CUES: Record<BellCue, BellSegment> = {
  start: { at: 0, duration: 2 },
  pauseResume: { at: 9, duration: 2 },
  finish: { at: 17, duration: 3 },
  warning: { at: 21, duration: 2 },
};
