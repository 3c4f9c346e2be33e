import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { AlertDialogHost } from '@/components/ui/alert-dialog';
import { Toaster } from '@/components/ui/toaster';
import { appQueryClient } from '@/lib/query-client';
import { useServerTextLanguage } from '@/lib/use-server-text-language';

/**
 * Wraps the routes that talk to the API. Server state (TanStack Query), the one alert dialog that
 * `showAlert` fills and the toasts of `showToast` load with them, so the marketing pages stay light.
 */
export function DataLayout() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <ServerTextLanguage />
      <Outlet />
      <AlertDialogHost />
      <Toaster />
    </QueryClientProvider>
  );
}

/** Reads the server's answers again when the reader switches language (inside the query client). */
function ServerTextLanguage() {
  useServerTextLanguage();
  return null;
}
