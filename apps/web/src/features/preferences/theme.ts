import type { ThemePreference } from './stores/preferences-store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(preference: ThemePreference, systemDark: boolean): 'light' | 'dark' {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/** Applies the theme now and, in system mode, whenever the operating system switches. Returns a cleanup. */
export function followTheme(preference: ThemePreference, root: HTMLElement = document.documentElement): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const apply = () => root.classList.toggle('dark', resolveTheme(preference, media.matches) === 'dark');
  apply();
  if (preference !== 'system') return () => undefined;
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}
