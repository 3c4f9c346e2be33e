import { create } from 'zustand';

export interface BannerNotification {
  title: string;
  /** The video title line. */
  message: string;
  /** Name of the user who shared it; shown as 'Shared by: <name>' when present. */
  sharedBy?: string;
  /** Where the notification leads, as a link on the banner. */
  link?: { to: string; label: string };
}

interface NotificationState {
  current: (BannerNotification & { id: number }) | null;
  show: (notification: BannerNotification) => void;
  dismiss: () => void;
}

let nextId = 1;

/** The banner shows one notification at a time; a newer one replaces the one on screen. */
export const useNotificationStore = create<NotificationState>()((set) => ({
  current: null,
  show: (notification) => set({ current: { ...notification, id: nextId++ } }),
  dismiss: () => set({ current: null }),
}));
