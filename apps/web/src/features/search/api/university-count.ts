import { universitySearchCountSchema, type UniversitySearchCount } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { httpGet } from '../../../lib/http/http-client.js';
import { apiUrl } from '../../../config/runtime-config.js';
import { searchCountQueryDefaults, UNIVERSITY_OR_SN_ERROR } from './search-api.js';

/**
 * §7 `GET {api}/university/search/count?query=`: count -1 when the learning platform cannot
 * be reached (the card is then hidden, §5). A failed call is logged as 'Error in University
 * or SN call' (§8) and shown on the University card, without a notification.
 */
export async function fetchUniversityCount(
  query: string,
  signal?: AbortSignal,
): Promise<UniversitySearchCount> {
  try {
    return await httpGet(apiUrl('university/search/count'), universitySearchCountSchema, {
      query: { query },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(UNIVERSITY_OR_SN_ERROR, error);
    throw error;
  }
}

export function universityCountQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['search', 'university-count', { query }] as const,
    queryFn: ({ signal }) => fetchUniversityCount(query, signal),
    ...searchCountQueryDefaults,
  });
}
