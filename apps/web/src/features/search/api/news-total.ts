import { newsListSchema } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getConfig } from '../../../config/runtime-config.js';
import { httpGetWithTotal } from '../../../lib/http/http-client.js';
import { searchCountQueryDefaults } from './search-api.js';

/**
 * The general news total for a query (§3 Combined search counts, `news`) when the combined
 * count is not asked: `GET {news base}?page=1&size=1&query=` and its X-Total-Count (§7 news
 * row). One item is the smallest page the news API serves.
 */
export async function fetchNewsTotal(query: string, signal?: AbortSignal): Promise<number> {
  const result = await httpGetWithTotal(getConfig().newsBase, newsListSchema, {
    query: { page: 1, size: 1, query },
    ...(signal ? { signal } : {}),
  });
  return result.total;
}

export function newsTotalQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['search', 'news-total', { query }] as const,
    queryFn: ({ signal }) => fetchNewsTotal(query, signal),
    ...searchCountQueryDefaults,
  });
}
