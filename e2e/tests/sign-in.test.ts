// Browser tests of sign-in (issue 2 §3, "Done when"; spec §4 Session, Guard, Sign-in callback):
// every demo account through the REAL sign-in page, over both flows — authorisation code with
// PKCE (the default) and the implicit flow of the spec — each against its own server.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { demoUsers, anyDemoUser } from '../support/demo-users.js';
import {
  emailField,
  isSignInTransit,
  signIn,
  submitSignIn,
  waitForSignInPage,
  waitForSpa,
} from '../support/sign-in.js';
import { openApp } from '../support/app.js';

const flows = [
  { name: 'authorisation code + PKCE', baseUrl: inject('codeBaseUrl') },
  { name: 'implicit (id_token token)', baseUrl: inject('implicitBaseUrl') },
];

const session = useBrowser();

/** What the SPA keeps while signed in (spec §4 Session, §9 token storage). */
async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('access_token'));
}

async function expectOnSignInPage(page: Page, baseUrl: string): Promise<void> {
  await waitForSignInPage(page);
  const url = new URL(page.url());
  expect(url.origin).toBe(new URL(baseUrl).origin);
  expect(url.pathname).toMatch(/^\/oidc\//);
}

/**
 * The shell is shown: the shared header (portal navigation, sign-out) and footer, fetched from
 * the shared base and rendered once the app is ready (spec §1).
 */
async function expectShell(page: Page): Promise<void> {
  // Waited for, not sampled: the header is re-rendered once the profile (greeting) arrives.
  const portalNavigation = page.getByRole('navigation', { name: 'Portal' });
  await portalNavigation
    .getByRole('link', { name: 'News', exact: true })
    .waitFor({ state: 'visible', timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Useful links' }).waitFor({ state: 'visible' });
}

/** Header and footer are landmarks, so assistive technology can jump to and past them. */
async function expectShellLandmarks(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  const footer = page.getByRole('contentinfo');
  await header.getByRole('navigation', { name: 'Portal' }).waitFor({ state: 'visible' });
  await footer.getByRole('navigation', { name: 'Useful links' }).waitFor({ state: 'visible' });
  expect(await header.count(), 'one banner landmark (the header host)').toBe(1);
  expect(await footer.count(), 'one contentinfo landmark (the footer host)').toBe(1);
}

describe.each(flows)('sign-in, $name', ({ baseUrl }) => {
  let titleSuffix = '';

  beforeAll(async () => {
    const response = await fetch(`${baseUrl}/config.json`);
    expect(response.status).toBe(200);
    const config = (await response.json()) as {
      titleSuffix: string;
      auth: { responseType: string };
    };
    titleSuffix = config.titleSuffix;
    // The two servers really run the two flows.
    expect(config.auth.responseType).toBe(
      baseUrl === inject('codeBaseUrl') ? 'code' : 'id_token token',
    );
  });

  test.each(demoUsers)('$email signs in and lands on /news with the shell', async ({ email }) => {
    const { page } = session;
    await page.goto(`${baseUrl}/`);
    await expectOnSignInPage(page, baseUrl);
    await expectNoAxeViolations(page);

    await submitSignIn(page, email);
    await page.waitForURL(`${baseUrl}/news`, { timeout: 30_000 });
    await expectShell(page);
    await expect.poll(() => page.title()).toBe(`News${titleSuffix}`);
    expect(await storedAccessToken(page)).toBeTruthy();
    await expectNoAxeViolations(page);
  });

  test('the header and footer are the banner and contentinfo landmarks', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anyDemoUser.email);
    await expectShell(page);
    await expectShellLandmarks(page);
  });

  test('a signed-out deep link comes back to exactly that address after sign-in', async () => {
    const { page } = session;
    const deepLink = `${baseUrl}/news?page=2&query=cloud`;
    await page.goto(deepLink);
    await expectOnSignInPage(page, baseUrl);

    await submitSignIn(page, anyDemoUser.email);
    const landed = await waitForSpa(page, baseUrl);
    expect(landed.href).toBe(deepLink);
    await expectShell(page);
    // Still there once the page has settled (nothing rewrote the address).
    expect(page.url()).toBe(deepLink);
  });

  test('a wrong password shows a generic error and stays on the sign-in page', async () => {
    const { page } = session;
    await openApp(page, `${baseUrl}/news`);
    await submitSignIn(page, anyDemoUser.email, 'not-the-password');
    await expectOnSignInPage(page, baseUrl);
    const alert = page.getByRole('alert');
    await alert.waitFor({ state: 'visible' });
    const wrongPasswordMessage = (await alert.innerText()).trim();
    expect(wrongPasswordMessage).not.toBe('');

    // An unknown account gets the very same words: the page does not reveal who exists.
    await submitSignIn(page, 'nobody.here@portico.test', 'not-the-password');
    await expectOnSignInPage(page, baseUrl);
    await alert.waitFor({ state: 'visible' });
    expect((await alert.innerText()).trim()).toBe(wrongPasswordMessage);
    expect(wrongPasswordMessage.toLowerCase()).not.toContain('nobody.here');
    expect(await storedAccessToken(page)).toBeNull();
    await expectNoAxeViolations(page);
  });

  test('sign-out clears the session: the next visit to /news asks for sign-in again', async () => {
    const { page } = session;
    const landed = await signIn(page, baseUrl, anyDemoUser.email);
    expect(landed.pathname).toBe('/news');
    await expectShell(page);

    await page.getByRole('link', { name: 'Sign out', exact: true }).click();
    // The provider session ends too: it answers with its sign-in form or its "signed out" page.
    await emailField(page)
      .or(page.getByRole('heading', { name: /signed out/i }))
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    expect(await storedAccessToken(page)).toBeNull();

    await openApp(page, `${baseUrl}/news`);
    await expectOnSignInPage(page, baseUrl);
    expect(await storedAccessToken(page)).toBeNull();
  });

  test('a returnUrl of //evil.example ends on /news of the portal', async () => {
    const { page } = session;
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.route(
      (url) => url.hostname.endsWith('evil.example'),
      (route) => route.abort(),
    );

    await page.goto(`${baseUrl}/login?returnUrl=${encodeURIComponent('//evil.example')}`);
    await expectOnSignInPage(page, baseUrl);
    await submitSignIn(page, anyDemoUser.email);
    await page.waitForURL(`${baseUrl}/news`, { timeout: 30_000 });
    await expectShell(page);

    expect(page.url()).toBe(`${baseUrl}/news`);
    expect(visited.filter((url) => new URL(url).hostname.includes('evil.example'))).toEqual([]);
    // Once back in the app, nothing went anywhere but the portal's own pages.
    const afterSignIn = visited.map((url) => new URL(url)).filter((url) => !isSignInTransit(url));
    expect(afterSignIn.every((url) => url.origin === new URL(baseUrl).origin)).toBe(true);
  });
});
