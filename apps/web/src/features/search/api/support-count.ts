import { supportSearchCountsSchema, type SupportSearchCounts } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { httpGet } from '../../../lib/http/http-client.js';
import { apiUrl } from '../../../config/runtime-config.js';
import { searchCountQueryDefaults, UNIVERSITY_OR_SN_ERROR } from './search-api.js';

/**
 * §7 `GET {api}/support/count?userId=&query=` (§6 SUPPORT_SERVICE_NOW only; userId is the
 * caller's own). §8: a failed support count is logged as 'Error in University or SN call' and
 * sent to the error handler (its query has no `meta.failure`, so the one handler shows the
 * catalogue's notification); the support cards say they failed too.
 */
export async function fetchSupportCount(
  userId: string,
  query: string,
  signal?: AbortSignal,
): Promise<SupportSearchCounts> {
  try {
    return await httpGet(apiUrl('support/count'), supportSearchCountsSchema, {
      query: { userId, query },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(UNIVERSITY_OR_SN_ERROR, error);
    throw error;
  }
}

export function supportCountQueryOptions(userId: string, query: string) {
  return queryOptions({
    queryKey: ['search', 'support-count', { userId, query }] as const,
    queryFn: ({ signal }) => fetchSupportCount(userId, query, signal),
    ...searchCountQueryDefaults,
    // §8: sent to the error handler as well as shown on the support cards.
    meta: { failure: 'notification' },
  });
}
