import { Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore, type ThemePreference } from '../stores/preferences-store';

const OPTIONS: ThemePreference[] = ['light', 'dark', 'system'];
const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

function isThemePreference(value: string): value is ThemePreference {
  return OPTIONS.some((option) => option === value);
}

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
  const Icon = ICONS[theme];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id}>{t('theme.title')}</label>
      <div className="relative flex items-center">
        <Icon className="pointer-events-none absolute left-2 h-4 w-4 text-zinc-500" aria-hidden />
        <select
          id={id}
          data-testid="theme-select"
          value={theme}
          onChange={(event) => isThemePreference(event.target.value) && setTheme(event.target.value)}
          className="h-9 cursor-pointer appearance-none rounded-md border border-zinc-300 bg-transparent pr-2 pl-7 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:[&>option]:bg-zinc-900"
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
