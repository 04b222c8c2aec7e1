import { communitySearchCountSchema } from '@portico/contracts';
import { searchSourceQueryOptions } from './search-api.js';

/**
 * §7 `GET {api}/communities/search/count?query=`: asked directly when no product is chosen
 * (the combined count needs one) or when the combined count failed as a whole. A failure is
 * shown on the community card.
 */
export const communityCountQueryOptions = (query: string) =>
  searchSourceQueryOptions(
    'community-count',
    'communities/search/count',
    communitySearchCountSchema,
    { query },
  );
