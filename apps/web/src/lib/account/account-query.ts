import { accountManagerSchema, type AccountManager } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../config/runtime-config.js';
import { httpGet } from '../http/http-client.js';
import { nextTick } from './next-tick.js';

/**
 * §7 GET {api}/account: the caller's account manager, or null when the account has none (204).
 * Lives in lib (not a feature) because the shared account-manager card needs it.
 */
export async function fetchAccountManager(signal?: AbortSignal): Promise<AccountManager | null> {
  // §4: the account slice loads one tick after it is asked for.
  await nextTick();
  signal?.throwIfAborted();
  const result = await httpGet(apiUrl('account'), accountManagerSchema, {
    signal,
    allowNoContent: true,
  });
  // 204: the account has no manager. A failure is thrown; the query's handler shows it (§8).
  return result ?? null;
}

export const accountQueryKey = ['account'] as const;

/**
 * The cached account slice (ARCHITECTURE: server data in TanStack Query): fetched only while the
 * cache is empty, then kept for the whole session.
 */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => fetchAccountManager(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    // A failure was already shown (§8); asking again happens on the next use, not in a loop.
    retry: false,
  });

/** The account manager: data is the manager, null for "no manager", undefined while loading. */
export function useAccountManager() {
  return useQuery(accountQueryOptions());
}
