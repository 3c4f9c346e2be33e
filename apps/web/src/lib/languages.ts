export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export type LanguagePreference = Language | 'system';
export const FALLBACK_LANGUAGE: Language = 'en';

/** In system mode Polish is chosen when the browser language starts with `pl`, otherwise English. */
export function resolveLanguage(preference: LanguagePreference, browserLanguage: string | undefined): Language {
  if (preference !== 'system') return preference;
  return /^pl/i.test(browserLanguage ?? '') ? 'pl' : 'en';
}

/** Puts the language class (en or pl) and the lang attribute on the page. */
export function applyLanguageToDocument(language: Language, root: HTMLElement = document.documentElement): void {
  for (const other of LANGUAGES) root.classList.toggle(other, other === language);
  root.lang = language;
}
