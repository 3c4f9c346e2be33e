import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguagePreference } from '@/lib/languages';
import { usePreferencesStore } from '../stores/preferences-store';

const OPTIONS: LanguagePreference[] = ['en', 'pl', 'system'];

function isLanguagePreference(value: string): value is LanguagePreference {
  return OPTIONS.some((option) => option === value);
}

/** English, Polish or system; system picks Polish when the browser language starts with pl. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const language = usePreferencesStore((state) => state.language);
  const setLanguage = usePreferencesStore((state) => state.setLanguage);
  return (
    <div className="relative flex items-center">
      <Languages className="pointer-events-none absolute left-2 h-4 w-4 text-zinc-500" aria-hidden />
      <label htmlFor={id} className="sr-only">
        {t('language.label', { language: t(`language.${language}`) })}
      </label>
      <select
        id={id}
        data-testid="language-select"
        value={language}
        onChange={(event) => isLanguagePreference(event.target.value) && setLanguage(event.target.value)}
        className="h-9 cursor-pointer appearance-none rounded-md border border-zinc-300 bg-transparent pr-2 pl-7 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:[&>option]:bg-zinc-900"
      >
        {OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(`language.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
