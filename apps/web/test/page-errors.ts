import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type HttpHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { fileSaver } from '../src/lib/files/save-file.js';
import { renderSignedIn, url } from './app-test-harness.js';
import { CATALOGUE_TEXT, ERROR_STATUSES, errorResponse, type ErrorStatus } from './error-cases.js';
import { createFakeProvider, type FakeProvider } from './fake-oidc-provider.js';
import { captureRedirects, releaseLoginLock } from './sign-in.js';
import { TEST_ISSUER } from './test-config.js';

type Redirects = MockInstance<(url: string) => void>;

/**
 * For a describe block of §8 tests (issue 27): a 401 starts the login, which needs the
 * provider's discovery document and must not leave the test page. Returns the redirect spy
 * of the running test.
 */
export function catchLoginOn401(server: SetupServer): () => Redirects {
  let redirects: Redirects | undefined;
  let provider: FakeProvider;
  beforeAll(async () => {
    provider = await createFakeProvider(TEST_ISSUER, 'portico-spa');
  });
  beforeEach(() => {
    redirects = captureRedirects();
    server.use(...provider.handlers);
  });
  afterEach(() => releaseLoginLock());
  return () => {
    if (!redirects) throw new Error('catchLoginOn401: no test is running');
    return redirects;
  };
}

export interface PageErrorCase {
  status: ErrorStatus;
  /** The GET whose failure the page shows, e.g. `/api/users/me/settings`. */
  call: string;
  /** Where the page is. */
  path: string;
  /**
   * What shows the page loaded after the retry: a heading or an element of a role (visible),
   * or a text (in any of its places on the page).
   */
  ready: { name: string; level: number } | { role: string } | { text: string };
  /** A heading the page keeps showing beside the error (its frame did not fail). */
  heading?: { name: string; level: number };
  redirects: () => Redirects;
  /** Other answers the page needs (after the failing one, which wins). */
  handlers?: HttpHandler[];
}

/**
 * A page whose data failed shows the §8 text; a 401 sends the browser to the login, any
 * other status offers a retry that loads the page (never an endless loading text).
 */
export async function expectPageErrorWithRetry(
  server: SetupServer,
  { status, call, path, ready, heading, redirects, handlers = [] }: PageErrorCase,
): Promise<void> {
  let fail = true;
  server.use(
    http.get(url(call), () => (fail ? errorResponse(status) : undefined)),
    ...handlers,
  );
  const user = userEvent.setup();
  await renderSignedIn(path);
  const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
  expect(alert).toHaveTextContent(CATALOGUE_TEXT[status]);
  if (heading) expect(screen.getByRole('heading', heading)).toBeVisible();
  if (status === 401) {
    // The browser is on its way to the login; there is nothing to retry here.
    await waitFor(() => expect(redirects()).toHaveBeenCalled());
    return;
  }
  fail = false;
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  if ('text' in ready) expect((await screen.findAllByText(ready.text))[0]).toBeInTheDocument();
  else if ('role' in ready) expect(await screen.findByRole(ready.role)).toBeVisible();
  else expect(await screen.findByRole('heading', ready)).toBeVisible();
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
}

/** A GET a page shows the failure of: a PageErrorCase for every status. */
export type PageCall = Omit<PageErrorCase, 'status' | 'redirects'>;

/**
 * For a describe block of §8 tests: each of `calls` failing with each of ERROR_STATUSES shows
 * the §8 text, and the retry loads the page (expectPageErrorWithRetry).
 */
export function describePageLoadErrors(
  server: SetupServer,
  redirects: () => Redirects,
  calls: readonly PageCall[],
): void {
  describe.each(calls)('GET $call on $path', (call) => {
    it.each(ERROR_STATUSES)('%i: the §8 text with a retry that loads the page', (status) =>
      expectPageErrorWithRetry(server, { ...call, status, redirects }),
    );
  });
}

export interface DownloadCall {
  /** The GET of the file, e.g. `/api/invoices/export.csv`. */
  call: string;
  /** Where the page with the download button is. */
  path: string;
  /** The accessible name of the button that downloads it. */
  button: string;
}

/**
 * For a describe block of §8 tests: each download of `downloads` failing with each of
 * ERROR_STATUSES shows the §8 notification and saves nothing; a 401 also starts the login.
 * `page.handlers`: other answers the page needs; `page.ready`: a role to wait for before the
 * click (the page has loaded).
 */
export function describeDownloadErrors(
  server: SetupServer,
  redirects: () => Redirects,
  downloads: readonly DownloadCall[],
  page: { handlers?: HttpHandler[]; ready?: string } = {},
): void {
  describe.each(downloads)('GET $call', ({ call, path, button }) => {
    it.each(ERROR_STATUSES)('%i: the §8 notification, nothing saved', async (status) => {
      server.use(
        http.get(url(call), () => errorResponse(status)),
        ...(page.handlers ?? []),
      );
      const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
      const user = userEvent.setup();
      await renderSignedIn(path);
      if (page.ready) await screen.findByRole(page.ready);
      await user.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByText(CATALOGUE_TEXT[status])).toBeVisible();
      expect(save).not.toHaveBeenCalled();
      if (status === 401) await waitFor(() => expect(redirects()).toHaveBeenCalled());
    });
  });
}
