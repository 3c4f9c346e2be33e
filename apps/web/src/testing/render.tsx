import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AlertDialogHost } from '@/components/ui/alert-dialog';
import { Toaster } from '@/components/ui/toaster';
import { createI18n } from '@/lib/i18n';
import type { Language } from '@/lib/languages';
import { createQueryClient } from '@/lib/query-client';
import en from '../../public/localization/en/translation.json';
import pl from '../../public/localization/pl/translation.json';

export const translations = { en, pl };

/** Renders an element inside the app's providers and a memory router, in the given language. */
export async function renderWithApp(
  element: ReactElement,
  { language = 'en', path = '/', routes }: { language?: Language; path?: string; routes?: RouteObject[] } = {},
): Promise<RenderResult> {
  const i18n = await createI18n(language, { en: { translation: en }, pl: { translation: pl } });
  const router = createMemoryRouter(routes ?? [{ path: '*', element }], { initialEntries: [path] });
  return render(
    <AppProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
        {/* As DataLayout renders them for the screens that talk to the API. */}
        <AlertDialogHost />
        <Toaster />
      </QueryClientProvider>
    </AppProvider>,
  );
}
