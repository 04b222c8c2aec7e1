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
 * The time-zone list of the profile and user forms (§7 GET {content}/labels/timezones, by
 * their current IANA names) as the picker offers them: named in the user's language ("Mitteleuropäische Zeit
 * (Berlin)"), grouped by offset. One cached request; the names follow a language change.
 */
export function useTimeZoneOptions() {
  const language = useLocale();
  const select = useCallback(
    (zones: LabelEntry[] | null) =>
      timeZoneOptions(
        (zones ?? []).map((zone) => zone.key),
        intlLocaleOf(language),
      ),
    [language],
  );
  return useQuery({
    queryKey: ['labels', 'timezones'] as const,
    queryFn: ({ signal }) => httpGet(contentUrl('labels/timezones'), labelListSchema, { signal }),
    staleTime: Infinity,
    select,
  });
}

/** A zone as the time-zone picker offers it (issue 37). */
export interface TimeZoneOption {
  /** The IANA id the profile stores (current names: Asia/Kolkata). */
  id: string;
  /** "Indische Normalzeit (Kolkata)": the generic name and place in the reader's language. */
  name: string;
  /** The group it is listed in: its offset now, as the reader's locale writes it ("GMT+05:30"). */
  offset: string;
  offsetMinutes: number;
  /** What a search matches: name, id and offset, lower case, without accents. */
  haystack: string;
}

/** Lower case without accents, so "sao" finds São Paulo and "zurich" Zürich. */
export const searchable = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The zone's offset at `at` as Intl writes it in `locale` ("GMT+05:30"; "GMT" for none). */
function offsetOf(id: string, locale: string, at: Date): { offset: string; minutes: number } {
  let offset: string;
  try {
    offset =
      new Intl.DateTimeFormat(locale, { timeZone: id, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? id;
  } catch {
    return { offset: id, minutes: 0 };
  }
  // The digits are ASCII in every portal language; the sign may be U+2212.
  const match = /([+\u2212-])(\d{2}):(\d{2})/.exec(offset);
  const minutes = match ? Number(match[2]) * 60 + Number(match[3]) : 0;
  return { offset, minutes: match?.[1] === '+' ? minutes : -minutes };
}

/**
 * The picker's options in `locale`: grouped by their offset now (west to east), by name
 * within a group. A stored zone that is not in the list is kept, under its own id.
 */
export function timeZoneOptions(
  ids: readonly string[],
  locale: string,
  at: Date = new Date(),
): TimeZoneOption[] {
  const collator = new Intl.Collator(locale);
  return ids
    .map((id) => {
      const name = timeZoneName(id, locale);
      const { offset, minutes } = offsetOf(id, locale, at);
      return {
        id,
        name,
        offset,
        offsetMinutes: minutes,
        haystack: searchable(`${name} ${id.replaceAll('_', ' ')} ${offset}`),
      };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || collator.compare(a.name, b.name));
}
