import type { Page, Route } from 'playwright-core';

/** The API message a stubbed 400 carries; §8 shows it as given. */
export const STUB_API_MESSAGE = 'The API refused this request for a reason of its own.';

/** What the user sees for each stubbed status (§8; the contact address is the server's). */
export const STUB_EXPECTED = {
  400: STUB_API_MESSAGE,
  408: 'Request has timed out. Please try again later.',
  500: /Something went wrong\. Please send an email to \S+@\S+ if the situation persists\./,
} as const;
export const STUB_STATUSES = [400, 408, 500] as const;

/**
 * Answers the API call (method and exact path, or a pattern for a path with an id) with the
 * status and an API error body until the returned function is called (issue 27: one §8 error
 * path).
 */
export async function stubApiError(
  page: Page,
  method: string,
  path: string | RegExp,
  status: number,
): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    route.request().method() === method
      ? route.fulfill({
          status,
          // The API's one error body (RFC 9457 problem details, ADR 0065).
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: status === 400 ? 'https://portico.example/problems/validation' : 'about:blank',
            title: 'Error',
            status,
            detail: status === 400 ? STUB_API_MESSAGE : 'Internal words that must not show.',
          }),
        })
      : route.fallback();
  const matches = (url: URL) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname);
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}
