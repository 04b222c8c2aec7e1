import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiUrl } from '../../../config/runtime-config.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';
import { httpGet, type QueryParams, type ResponseOf } from '../../../lib/http/http-client.js';

/**
 * What every count query of the search page shares (§4 "Product search runs only when both
 * query and productId are present and differ from the last criteria"): the criteria are the
 * query key, so the same criteria never ask again while they are cached, and a failed source
 * is shown at once on its card instead of being retried behind a spinner (and not as a
 * notification: `shownByCaller`, ADR 0065).
 */
export const searchCountQueryDefaults = {
  staleTime: Infinity,
  retry: false,
  meta: shownByCaller,
} as const;

/** §8: how a failed University or support-system call is logged. */
export const UNIVERSITY_OR_SN_ERROR = 'Error in University or SN call';

export interface SearchSourceOptions {
  /** §8: a failed University or support-system call is also logged as such. */
  logFailure?: boolean;
  /** §8: a failure also goes to the one handler's notification, not only to its card. */
  notify?: boolean;
}

/**
 * A count query of the search page: one GET of a source (`path` below {api}) with the
 * search's criteria as its query string and its key (`['search', name, criteria]`).
 */
export function searchSourceQueryOptions<S extends z.ZodType>(
  name: string,
  path: string,
  schema: S,
  criteria: QueryParams,
  options: SearchSourceOptions = {},
) {
  return queryOptions({
    queryKey: ['search', name, criteria] as const,
    queryFn: async ({ signal }): Promise<ResponseOf<S>> => {
      try {
        return await httpGet(apiUrl(path), schema, { query: criteria, signal });
      } catch (error) {
        if (options.logFailure && !signal.aborted) console.error(UNIVERSITY_OR_SN_ERROR, error);
        throw error;
      }
    },
    ...searchCountQueryDefaults,
    ...(options.notify ? { meta: { failure: 'notification' as const } } : {}),
  });
}
