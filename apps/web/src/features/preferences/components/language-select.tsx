import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguagePreference } from '@/lib/languages';
import { usePreferencesStore } from '../stores/preferences-store';
import { isOption, PREFERENCE_SELECT_CLASS } from './preference-controls';

const OPTIONS: LanguagePreference[] = ['en', 'pl', 'system'];

/**
 * English, Polish or system; system picks Polish when the browser language starts with pl. The header
 * has room for a short label only: EN, PL or Auto, never a word that could be read as the theme's.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const language = usePreferencesStore((state) => state.language);
  const setLanguage = usePreferencesStore((state) => state.setLanguage);
  const label = t('language.label', { language: t(`language.${language}`) });
  return (
    <div className="relative flex items-center">
      <Languages className="pointer-events-none absolute left-2 h-4 w-4 text-zinc-500" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        data-testid="language-select"
        value={language}
        title={label}
        onChange={(event) => isOption(OPTIONS, event.target.value) && setLanguage(event.target.value)}
        className={PREFERENCE_SELECT_CLASS}
      >
        {OPTIONS.map((option) => (
          <option key={option} value={option} aria-label={t(`language.${option}`)}>
            {t(`language.short.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
