import { LANGUAGES, type Language } from '@openmat/contract/languages';

// The languages are the contract's: the server writes its messages in the same ones.
export { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@openmat/contract/languages';
export type LanguagePreference = Language | 'system';

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
