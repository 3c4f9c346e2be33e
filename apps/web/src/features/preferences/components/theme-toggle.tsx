import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePreferencesStore } from '../stores/preferences-store';
import { resolveTheme, toggledTheme } from '../theme';
import { useSystemDark } from '../use-system-dark';
import { THEME_ICONS } from './preference-controls';

/**
 * Toggles between dark and light: every click switches what is on screen, also
 * from system mode, by choosing the opposite of the theme the page shows. System mode is chosen
 * with the theme select instead. The icon shows the theme chosen now (sun, moon, or a monitor for
 * system); the accessible name says what a click does, and the tooltip says both.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  const systemDark = useSystemDark();
  const next = toggledTheme(theme, systemDark);
  const Icon = THEME_ICONS[theme];
  const label = next === 'dark' ? t('theme.switchToDark') : t('theme.switchToLight');
  const state =
    theme === 'system'
      ? t('theme.systemShowing', { shown: t(`theme.${resolveTheme(theme, systemDark)}`) })
      : t(`theme.${theme}`);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={t('theme.state', { theme: state, action: label })}
      data-theme-state={theme}
      data-testid="theme-toggle"
      data-next-theme={next}
      onClick={() => setTheme(next)}
    >
      <Icon className="h-5 w-5" aria-hidden />
    </Button>
  );
}
