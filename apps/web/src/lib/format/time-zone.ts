import { useProfile } from '../profile/profile-query.js';

/** Whether Intl knows the IANA zone (a profile may name one this browser lacks). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own time zone, or UTC when the browser names none it can use. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** The zone times are shown in: the profile's, else the browser's, else UTC. */
export function resolveTimeZone(profileZone: string | null | undefined): string {
  return profileZone && isTimeZone(profileZone) ? profileZone : browserTimeZone();
}

/** Issue 12: times in the app follow the time zone of the user's profile. */
export function useTimeZone(): string {
  return resolveTimeZone(useProfile()?.timeZone);
}
