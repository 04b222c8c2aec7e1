import { searchHitsSchema, type SearchHits } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import { httpGet } from '../../../lib/http/http-client.js';
import { searchCountQueryDefaults } from './search-api.js';

/**
 * `GET {api}/search/hits?query=&productId=` (issue 38): the best hits of every source the
 * portal holds and the caller may see, with a spelling correction. A failure leaves the cards
 * as they are (shownByCaller): the counts still say what each source holds.
 */
export async function fetchSearchHits(
  query: string,
  productId: string,
  signal?: AbortSignal,
): Promise<SearchHits> {
  return await httpGet(apiUrl('search/hits'), searchHitsSchema, {
    query: { query, productId },
    ...(signal ? { signal } : {}),
  });
}

export function searchHitsQueryOptions(query: string, productId: string) {
  return queryOptions({
    queryKey: ['search', 'hits', { query, productId }] as const,
    queryFn: ({ signal }) => fetchSearchHits(query, productId, signal),
    ...searchCountQueryDefaults,
  });
}
