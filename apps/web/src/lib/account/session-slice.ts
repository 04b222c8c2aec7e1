import { queryOptions } from '@tanstack/react-query';

/**
 * §4 Start-up: the account and success-manager slices load "one tick after request". A
 * macrotask (setTimeout 0), so callers asking in the same tick share the one request that
 * TanStack Query deduplicates, and nothing is sent synchronously while rendering.
 */
const nextTick = (): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });

/**
 * A §3 central data slice (ARCHITECTURE: server data in TanStack Query): loaded one tick
 * after it is first asked for (§4), then kept for the whole session. A failure is thrown and
 * shown by the one §8 handler; it leaves the cache empty, so the next use asks again, never a
 * retry loop.
 */
export function sessionSliceOptions<T, K extends readonly string[]>(
  queryKey: K,
  load: (signal: AbortSignal) => Promise<T>,
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      await nextTick();
      signal.throwIfAborted();
      return load(signal);
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
