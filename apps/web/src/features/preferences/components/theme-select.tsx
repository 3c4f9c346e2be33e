import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore, type ThemePreference } from '../stores/preferences-store';
import { isOption, PREFERENCE_SELECT_CLASS, THEME_ICONS } from './preference-controls';

const OPTIONS: ThemePreference[] = ['light', 'dark', 'system'];

/**
 * Light, dark or system, where system follows the operating system live. The header's toggle only
 * switches between dark and light; this native select (light enough for the landing bundle, see
 * ADR 0005) is where system mode is chosen.
 */
export function ThemeSelect() {
  const { t } = useTranslation();
  const id = useId();
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  const Icon = THEME_ICONS[theme];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id}>{t('theme.title')}</label>
      <div className="relative flex items-center">
        <Icon className="pointer-events-none absolute left-2 h-4 w-4 text-zinc-500" aria-hidden />
        <select
          id={id}
          data-testid="theme-select"
          value={theme}
          onChange={(event) => isOption(OPTIONS, event.target.value) && setTheme(event.target.value)}
          className={PREFERENCE_SELECT_CLASS}
        >
          {OPTIONS.map((option) => (
            <option key={option} value={option}>
              {t(`theme.${option}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
