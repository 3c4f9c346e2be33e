import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguageToDocument, resolveLanguage } from '@/lib/languages';
import { usePreferencesStore } from './stores/preferences-store';
import { followTheme } from './theme';

/** Keeps the page's theme class, language class and i18n language in step with the preferences. */
export function useApplyPreferences(): void {
  const theme = usePreferencesStore((state) => state.theme);
  const languagePreference = usePreferencesStore((state) => state.language);
  const { i18n } = useTranslation();

  useEffect(() => followTheme(theme), [theme]);

  useEffect(() => {
    const apply = () => {
      const language = resolveLanguage(languagePreference, navigator.language);
      applyLanguageToDocument(language);
      if (i18n.language !== language) void i18n.changeLanguage(language);
    };
    apply();
    if (languagePreference !== 'system') return undefined;
    window.addEventListener('languagechange', apply);
    return () => window.removeEventListener('languagechange', apply);
  }, [languagePreference, i18n]);
}
