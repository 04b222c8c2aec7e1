import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { handleFailure } from '../lib/http/failure-handling.js';
import { HttpError } from '../lib/http/http-error.js';
import {
  ProductNewsPagesContext,
  type ProductNewsPages,
} from '../lib/product/product-news-slot.js';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network trouble, time-outs and 5xx might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The first wait before a retry, doubled each time (TanStack's own default: 1 s, 2 s, …). */
let retryBaseMs = 1000;

export function retryDelay(attempt: number): number {
  return Math.min(retryBaseMs * 2 ** attempt, 30_000);
}

/** Tests retry almost at once: they are about what the page shows after, not the wait. */
export function setRetryBaseDelayForTests(ms: number): void {
  retryBaseMs = ms;
}

/**
 * The app's query cache. Server data is cached for a minute by default; the central slices
 * (profile, labels, countries and languages) set staleTime Infinity themselves. Every failed
 * query and mutation (after its retries) goes to the one §8 handler (`handleFailure`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleFailure(error, query.meta?.failure),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        handleFailure(error, mutation.meta?.failure),
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The news feature's pages over a product's news, for My Solutions (loaded when opened). */
const productNewsPages: ProductNewsPages = {
  List: lazy(() =>
    import('../features/news/components/product-news-pages.js').then((m) => ({
      default: m.ProductNewsTab,
    })),
  ),
  Item: lazy(() =>
    import('../features/news/components/product-news-pages.js').then((m) => ({
      default: m.ProductNewsItem,
    })),
  ),
};

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ProductNewsPagesContext value={productNewsPages}>{children}</ProductNewsPagesContext>
    </QueryClientProvider>
  );
}
