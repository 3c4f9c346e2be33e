import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRouter } from '@/app/router';
import { usePreferencesStore } from '@/features/preferences/stores/preferences-store';
import { createI18n } from '@/lib/i18n';
import { applyLanguageToDocument, resolveLanguage } from '@/lib/languages';
import { connectNavigation } from '@/lib/navigation';
import './styles.css';

const language = resolveLanguage(usePreferencesStore.getState().language, navigator.language);
applyLanguageToDocument(language);
const i18n = await createI18n(language);
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const router = createRouter();
connectNavigation((to) => void router.navigate(to));

createRoot(root).render(
  <StrictMode>
    <AppProvider i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
