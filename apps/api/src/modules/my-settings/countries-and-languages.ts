import type { CountriesAndLanguages } from '@portico/contracts';

// The language/country pairs the portal offers (§9 locales, plus the vendor's main markets).
const PAIRS: readonly (readonly [language: string, country: string])[] = [
  ['en', 'GB'],
  ['en', 'US'],
  ['en', 'IE'],
  ['de', 'DE'],
  ['de', 'AT'],
  ['de', 'CH'],
  ['es', 'ES'],
  ['fr', 'FR'],
  ['fr', 'BE'],
  ['nl', 'NL'],
  ['nl', 'BE'],
  ['no', 'NO'],
  ['pt', 'PT'],
  ['pt', 'BR'],
  ['pl', 'PL'],
  ['sv', 'SE'],
];

const cache = new Map<string, CountriesAndLanguages>();

/** Names in the given display language (English by default), built once per language. */
export function countriesAndLanguages(displayLanguage = 'en'): CountriesAndLanguages {
  const cached = cache.get(displayLanguage);
  if (cached) return cached;
  const countries = new Intl.DisplayNames([displayLanguage, 'en'], { type: 'region' });
  const languages = new Intl.DisplayNames([displayLanguage, 'en'], { type: 'language' });
  const entries = Object.fromEntries(
    PAIRS.map(([language, country]) => [
      `${language}_${country}`,
      {
        country: { code: country, name: countries.of(country) ?? country },
        language: { code: language, name: languages.of(language) ?? language },
      },
    ]),
  );
  cache.set(displayLanguage, entries);
  return entries;
}
