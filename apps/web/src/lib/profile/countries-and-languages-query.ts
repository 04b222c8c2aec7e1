import { countriesAndLanguagesSchema, type CountriesAndLanguages } from '@portico/contracts';
import { countryNames, languageAutonym } from '@portico/locales/display-names';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiUrl } from '../../config/runtime-config.js';
import { isAuthorised } from '../auth/session.js';
import { intlLocaleOf } from '../format/time-zone-options.js';
import { httpGet } from '../http/http-client.js';
import { useLocale } from '../labels/use-locale.js';

export const countriesAndLanguagesQueryKey = ['countries-and-languages'] as const;

/** GET {api}/users/countries-and-languages; a failure is thrown (the one §8 handler shows it). */
export async function fetchCountriesAndLanguages(
  signal?: AbortSignal,
): Promise<CountriesAndLanguages> {
  return httpGet(apiUrl('users/countries-and-languages'), countriesAndLanguagesSchema, { signal });
}

/** Loaded only when a screen asks for it (not part of start-up), then cached (§4). */
export const countriesAndLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: countriesAndLanguagesQueryKey,
    queryFn: ({ signal }) => fetchCountriesAndLanguages(signal),
    staleTime: Infinity,
  });

/**
 * The entries as the pickers show them (issue 27): every language in its own name,
 * capitalised ("Español", "Norsk", "Polski"), and every ISO 3166 country named in the
 * reader's language, not only the countries of the portal's language pairs. A country
 * without a pair is keyed `en_<code>`, as the default language's (§3 keys are language_COUNTRY).
 */
export function localizeCountriesAndLanguages(
  data: CountriesAndLanguages | null,
  language: string,
): CountriesAndLanguages {
  const entries: CountriesAndLanguages = {};
  const countries = countryNames(intlLocaleOf(language));
  const name = new Map(countries.map((c) => [c.code, c.name]));
  for (const [key, entry] of Object.entries(data ?? {})) {
    entries[key] = {
      country: {
        code: entry.country.code,
        name: name.get(entry.country.code) ?? entry.country.name,
      },
      language: { code: entry.language.code, name: languageAutonym(entry.language.code) },
    };
  }
  const paired = new Set(Object.values(entries).map((entry) => entry.country.code));
  for (const country of countries) {
    if (paired.has(country.code)) continue;
    entries[`en_${country.code}`] = {
      country,
      language: { code: 'en', name: languageAutonym('en') },
    };
  }
  return entries;
}

/** Countries and languages (§3): loaded when first asked for, then cached; named for the reader. */
export function useCountriesAndLanguages() {
  const language = useLocale();
  const select = useCallback(
    (data: CountriesAndLanguages | null) => localizeCountriesAndLanguages(data, language),
    [language],
  );
  return useQuery({ ...countriesAndLanguagesQueryOptions(), enabled: isAuthorised(), select });
}
