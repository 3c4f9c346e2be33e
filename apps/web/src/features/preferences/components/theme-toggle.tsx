import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePreferencesStore, type ThemePreference } from '../stores/preferences-store';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;
const NEXT: Record<ThemePreference, ThemePreference> = { light: 'dark', dark: 'system', system: 'light' };

/** Cycles light → dark → system; system follows the operating system. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const setTheme = usePreferencesStore((state) => state.setTheme);
  const Icon = ICONS[theme];
  const label = t('theme.label', { theme: t(`theme.${theme}`) });
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      onClick={() => setTheme(NEXT[theme])}
    >
      <Icon className="h-5 w-5" aria-hidden />
    </Button>
  );
}
