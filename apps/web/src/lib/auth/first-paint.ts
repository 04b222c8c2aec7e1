import { apiUrl } from '../../config/runtime-config.js';

/**
 * The server's first paint (ADR 0044, 0075). The server can render a user's page into the
 * first HTML only if it knows the user when the page is asked for: after each sign-in the app
 * hands it the access token, which it keeps as an HttpOnly cookie for the painted addresses
 * only, and takes back on sign-out. Best effort: without it the app paints alone.
 */
function sessionUrl(): string | null {
  const url = new URL(apiUrl('session/first-paint'), window.location.href);
  // A cookie set by another origin would never reach this one's pages.
  return url.origin === window.location.origin ? url.href : null;
}

function send(init: RequestInit): void {
  let url: string | null;
  try {
    url = sessionUrl();
  } catch {
    return; // no configuration yet (a failed start): nothing to tell the server
  }
  if (url === null) return;
  // keepalive: a sign-out navigates away at once; the request must still go.
  fetch(url, { ...init, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
}

export function shareFirstPaintSession(accessToken: string): void {
  send({ method: 'PUT', headers: { Authorization: `Bearer ${accessToken}` } });
}

export function endFirstPaintSession(): void {
  send({ method: 'DELETE' });
}
