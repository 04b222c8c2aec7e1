import { supportSearchCountsSchema } from '@portico/contracts';
import { searchSourceQueryOptions } from './search-api.js';

/**
 * §7 `GET {api}/support/count?userId=&query=` (§6 SUPPORT_SERVICE_NOW only; userId is the
 * caller's own). §8: a failed support count is logged as 'Error in University or SN call' and
 * sent to the error handler (`notify`: the one handler shows the catalogue's notification);
 * the support cards say they failed too.
 */
export const supportCountQueryOptions = (userId: string, query: string) =>
  searchSourceQueryOptions(
    'support-count',
    'support/count',
    supportSearchCountsSchema,
    { userId, query },
    { logFailure: true, notify: true },
  );
