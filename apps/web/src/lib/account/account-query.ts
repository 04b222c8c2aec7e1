import { accountManagerSchema, type AccountManager } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../config/runtime-config.js';
import { httpGet } from '../http/http-client.js';
import { sessionSliceOptions } from './session-slice.js';

export const accountQueryKey = ['account'] as const;

/**
 * §7 GET {api}/account: the caller's account manager, or null when the account has none (204).
 * Lives in lib (not a feature) because the shared account-manager card needs it.
 */
export const accountQueryOptions = () =>
  sessionSliceOptions(accountQueryKey, async (signal): Promise<AccountManager | null> => {
    const result = await httpGet(apiUrl('account'), accountManagerSchema, {
      signal,
      allowNoContent: true,
    });
    return result ?? null; // 204: the account has no manager
  });

/** The account manager: data is the manager, null for "no manager", undefined while loading. */
export function useAccountManager() {
  return useQuery(accountQueryOptions());
}
