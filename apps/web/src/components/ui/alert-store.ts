import { create } from 'zustand';

/** How a message is marked: a plain notice, a success, or a failure. */
export type AlertTone = 'info' | 'success' | 'error';

export interface QueuedAlert {
  id: number;
  message: string;
  tone: AlertTone;
  /** Settles the promise `showAlert` returned. */
  resolve: () => void;
}

interface AlertState {
  /** The messages waiting to be read; the first one is on screen. */
  queue: QueuedAlert[];
  show: (message: string, options?: { tone?: AlertTone }) => Promise<void>;
  /** The user closed the message: the next one, if any, takes its place. */
  dismiss: (id: number) => void;
  /** Drops every message without settling its promise (a test's clean-up). */
  reset: () => void;
}

let nextId = 1;

/** The in-app replacement for `window.alert`: one queue of messages, shown one at a time by `AlertDialogHost`. */
export const useAlertStore = create<AlertState>()((set, get) => ({
  queue: [],
  show: (message, { tone = 'info' } = {}) =>
    new Promise<void>((resolve) => {
      set(({ queue }) => ({ queue: [...queue, { id: nextId++, message, tone, resolve }] }));
    }),
  dismiss: (id) => {
    const closed = get().queue.find((alert) => alert.id === id);
    if (!closed) return;
    set(({ queue }) => ({ queue: queue.filter((alert) => alert !== closed) }));
    closed.resolve();
  },
  reset: () => set({ queue: [] }),
}));

/**
 * Shows a message in the app's alert dialog, after any already showing. The promise settles when
 * the user closes it (OK or Escape), so a caller can wait before moving on, as it did for
 * `window.alert`.
 */
export function showAlert(message: string, options?: { tone?: AlertTone }): Promise<void> {
  return useAlertStore.getState().show(message, options);
}
