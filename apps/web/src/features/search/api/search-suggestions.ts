import type { RecentSearches, SearchSuggestions } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';
import { deferredSchema } from '../../../lib/http/deferred-schema.js';
import { httpGet } from '../../../lib/http/http-client.js';

// The header's box is on every page's start-up path: its answers are checked once zod has
// loaded, never by loading it (ADR 0059).
const suggestionsAnswer = deferredSchema('object', () =>
  import('@portico/contracts/search-hits').then(
    ({ searchSuggestionsSchema }) => searchSuggestionsSchema,
  ),
);
const recentAnswer = deferredSchema('object', () =>
  import('@portico/contracts/search-hits').then(({ recentSearchesSchema }) => recentSearchesSchema),
);

/**
 * `GET {api}/search/suggestions?query=&productId=` (issue 38): titles for the header's search
 * box. A failure shows no suggestions (meta: shownByCaller), never a notification: the box
 * still searches on Enter.
 */
export function searchSuggestionsQueryOptions(query: string, productId: string) {
  return queryOptions({
    queryKey: ['search', 'suggestions', { query, productId }] as const,
    queryFn: ({ signal }): Promise<SearchSuggestions> =>
      httpGet(apiUrl('search/suggestions'), suggestionsAnswer, {
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
      httpGet(apiUrl('search/recent'), recentAnswer, { signal }),
    staleTime: 0,
    retry: false,
    meta: shownByCaller,
  });
}
