import { countriesAndLanguagesSchema, type CountriesAndLanguages } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../config/runtime-config.js';
import { isAuthorised } from '../auth/session.js';
import { httpGet } from '../http/http-client.js';

export const countriesAndLanguagesQueryKey = ['countries-and-languages'] as const;

/** GET {api}/users/countries-and-languages — null when the error was handled (§8). */
export async function fetchCountriesAndLanguages(
  signal?: AbortSignal,
): Promise<CountriesAndLanguages | null> {
  return httpGet(apiUrl('users/countries-and-languages'), countriesAndLanguagesSchema, { signal });
}

/** Loaded only when a screen asks for it (not part of start-up), then cached (§4). */
export const countriesAndLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: countriesAndLanguagesQueryKey,
    queryFn: ({ signal }) => fetchCountriesAndLanguages(signal),
    staleTime: Infinity,
  });

/** Countries and languages (§3): loaded when first asked for, then cached. */
export function useCountriesAndLanguages() {
  return useQuery({ ...countriesAndLanguagesQueryOptions(), enabled: isAuthorised() });
}
