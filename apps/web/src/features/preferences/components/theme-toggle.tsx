import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePreferencesStore } from '../stores/preferences-store';
import { toggledTheme } from '../theme';
import { useSystemDark } from '../use-system-dark';

/**
 * Toggles between dark and light: every click switches what is on screen, also
 * from system mode, by choosing the opposite of the theme the page shows. System mode is chosen
 * with the theme select instead. The icon and the label name the theme a click switches to.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  const next = toggledTheme(theme, useSystemDark());
  const Icon = next === 'dark' ? Moon : Sun;
  const label = next === 'dark' ? t('theme.switchToDark') : t('theme.switchToLight');
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-next-theme={next}
      onClick={() => setTheme(next)}
    >
      <Icon className="h-5 w-5" aria-hidden />
    </Button>
  );
}
