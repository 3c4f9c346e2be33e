import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  pauseRun,
  resumeRun,
  startRun,
  type RoundConfig,
  type RoundRun,
} from '@/features/coach/components/round-timer-machine';

/** The local-storage entry of the one round timer, so that a reload or a locked phone finds it running. */
export const ROUND_TIMER_STORAGE_KEY = 'round-timer-storage';

/** The round timer that runs, and the session and sparring block it belongs to. */
export interface OwnedRun extends RoundRun {
  sessionId: number;
  /** What it times, such as "Sparring: Positional rounds"; shown where another session offers a timer. */
  label: string;
}

const StoredRun = z.object({
  sessionId: z.number().int().positive(),
  label: z.string(),
  config: z.object({
    rounds: z.number().int().min(1),
    workSeconds: z.number().int().min(1),
    restSeconds: z.number().int().min(0),
  }),
  startedAt: z.number().finite(),
  pausedAt: z.number().finite().nullable(),
  pausedMs: z.number().finite().min(0),
});
const PersistedRoundTimer = z.object({ run: StoredRun.nullable() });

interface RoundTimerState {
  /** The one round timer; starting another replaces it, so only one runs at a time. */
  run: OwnedRun | null;
  start: (owner: { sessionId: number; label: string }, config: RoundConfig, now: number) => void;
  pause: (now: number) => void;
  resume: (now: number) => void;
  reset: () => void;
}

export const useRoundTimerStore = create<RoundTimerState>()(
  persist(
    (set) => ({
      run: null,
      start: ({ sessionId, label }, config, now) => set({ run: { sessionId, label, ...startRun(config, now) } }),
      pause: (now) => set(({ run }) => ({ run: run && { ...run, ...pauseRun(run, now) } })),
      resume: (now) => set(({ run }) => ({ run: run && { ...run, ...resumeRun(run, now) } })),
      reset: () => set({ run: null }),
    }),
    {
      name: ROUND_TIMER_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ run }) => ({ run }),
      // A stored entry from another build, or typed by hand, is dropped rather than trusted.
      merge: (persisted, current) => {
        const parsed = PersistedRoundTimer.safeParse(persisted);
        return parsed.success ? { ...current, run: parsed.data.run } : current;
      },
    },
  ),
);
