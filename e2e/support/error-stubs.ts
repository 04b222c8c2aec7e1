// Stubbed API failures for the §8 browser tests (issue 27): one call answered with a status
// through page.route, and the text the user must then see.
import type { Page, Route } from 'playwright-core';

export const API_MESSAGE = 'The API refused this request for a reason of its own.';

/** The §8 text for each stubbed status (a 400 shows the API's own message). */
export const EXPECTED_TEXT = {
  400: API_MESSAGE,
  408: 'Request has timed out. Please try again later.',
  500: /Something went wrong\. Please send an email to \S+@\S+ if the situation persists\./,
} as const;
export const STUBBED_STATUSES = [400, 408, 500] as const;

/**
 * Answers the call (method and path: a string, or a pattern for a path with an id) with the
 * status until the returned function is called.
 */
export async function stubStatus(
  page: Page,
  method: string,
  path: string | RegExp,
  status: number,
): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    route.request().method() === method
      ? route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: status,
            error: 'Error',
            message: status === 400 ? API_MESSAGE : 'Internal words that must not show.',
          }),
        })
      : route.fallback();
  const matches = (url: URL) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname);
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}
