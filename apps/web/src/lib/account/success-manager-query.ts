import { successManagerSchema, type SuccessManager } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../config/runtime-config.js';
import { httpGet } from '../http/http-client.js';
import { sessionSliceOptions } from './session-slice.js';

/**
 * §3 Success manager: "a result, or an error flag when the server answers 204". The flag
 * means "this account has no success manager"; it is not shown as an error (§8 lists it as
 * stored, not reported).
 */
export interface SuccessManagerSlice {
  result: SuccessManager | null;
  error: boolean;
}

export const successManagerQueryKey = ['successManager'] as const;

/** §7 GET {api}/successmanager: the caller's success manager, or the error flag on a 204. */
export const successManagerQueryOptions = () =>
  sessionSliceOptions(successManagerQueryKey, async (signal): Promise<SuccessManagerSlice> => {
    const result = await httpGet(apiUrl('successmanager'), successManagerSchema, {
      signal,
      allowNoContent: true,
    });
    return result === undefined ? { result: null, error: true } : { result, error: false };
  });

/** The success manager: data is `{ result, error }`, undefined while loading or after a failure. */
export function useSuccessManager() {
  return useQuery(successManagerQueryOptions());
}
