import { searchHitsSchema } from '@portico/contracts';
import { searchSourceQueryOptions } from './search-api.js';

/**
 * `GET {api}/search/hits?query=&productId=` (issue 38): the best hits of every source the
 * portal holds and the caller may see, with a spelling correction. A failure leaves the cards
 * as they are (shownByCaller): the counts still say what each source holds.
 */
export const searchHitsQueryOptions = (query: string, productId: string) =>
  searchSourceQueryOptions('hits', 'search/hits', searchHitsSchema, { query, productId });
