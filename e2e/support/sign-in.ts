// Sign-in through the REAL sign-in page of the embedded OpenID provider (issue 2 §3),
// exactly as a person does it: labelled fields, the "Sign in" button.
import type { Page } from 'playwright-core';
import { demoPassword } from './demo-users.js';

/** Pages of the sign-in round trip; the SPA has "landed" once it is on none of them. */
const transitPaths = [/^\/oidc(\/|$)/, /^\/state-redirect(\/|$)/, /^\/login(\/|$)/];

export function isSignInTransit(url: URL): boolean {
  return transitPaths.some((pattern) => pattern.test(url.pathname));
}

export function emailField(page: Page) {
  return page.getByLabel('Email', { exact: true });
}

export function passwordField(page: Page) {
  return page.getByLabel('Password', { exact: true });
}

export function signInButton(page: Page) {
  return page.getByRole('button', { name: 'Sign in', exact: true });
}

/** Waits until the browser shows the provider's sign-in form. */
export async function waitForSignInPage(page: Page): Promise<void> {
  await emailField(page).waitFor({ state: 'visible', timeout: 30_000 });
}

/** Fills and submits the sign-in form on the current page. */
export async function submitSignIn(
  page: Page,
  email: string,
  password = demoPassword,
): Promise<void> {
  await waitForSignInPage(page);
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  // Resolve once the provider has answered the form post: a redirect onwards, or the form
  // again with an error (so a stale error on the old page is never mistaken for the new one).
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.request().isNavigationRequest(),
    { timeout: 30_000 },
  );
  await signInButton(page).click();
  await answered;
  await page.waitForLoadState('domcontentloaded');
}

/** Waits until the SPA of baseUrl is back in charge (off the provider and the callback). */
export async function waitForSpa(page: Page, baseUrl: string): Promise<URL> {
  const origin = new URL(baseUrl).origin;
  await page.waitForURL((url) => url.origin === origin && !isSignInTransit(url), {
    timeout: 30_000,
  });
  return new URL(page.url());
}

/**
 * Signs in as `email`. When the page is not already on the sign-in form it opens `/` of
 * baseUrl, which sends a signed-out visitor there. Resolves with the address the SPA landed on.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password = demoPassword,
): Promise<URL> {
  const onForm = await emailField(page)
    .isVisible()
    .catch(() => false);
  if (!onForm) await page.goto(`${baseUrl}/`);
  await submitSignIn(page, email, password);
  return waitForSpa(page, baseUrl);
}
