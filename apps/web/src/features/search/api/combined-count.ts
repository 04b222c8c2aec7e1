import { combinedSearchCountsSchema, type CombinedSearchCounts } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { httpGet } from '../../../lib/http/http-client.js';
import { apiUrl } from '../../../config/runtime-config.js';
import { searchCountQueryDefaults } from './search-api.js';

/**
 * §7 Combined count: `GET {api}/search/combined-count?productId=&query=` — the product's
 * documentation, downloads and news counts, the community count with its url and the general
 * news total; a failed source is null and named in `errors`. A failure of the whole call is
 * shown on the cards, not as a notification.
 */
export async function fetchCombinedCount(
  productId: string,
  query: string,
  signal?: AbortSignal,
): Promise<CombinedSearchCounts> {
  return await httpGet(apiUrl('search/combined-count'), combinedSearchCountsSchema, {
    query: { productId, query },
    ...(signal ? { signal } : {}),
  });
}

export function combinedCountQueryOptions(productId: string, query: string) {
  return queryOptions({
    queryKey: ['search', 'combined-count', { productId, query }] as const,
    queryFn: ({ signal }) => fetchCombinedCount(productId, query, signal),
    ...searchCountQueryDefaults,
  });
}
