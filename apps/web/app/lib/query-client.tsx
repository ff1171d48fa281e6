import type { ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isApiError } from './api.ts';
import { sessionLost } from './session.ts';

/**
 * One QueryClient for the whole browser session. The provider wraps the parts of the app that
 * hold server state (the calculator, the customer and admin areas) rather than the root, so that
 * static pages never download TanStack Query; every provider shares this client and its cache.
 */
let client: QueryClient | undefined;

/** Any answer saying the session is gone ends the browser's copy of it (see sessionLost). */
function onError(error: unknown): void {
  if (isApiError(error) && error.status === 401 && error.code === 'UNAUTHENTICATED') sessionLost();
}

export function getQueryClient(): QueryClient {
  client ??= new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
    },
  });
  return client;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
