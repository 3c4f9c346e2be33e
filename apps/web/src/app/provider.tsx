import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AlertDialogHost } from '@/components/ui/alert-dialog';

/** The app's providers, and the one alert dialog that `showAlert` fills, above every route. */
export function AppProvider({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {children}
      <AlertDialogHost />
    </I18nextProvider>
  );
}
