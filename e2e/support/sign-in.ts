// Sign-in through the REAL sign-in page of the embedded OpenID provider (issue 2 §3),
// exactly as a person does it: labelled fields, the "Sign in" button.
import type { BrowserContext, Page } from 'playwright-core';
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

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * What a browser holds right after a real sign-in (the provider's session cookie, the
 * first-paint cookie, the tokens in localStorage), per server and user, for the rest of the
 * test file. Each file still signs every user in through the real page once; later tests of
 * the file start where that sign-in ended (about 2.5 s each on the suite's machine).
 */
const signedIn = new Map<string, StorageState>();
/** Contexts already watched for a sign-out. */
const watched = new WeakSet<BrowserContext>();

/**
 * A sign-out ends the provider session and revokes its tokens: forget every stored sign-in
 * of that server, so the next test signs in for real again.
 */
function forgetOnSignOut(context: BrowserContext, baseUrl: string): void {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('request', (request) => {
    if (/\/session\/end/.test(new URL(request.url()).pathname)) {
      for (const key of [...signedIn.keys()]) {
        if (key.startsWith(`${baseUrl}|`)) signedIn.delete(key);
      }
    }
  });
}

/** Puts a stored sign-in into the page's context: its cookies, then its origin's storage. */
async function restoreSignIn(page: Page, baseUrl: string, state: StorageState): Promise<void> {
  const context = page.context();
  await context.addCookies(state.cookies);
  const origin = new URL(baseUrl).origin;
  const storage = state.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
  // An empty page of the origin, answered in the browser, to write its localStorage from.
  const blank = `${origin}/__e2e-restore-sign-in`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '' }));
  await page.goto(blank);
  await page.evaluate((items) => {
    for (const { name, value } of items) window.localStorage.setItem(name, value);
  }, storage);
  await page.unroute(blank);
}

/**
 * The context's state once the app has handed the server its first-paint cookie (a request
 * of its own after the tokens are stored); without the cookie after 3 s, the state as it is.
 */
async function settledState(context: BrowserContext): Promise<StorageState> {
  for (let waited = 0; waited < 3_000; waited += 100) {
    const cookies = await context.cookies();
    if (cookies.some((cookie) => cookie.name === 'portico-first-paint')) break;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return context.storageState();
}

export interface SignInOptions {
  /** Always through the sign-in page, even when this file signed the user in before. */
  readonly fresh?: boolean;
}

/**
 * Signs in as `email`. When the page is not already on the sign-in form it opens `/` of
 * baseUrl, which sends a signed-out visitor there. Resolves with the address the SPA landed on.
 * A user this test file signed in before (and did not sign out) starts from that sign-in's
 * cookies and storage unless `fresh` is set; a page already on the form always signs in.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password = demoPassword,
  options: SignInOptions = {},
): Promise<URL> {
  const context = page.context();
  forgetOnSignOut(context, baseUrl);
  const key = `${baseUrl}|${email}`;
  const onForm = await emailField(page)
    .isVisible()
    .catch(() => false);
  const stored = signedIn.get(key);
  if (!onForm && stored && !options.fresh) {
    await restoreSignIn(page, baseUrl, stored);
    await page.goto(`${baseUrl}/`);
    // As after a real sign-in: the app has sent the root on to its first page.
    const origin = new URL(baseUrl).origin;
    await page.waitForURL(
      (url) => url.origin === origin && !isSignInTransit(url) && url.pathname !== '/',
      { timeout: 30_000 },
    );
    return new URL(page.url());
  }
  if (!onForm) await page.goto(`${baseUrl}/`);
  await submitSignIn(page, email, password);
  const landed = await waitForSpa(page, baseUrl);
  signedIn.set(key, await settledState(context));
  return landed;
}
