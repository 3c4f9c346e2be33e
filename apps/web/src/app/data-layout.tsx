import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { appQueryClient } from '@/lib/query-client';

/**
 * Wraps the routes that talk to the API. Server state (TanStack Query) loads with them, so the
 * marketing pages stay light.
 */
export function DataLayout() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}
