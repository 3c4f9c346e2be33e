import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { LanguagePreference } from '@/lib/languages';
import { usePreferencesStore } from '../stores/preferences-store';

const OPTIONS: LanguagePreference[] = ['en', 'pl', 'system'];

function isLanguagePreference(value: string): value is LanguagePreference {
  return (OPTIONS as string[]).includes(value);
}

/** English, Polish or system; system picks Polish when the browser language starts with pl. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const language = usePreferencesStore((state) => state.language);
  const setLanguage = usePreferencesStore((state) => state.setLanguage);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('language.label', { language: t(`language.${language}`) })} data-testid="language-select">
          <Languages className="h-5 w-5" aria-hidden />
          <span className="text-xs font-semibold uppercase">{i18n.language}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={language} onValueChange={(value) => isLanguagePreference(value) && setLanguage(value)}>
          {OPTIONS.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} lang={option === 'system' ? undefined : option}>
              {t(`language.${option}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
