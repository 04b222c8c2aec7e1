import { useProfile } from '../profile/profile-query.js';

// Answers kept for the session: building an Intl formatter to ask costs about a millisecond on a
// slow phone, and every component that formats asks on every render (issue 25, TBT).
const known = new Map<string, boolean>();
let browserZone: string | undefined;

/** Whether Intl knows the IANA zone (a profile may name one this browser lacks). */
export function isTimeZone(value: string): boolean {
  let answer = known.get(value);
  if (answer === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      answer = true;
    } catch {
      answer = false;
    }
    known.set(value, answer);
  }
  return answer;
}

/** The browser's own time zone, or UTC when the browser names none it can use. */
export function browserTimeZone(): string {
  if (browserZone === undefined) {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    browserZone = zone && isTimeZone(zone) ? zone : 'UTC';
  }
  return browserZone;
}

/** The zone times are shown in: the profile's, else the browser's, else UTC. */
export function resolveTimeZone(profileZone: string | null | undefined): string {
  return profileZone && isTimeZone(profileZone) ? profileZone : browserTimeZone();
}

/** Issue 12: times in the app follow the time zone of the user's profile. */
export function useTimeZone(): string {
  return resolveTimeZone(useProfile()?.timeZone);
}
