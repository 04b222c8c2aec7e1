import { successManagerSchema, type SuccessManager } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../config/runtime-config.js';
import { httpGet } from '../http/http-client.js';
import { nextTick } from './next-tick.js';

/**
 * §3 Success manager: "a result, or an error flag when the server answers 204". The flag
 * means "this account has no success manager"; it is not shown as an error (§8 lists it as
 * stored, not reported).
 */
export interface SuccessManagerSlice {
  result: SuccessManager | null;
  error: boolean;
}

/** §7 GET {api}/successmanager: the caller's success manager, or the error flag on a 204. */
export async function fetchSuccessManager(signal?: AbortSignal): Promise<SuccessManagerSlice> {
  // §4: the success-manager slice loads one tick after it is asked for.
  await nextTick();
  signal?.throwIfAborted();
  const result = await httpGet(apiUrl('successmanager'), successManagerSchema, {
    signal,
    allowNoContent: true,
  });
  // Any failure is thrown (shown by the one §8 handler) and leaves the cache empty, so the
  // next use asks again.
  return result === undefined ? { result: null, error: true } : { result, error: false };
}

export const successManagerQueryKey = ['successManager'] as const;

/**
 * The cached success-manager slice (§3 central data slices): fetched only while the cache is
 * empty (§4), then kept for the whole session.
 */
export const successManagerQueryOptions = () =>
  queryOptions({
    queryKey: successManagerQueryKey,
    queryFn: ({ signal }) => fetchSuccessManager(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    // A failure was already shown (§8); asking again happens on the next use, not in a loop.
    retry: false,
  });

/** The success manager: data is `{ result, error }`, undefined while loading or after a failure. */
export function useSuccessManager() {
  return useQuery(successManagerQueryOptions());
}
