import { useSyncExternalStore } from 'react';
import { subscribeToSystemTheme, systemPrefersDark } from './theme';

/** Whether the operating system is in dark mode, kept live. */
export function useSystemDark(): boolean {
  return useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
}
