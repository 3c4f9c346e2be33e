import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LanguagePreference } from '@/lib/languages';

export type ThemePreference = 'light' | 'dark' | 'system';

interface PreferencesState {
  theme: ThemePreference;
  language: LanguagePreference;
  setTheme: (theme: ThemePreference) => void;
  setLanguage: (language: LanguagePreference) => void;
}

/** The local-storage entry; public/preferences-init.js reads it too, before the app loads. */
export const PREFERENCES_STORAGE_KEY = 'openmat-preferences';

export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      theme: 'system',
      language: 'system',
      setTheme: (theme) => set({ theme }),
      setLanguage: (language) => set({ language }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ theme, language }) => ({ theme, language }),
    },
  ),
);
