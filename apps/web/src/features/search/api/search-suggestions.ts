import {
  recentSearchesSchema,
  searchSuggestionsSchema,
  type RecentSearches,
  type SearchSuggestions,
} from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';
import { httpGet } from '../../../lib/http/http-client.js';

/**
 * `GET {api}/search/suggestions?query=&productId=` (issue 38): titles for the header's search
 * box. A failure shows no suggestions (meta: shownByCaller), never a notification: the box
 * still searches on Enter.
 */
export function searchSuggestionsQueryOptions(query: string, productId: string) {
  return queryOptions({
    queryKey: ['search', 'suggestions', { query, productId }] as const,
    queryFn: ({ signal }): Promise<SearchSuggestions> =>
      httpGet(apiUrl('search/suggestions'), searchSuggestionsSchema, {
        query: { query, productId },
        signal,
      }),
    staleTime: 60_000,
    retry: false,
    meta: shownByCaller,
  });
}

/** `GET {api}/search/recent`: the user's own recent searches, asked each time the box opens. */
export function recentSearchesQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'recent'] as const,
    queryFn: ({ signal }): Promise<RecentSearches> =>
      httpGet(apiUrl('search/recent'), recentSearchesSchema, { signal }),
    staleTime: 0,
    retry: false,
    meta: shownByCaller,
  });
}
