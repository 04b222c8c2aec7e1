import { createHmac, timingSafeEqual } from 'node:crypto';

// A browser where an account signed in before (OWASP's "device cookie"; ADR 0014 addendum):
// its sign-in is never refused because of other people's failures at that account. Signed
// with the provider's cookie keys; names the account by the digest the limits use, so the
// cookie holds no e-mail address.

export const KNOWN_DEVICE_COOKIE = 'portico_known_device';
export const KNOWN_DEVICE_SECONDS = 180 * 24 * 60 * 60;

function signature(key: string, payload: string): string {
  return createHmac('sha256', key).update(`known-device:${payload}`).digest('base64url');
}

/** The cookie's value for `accountDigest`, signed with the first key. */
export function knownDeviceValue(
  keys: readonly string[],
  accountDigest: string,
  now = Date.now(),
): string {
  const payload = `${accountDigest}.${Math.floor(now / 1000) + KNOWN_DEVICE_SECONDS}`;
  return `${payload}.${signature(keys[0] ?? '', payload)}`;
}

/** Whether `value` is a valid, unexpired cookie of ours for `accountDigest` (any key). */
export function isKnownDevice(
  keys: readonly string[],
  value: string | undefined,
  accountDigest: string,
  now = Date.now(),
): boolean {
  if (!value) return false;
  const [digest, expires, given, ...rest] = value.split('.');
  if (rest.length > 0 || digest !== accountDigest || !expires || !given) return false;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= now) return false;
  const payload = `${digest}.${expires}`;
  return keys.some((key) => {
    const expected = Buffer.from(signature(key, payload));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
}
