import type { ThemePreference } from './stores/preferences-store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export type ResolvedTheme = 'light' | 'dark';

export function resolveTheme(preference: ThemePreference, systemDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** The opposite of what is on screen: what the header's toggle switches to, so that every click shows. */
export function toggledTheme(preference: ThemePreference, systemDark: boolean): ResolvedTheme {
  return resolveTheme(preference, systemDark) === 'dark' ? 'light' : 'dark';
}

/** Whether the operating system asks for a dark colour scheme right now. */
export function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

/** Calls `onChange` whenever the operating system switches its colour scheme. Returns a cleanup. */
export function subscribeToSystemTheme(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Applies the theme now and, in system mode, whenever the operating system switches. Returns a cleanup. */
export function followTheme(preference: ThemePreference, root: HTMLElement = document.documentElement): () => void {
  const apply = () => root.classList.toggle('dark', resolveTheme(preference, systemPrefersDark()) === 'dark');
  apply();
  return preference === 'system' ? subscribeToSystemTheme(apply) : () => undefined;
}
