import type { Locator, Page, Route } from 'playwright-core';
import { expectNoAxeViolations } from './axe.js';

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

/**
 * For each stubbed status: a page whose data call (`path`) fails shows the status's §8 text,
 * the 500 one checked with axe; its retry, once the call answers again, shows `ready`.
 */
export async function expectPageErrorsWithRetry(
  page: Page,
  { path, open, ready }: { path: string | RegExp; open: () => Promise<unknown>; ready: Locator },
): Promise<void> {
  for (const status of STUB_STATUSES) {
    const release = await stubApiError(page, 'GET', path, status);
    await open();
    const alert = page.getByRole('alert').filter({ hasText: STUB_EXPECTED[status] });
    await alert.waitFor({ timeout: 15_000 });
    if (status === 500) await expectNoAxeViolations(page);
    await release();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await ready.waitFor();
  }
}

/** For each stubbed status: pressing `download` while its file (`path`) fails shows the §8 text. */
export async function expectFailedDownloads(
  page: Page,
  { path, download }: { path: string | RegExp; download: Locator },
): Promise<void> {
  for (const status of STUB_STATUSES) {
    const release = await stubApiError(page, 'GET', path, status);
    await download.click();
    await page.getByText(STUB_EXPECTED[status]).first().waitFor();
    await release();
  }
}
