import { supportSearchCountsSchema } from '@portico/contracts';
import { searchSourceQueryOptions } from './search-api.js';

/**
 * §7 `GET {api}/support/count?userId=&query=` (§6 SUPPORT_SERVICE_NOW only; userId is the
 * caller's own). §8: a failed support count is logged as 'Error in University or SN call' and
 * sent to the error handler (its query has no `meta.failure`, so the one handler shows the
 * catalogue's notification); the support cards say they failed too.
 */
export const supportCountQueryOptions = (userId: string, query: string) =>
  searchSourceQueryOptions({
    name: 'support-count',
    path: 'support/count',
    schema: supportSearchCountsSchema,
    criteria: { userId, query },
    logFailure: true,
    notify: true,
  });
