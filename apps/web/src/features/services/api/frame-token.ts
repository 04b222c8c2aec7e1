import { supportFrameTokenSchema, type SupportFrameToken } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';
import { httpGet } from '../../../lib/http/http-client.js';

/**
 * `GET {api}/support/frame-token` (docs/decisions/0005): a short-lived token for one
 * built-in desk frame. Errors reach the query (the frame shows the §8 text in the page).
 */
export async function fetchFrameToken(signal?: AbortSignal): Promise<SupportFrameToken> {
  return await httpGet(apiUrl('support/frame-token'), supportFrameTokenSchema, {
    ...(signal ? { signal } : {}),
  });
}

/**
 * One token per frame address and mount: never refetched while the frame shows (a new token
 * would change the src and reload the frame, losing what was typed), dropped on unmount so
 * the next visit gets a fresh one.
 */
export function frameTokenQueryOptions(frameAddress: string) {
  return queryOptions({
    queryKey: ['support', 'frame-token', frameAddress] as const,
    queryFn: ({ signal }) => fetchFrameToken(signal),
    meta: shownByCaller, // the frame shows the §8 text in the page
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

export function useFrameToken(frameAddress: string, enabled: boolean) {
  return useQuery({ ...frameTokenQueryOptions(frameAddress), enabled });
}
