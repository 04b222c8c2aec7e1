import { intlLocale, type LabelLanguage } from '@portico/locales';

/** Whether Intl knows a time zone name (profiles are edited by hand and by imports). */
function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * A date and time as a reader of `language` writes it, in their time zone (issue 16: what the
 * server renders follows the user's language and profile time zone; UTC when unknown). The
 * long time style names the zone, so the reader knows which clock it is.
 */
export function formatDateTime(
  date: Date,
  language: LabelLanguage,
  timeZone?: string | null,
): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'long',
    timeZone: knownTimeZone(timeZone),
  }).format(date);
}
