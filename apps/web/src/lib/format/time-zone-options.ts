import { labelListSchema, type LabelEntry } from '@portico/contracts';
import { timeZoneName } from '@portico/locales/display-names';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { contentUrl } from '../../config/runtime-config.js';
import { httpGet } from '../http/http-client.js';
import { useLocale } from '../labels/use-locale.js';
import { intlLocale, isLabelLanguage } from '@portico/locales';

/** The Intl locale of a label language ('no' → 'nb'); anything else as it is. */
export const intlLocaleOf = (language: string): string =>
  isLabelLanguage(language) ? intlLocale(language) : language;

/**
 * The time zones with their names in `language` (issue 27): "Mitteleuropäische Zeit
 * (Berlin)" for a German reader. The key stays the IANA id the profile stores.
 */
export function localizeTimeZones(zones: readonly LabelEntry[], language: string): LabelEntry[] {
  const locale = intlLocaleOf(language);
  return zones.map((zone) => ({ key: zone.key, value: timeZoneName(zone.key, locale) }));
}

/**
 * The time-zone list of the profile and user forms (§7 GET {content}/labels/timezones), named
 * in the user's language. One cached request; the names follow a language change at once.
 */
export function useTimeZoneOptions() {
  const language = useLocale();
  const select = useCallback(
    (zones: LabelEntry[] | null) => localizeTimeZones(zones ?? [], language),
    [language],
  );
  return useQuery({
    queryKey: ['labels', 'timezones'] as const,
    queryFn: ({ signal }) => httpGet(contentUrl('labels/timezones'), labelListSchema, { signal }),
    staleTime: Infinity,
    select,
  });
}
