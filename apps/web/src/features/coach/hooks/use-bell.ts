import { useCallback, useEffect, useMemo, useRef } from 'react';
import { BELL_CUES, BELL_SOUND_URL, type BellCue } from '@/features/coach/components/bell-cues';

/** The name of the window event each cue dispatches, with the cue as its `detail`. */
export const BELL_EVENT = 'openmat:bell';

export interface Bell {
  /** Plays the cue's segment of the bell file, then pauses at its end. A cue cuts the one before. */
  play(cue: BellCue): void;
  /** Stops any sound at once. */
  stop(): void;
}

/**
 * The bell of one timer: one audio element, made on the first cue so that a page of idle timers loads
 * no sound. A browser that refuses to play (autoplay rules) is ignored silently: the timer still works.
 */
export function useBell(src: string = BELL_SOUND_URL): Bell {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const stopTimerRef = useRef<number | null>(null);

  const clearStopTimer = useCallback(() => {
    if (stopTimerRef.current !== null) window.clearTimeout(stopTimerRef.current);
    stopTimerRef.current = null;
  }, []);

  const stop = useCallback(() => {
    clearStopTimer();
    audioRef.current?.pause();
  }, [clearStopTimer]);

  const play = useCallback(
    (cue: BellCue) => {
      const segment = BELL_CUES[cue];
      // Every cue is also an event on the window: what a browser test observes instead of the sound.
      window.dispatchEvent(new CustomEvent<BellCue>(BELL_EVENT, { detail: cue }));
      clearStopTimer();
      audioRef.current ??= new Audio(src);
      const audio = audioRef.current;
      audio.pause();
      audio.currentTime = segment.at;
      // play() returns a promise that rejects when autoplay is refused; older browsers return nothing.
      const playing: Promise<void> | undefined = audio.play();
      playing?.catch(() => undefined);
      stopTimerRef.current = window.setTimeout(() => {
        stopTimerRef.current = null;
        audio.pause();
      }, segment.duration * 1000);
    },
    [clearStopTimer, src],
  );

  useEffect(() => stop, [stop]);

  return useMemo(() => ({ play, stop }), [play, stop]);
}
