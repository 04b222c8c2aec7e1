// Browser test of issue 11 part 1 (ADR 0014): the portal opened at http://127.0.0.1:<port> or
// http://[::1]:<port> while PUBLIC_URL says http://localhost:<port> signs in through the real
// sign-in page and stays on the address the person typed. Before, the sign-in page said
// "invalid_redirect_uri"; at [::1] the server did not listen, and Chrome's form-action then
// blocked the redirect back (CSP cannot name an IPv6 literal).
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anyDemoUser } from '../support/demo-users.js';
import { submitSignIn, waitForSignInPage, waitForSpa } from '../support/sign-in.js';

const flows = [
  { name: 'authorisation code + PKCE', baseUrl: inject('codeBaseUrl'), address: '127.0.0.1' },
  { name: 'implicit (id_token token)', baseUrl: inject('implicitBaseUrl'), address: '127.0.0.1' },
  { name: 'authorisation code + PKCE', baseUrl: inject('codeBaseUrl'), address: '[::1]' },
];

const session = useBrowser();

/** The same server under a loopback address instead of the name localhost. */
function viaLoopbackAddress(baseUrl: string, address: string): string {
  const url = new URL(baseUrl);
  url.hostname = address;
  return url.origin;
}

async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('access_token'));
}

describe.each(flows)('the portal opened at $address, $name', ({ baseUrl, address }) => {
  test('signs in through the real sign-in page and lands on /news of the typed address', async () => {
    const { page } = session;
    const portal = viaLoopbackAddress(baseUrl, address);
    expect(new URL(baseUrl).hostname).toBe('localhost'); // PUBLIC_URL of the server

    await page.goto(`${portal}/news`);
    await waitForSignInPage(page);
    // The provider lives at its issuer (PUBLIC_URL); its page is the form, not an error.
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Sign in to Portico');
    await expectNoAxeViolations(page);

    await submitSignIn(page, anyDemoUser.email);
    const landed = await waitForSpa(page, portal);
    expect(landed.href).toBe(`${portal}/news`);
    await page
      .getByRole('navigation', { name: 'Portal' })
      .getByRole('link', { name: 'News', exact: true })
      .waitFor({ state: 'visible', timeout: 30_000 });
    expect(await storedAccessToken(page)).toBeTruthy();
    await expectNoAxeViolations(page);
  });
});
