import { vi, type MockInstance } from 'vitest';
import { browserRedirect } from '../src/lib/auth/browser-redirect.js';

/** Captures where the app would send the browser instead of leaving the test page. */
export function captureRedirects(): MockInstance<(url: string) => void> {
  return vi.spyOn(browserRedirect, 'to').mockImplementation(() => undefined);
}

/** The last address passed to browserRedirect.to, parsed. */
export function lastRedirect(spy: MockInstance<(url: string) => void>): URL {
  const call = spy.mock.calls.at(-1);
  if (!call) throw new Error('No redirect happened');
  return new URL(call[0]);
}

/**
 * Lets the next login() start afresh: the one-attempt lock is released the way a browser
 * releases it, by a page restored from the back/forward cache.
 */
export function releaseLoginLock(): void {
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
}
