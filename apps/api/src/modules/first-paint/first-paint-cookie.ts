import { FIRST_PAINT_PATHS, FIRST_PAINT_STATE_PATH } from '@portico/contracts';
import { decodeJwt } from 'jose';
import type { Env } from '../../config/env.js';

/**
 * The first paint's cookie (ADR 0044): the access token the app already holds, handed to the
 * server so that the first HTML of the news list (and of /invoices and /my-solutions: ADR 0057)
 * can be rendered for its user. HttpOnly (no script reads it), sent only for those addresses
 * and for the painted page's data (FIRST_PAINT_STATE_PATH; one cookie per path, the same
 * token), gone when the token expires. It is no API credential: /api keeps requiring the
 * bearer header, and the one read that takes the cookie instead (the painted page's data) shows
 * what the page itself does; so the cookie opens no way for another site's forms (CSRF) to act
 * for the user.
 */
export const FIRST_PAINT_COOKIE = 'portico-first-paint';

const secure = (env: Env): string => (env.PUBLIC_URL.startsWith('https:') ? '; Secure' : '');

const COOKIE_PATHS = [...FIRST_PAINT_PATHS, FIRST_PAINT_STATE_PATH];

/** Set-Cookie headers for `token` until its own expiry; null when it has none left. */
export function firstPaintCookies(env: Env, token: string, now = Date.now()): string[] | null {
  const { exp } = decodeJwt(token);
  const seconds = typeof exp === 'number' ? Math.floor(exp - now / 1000) : 0;
  if (seconds <= 0) return null;
  return COOKIE_PATHS.map(
    (path) =>
      `${FIRST_PAINT_COOKIE}=${token}; Path=${path}; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure(env)}`,
  );
}

export function clearedFirstPaintCookies(env: Env): string[] {
  return COOKIE_PATHS.map(
    (path) =>
      `${FIRST_PAINT_COOKIE}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Lax${secure(env)}`,
  );
}
