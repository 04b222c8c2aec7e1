import { useLayoutEffect } from 'react';
import { apiUrl } from '../../config/runtime-config.js';

/**
 * The server's first paint of the news list (ADR 0044). The server can render a user's list
 * into the first HTML only if it knows the user when the page is asked for: after each
 * sign-in the app hands it the access token, which it keeps as an HttpOnly cookie for /news
 * addresses only, and takes back on sign-out. Best effort: without it the app paints alone.
 */
const FIRST_PAINT_ELEMENT_ID = 'portico-first-paint';

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

/** The app shows the page now (or will show something else): the server's copy goes. */
export function removeFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
}

/*
 * The takeover (issue 25): the copy goes when the shell is ready to show the page and the
 * page holding it has its own content in, so the app never shows a list without its cards
 * (or its count) in place of the painted one. Layout effects, so it happens in the frame
 * React commits the page.
 */
let shellReady = false;
let holds = 0;

function takeOverIfReady(): void {
  if (shellReady && holds === 0) removeFirstPaint();
}

/** The shell shows the page from now on (header, footer and labels in). */
export function useFirstPaintTakeover(ready: boolean): void {
  useLayoutEffect(() => {
    shellReady = ready;
    takeOverIfReady();
  }, [ready]);
}

/**
 * A page the server paints keeps the copy until its own content is `ready` (its data, or
 * its error, is in). Leaving the page lets go as well.
 */
export function useFirstPaintHold(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) return;
    holds += 1;
    return () => {
      holds -= 1;
      takeOverIfReady();
    };
  }, [ready]);
}
