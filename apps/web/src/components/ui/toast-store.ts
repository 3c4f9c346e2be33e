import { create } from 'zustand';

/** How a toast is marked: a plain notice, a success, a warning, or a failure. */
export type ToastTone = 'info' | 'success' | 'warning' | 'error';

/** A toast shows for 5 seconds unless told otherwise (spec section 9). */
export const TOAST_DURATION_MS = 5000;
/** A toast swiped sideways this far (in CSS pixels) is dismissed (spec section 9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** How long it stays, in milliseconds; `TOAST_DURATION_MS` by default. */
  duration?: number;
  /** One button that takes the action back (an Undo); pressing it also closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface Toast extends Required<Omit<ToastInput, 'description' | 'action'>> {
  id: number;
  description: string | null;
  action: ToastAction | null;
}

interface ToastState {
  /** The toast on screen: there is one at a time, and a newer one replaces it. */
  current: Toast | null;
  show: (toast: ToastInput) => number;
  /** Closes the toast with this id, if it is still the one on screen. */
  dismiss: (id: number) => void;
}

let nextId = 1;

/** Short messages that come and go by themselves, shown one at a time by `Toaster`. */
export const useToastStore = create<ToastState>()((set) => ({
  current: null,
  show: ({ title, description, tone = 'info', duration = TOAST_DURATION_MS, action }) => {
    const id = nextId++;
    set({ current: { id, title, description: description ?? null, tone, duration, action: action ?? null } });
    return id;
  },
  dismiss: (id) => set((state) => (state.current?.id === id ? { current: null } : state)),
}));

/** Shows a toast in place of the one on screen (if any); answers its id. */
export function showToast(toast: ToastInput): number {
  return useToastStore.getState().show(toast);
}
