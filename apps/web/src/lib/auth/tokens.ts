import { local } from '../storage/storage.js';
import { endFirstPaintSession, shareFirstPaintSession } from './first-paint.js';

/** §9 Token storage: an access token and an id token in local storage. */
export const ACCESS_TOKEN_KEY = 'access_token';
export const ID_TOKEN_KEY = 'id_token';

export const getAccessToken = (): string | null => local.get(ACCESS_TOKEN_KEY) || null;
export const getIdToken = (): string | null => local.get(ID_TOKEN_KEY) || null;

export function storeTokens(tokens: { accessToken: string; idToken: string }): void {
  local.set(ACCESS_TOKEN_KEY, tokens.accessToken);
  local.set(ID_TOKEN_KEY, tokens.idToken);
  shareFirstPaintSession(tokens.accessToken);
}

export function clearTokens(): void {
  const had = getAccessToken() !== null;
  local.remove(ACCESS_TOKEN_KEY);
  local.remove(ID_TOKEN_KEY);
  if (had) endFirstPaintSession();
}
