import { communitySearchCountSchema, type CommunitySearchCount } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { httpGet } from '../../../lib/http/http-client.js';
import { apiUrl } from '../../../config/runtime-config.js';
import { searchCountQueryDefaults } from './search-api.js';

/**
 * §7 `GET {api}/communities/search/count?query=`: asked directly when no product is chosen
 * (the combined count needs one) or when the combined count failed as a whole. A failure is
 * shown on the community card.
 */
export async function fetchCommunityCount(
  query: string,
  signal?: AbortSignal,
): Promise<CommunitySearchCount> {
  return await httpGet(apiUrl('communities/search/count'), communitySearchCountSchema, {
    query: { query },
    ...(signal ? { signal } : {}),
  });
}

export function communityCountQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['search', 'community-count', { query }] as const,
    queryFn: ({ signal }) => fetchCommunityCount(query, signal),
    ...searchCountQueryDefaults,
  });
}
