import { universitySearchCountSchema } from '@portico/contracts';
import { searchSourceQueryOptions } from './search-api.js';

/**
 * §7 `GET {api}/university/search/count?query=`: count -1 when the learning platform cannot
 * be reached (the card is then hidden, §5). A failed call is logged as 'Error in University
 * or SN call' (§8) and shown on the University card, without a notification.
 */
export const universityCountQueryOptions = (query: string) =>
  searchSourceQueryOptions(
    'university-count',
    'university/search/count',
    universitySearchCountSchema,
    { query },
    { logFailure: true },
  );
