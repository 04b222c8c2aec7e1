import { combinedSearchCountsSchema } from '@portico/contracts';
import { searchSourceQueryOptions } from './search-api.js';

/**
 * §7 Combined count: `GET {api}/search/combined-count?productId=&query=` — the product's
 * documentation, downloads and news counts, the community count with its url and the general
 * news total; a failed source is null and named in `errors`. A failure of the whole call is
 * shown on the cards, not as a notification.
 */
export const combinedCountQueryOptions = (productId: string, query: string) =>
  searchSourceQueryOptions('combined-count', 'search/combined-count', combinedSearchCountsSchema, {
    productId,
    query,
  });
