import type { UserProfile } from '@portico/contracts';

/**
 * §1 "The profile is passed to the header as an encoded cookie named USER": the shared header
 * is rendered by a server that greets the user from it. It must be written before the header
 * is requested.
 */
export const USER_COOKIE = 'USER';

/** The cookie value: the profile as URI-encoded JSON. */
export function userCookieValue(profile: UserProfile): string {
  return encodeURIComponent(JSON.stringify(profile));
}

function cookieAttributes(): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; path=/; SameSite=Lax${secure}`;
}

/** Writes USER with an already-encoded value (see userCookieValue). */
export function writeUserCookie(encodedProfile: string): void {
  document.cookie = `${USER_COOKIE}=${encodedProfile}${cookieAttributes()}`;
}

/** Removes USER (sign-out, or no profile to pass on). */
export function clearUserCookie(): void {
  document.cookie = `${USER_COOKIE}=${cookieAttributes()}; max-age=0`;
}

/** The decoded USER cookie, or null (tests and diagnostics). */
export function readUserCookie(): unknown {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${USER_COOKIE}=`));
  if (!entry) return null;
  const raw = entry.slice(USER_COOKIE.length + 1);
  if (raw === '') return null;
  try {
    return JSON.parse(decodeURIComponent(raw)) as unknown;
  } catch {
    return null;
  }
}
