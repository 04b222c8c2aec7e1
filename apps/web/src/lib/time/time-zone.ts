import { useProfile } from '../profile/profile-query.js';

/** The browser's own time zone (the fallback when the profile names none or an unknown one). */
export const browserTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Issue 12: times in the app follow the time zone of the user's profile. */
export function useTimeZone(): string {
  const zone = useProfile()?.timeZone;
  return zone && isTimeZone(zone) ? zone : browserTimeZone();
}

/** Date and time in the user's language and time zone, e.g. '23 Nov 2026, 14:05'. */
export function formatDateTime(value: Date | string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(value));
}
