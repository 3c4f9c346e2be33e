import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let shared: QueryClient | undefined;

/** The one client of the running app, so that every data route shares one cache. */
export function appQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
