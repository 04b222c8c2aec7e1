import { useLocale } from '../labels/use-locale.js';
import { formatFor, toIntlLocale, type Format } from './format.js';
import { useTimeZone } from './time-zone.js';

/** The Intl locale of the current label language ('nb' while the labels are Norwegian). */
export function useIntlLocale(): string {
  return toIntlLocale(useLocale());
}

/**
 * Issue 16: dates, numbers and amounts in the user's language and the profile's time zone
 * (the browser's when the profile names none). The same object while neither changes.
 */
export function useFormat(): Format {
  return formatFor(useIntlLocale(), useTimeZone());
}
