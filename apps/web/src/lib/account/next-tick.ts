/**
 * §4 Start-up: the account and success-manager slices load "one tick after request". A
 * macrotask (setTimeout 0), so callers asking in the same tick share the one request that
 * TanStack Query deduplicates, and nothing is sent synchronously while rendering.
 */
export const nextTick = (): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
