// Issue 15 "With an external identity provider", in Chromium (ADR 0029): Portico runs with
// OIDC_ISSUER pointing at a second, separately started OpenID provider (Example Corp's, see
// e2e/support/external-idp.ts), and people sign in there, on its own page.
// (a) An invited (Pending) user's first sign-in links (issuer, subject) to them and makes them
//     Active; the portal greets them by name.
// (b) Someone the provider knows but Portico does not gets the refusal page (no sign-in loop),
//     and its sign-out ends the provider session.
import { emptyAccountUserInput } from '@portico/contracts/user-management-form';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna } from '../support/demo-users.js';
import {
  externalIdpTexts,
  startExternalIdp,
  type ExternalIdp,
  type ExternalPerson,
} from '../support/external-idp.js';
import { freePort, startPortico, type PorticoServer } from '../support/portico-server.js';

const people: ExternalPerson[] = [
  { subject: 'example|1001', email: anna, givenName: 'Anna', familyName: 'Lindqvist' },
  {
    subject: 'example|2002',
    email: 'tove.external@portico.test',
    givenName: 'Tove',
    familyName: 'Extern',
  },
  {
    subject: 'example|3003',
    email: 'stranger@example-corp.test',
    givenName: 'Sam',
    familyName: 'Stranger',
  },
];
const [annaAtIdp, tove, stranger] = people as [ExternalPerson, ExternalPerson, ExternalPerson];

let idp: ExternalIdp | undefined;
let portico: PorticoServer | undefined;
const session = useBrowser();

beforeAll(async () => {
  const port = await freePort();
  idp = await startExternalIdp(`http://localhost:${port}`, people);
  portico = await startPortico(port, { OIDC_ISSUER: idp.issuer });
}, 240_000);

function started(): { idp: ExternalIdp; portico: PorticoServer } {
  if (!idp || !portico) throw new Error('the servers did not start');
  return { idp, portico };
}

afterAll(async () => {
  await portico?.stop();
  await idp?.close();
});

const onIdp = (url: URL) => url.origin === new URL(started().idp.issuer).origin;

/** Opens the portal, which sends a signed-out visitor to Example Corp's sign-in page. */
async function signInAtIdp(page: Page, email: string): Promise<void> {
  await page.goto(`${started().portico.baseUrl}/`);
  await page.waitForURL(onIdp, { timeout: 30_000 });
  await page.getByLabel(externalIdpTexts.emailLabel).fill(email);
  await page.getByRole('button', { name: externalIdpTexts.signIn }).click();
}

async function api<T>(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = window.localStorage.getItem('access_token') ?? '';
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { method, path, body },
  );
}

describe('sign-in through an external OpenID provider (OIDC_ISSUER)', () => {
  test('an invited user’s first sign-in links their company account and makes them Active', async () => {
    const { page, browser } = session;
    // Anna (an Active administrator) signs in with her company account and invites Tove.
    await signInAtIdp(page, annaAtIdp.email);
    await page
      .getByRole('banner')
      .getByText('Hello, Anna')
      .waitFor({ state: 'visible', timeout: 30_000 });
    const created = await api<{ id: string; status: string }>(page, 'POST', '/api/users', {
      ...emptyAccountUserInput('Europe/Oslo'),
      firstName: tove.givenName,
      lastName: tove.familyName,
      email: tove.email,
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('Pending');

    // The invitation says to sign in with the company account (no password to set).
    await expect
      .poll(
        async () => {
          await page.goto(`${started().portico.baseUrl}/dev/outbox`);
          return page.locator('article', { hasText: tove.email }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    expect(await page.locator('article', { hasText: tove.email }).first().innerText()).toContain(
      'Sign in with your company account',
    );

    // Tove, in a browser of her own, signs in at Example Corp for the first time.
    const toveContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const tovePage = await toveContext.newPage();
      await signInAtIdp(tovePage, tove.email);
      await tovePage
        .getByRole('banner')
        .getByText('Hello, Tove')
        .waitFor({ state: 'visible', timeout: 30_000 });
      expect(new URL(tovePage.url()).pathname).toBe('/news');
      const me = await api<{ email: string }>(tovePage, 'GET', '/api/users/me');
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(tove.email);
      await expectNoAxeViolations(tovePage);
    } finally {
      await toveContext.close();
    }

    // Anna sees Tove Active now.
    await page.goto(`${started().portico.baseUrl}/news`);
    await page.getByRole('banner').getByText('Hello, Anna').waitFor({ state: 'visible' });
    const after = await api<{ status: string }>(page, 'GET', `/api/users/${created.body.id}`);
    expect(after.body.status).toBe('Active');
  });

  test('someone Portico does not know gets the refusal page, not a sign-in loop', async () => {
    const { page } = session;
    const authorisations: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (onIdp(url) && url.pathname === '/auth') authorisations.push(url.href);
    });
    await signInAtIdp(page, stranger.email);
    const title = page.getByRole('heading', {
      level: 1,
      name: 'Your company account is not known to the portal',
    });
    await title.waitFor({ state: 'visible', timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/account-unknown');
    await page.getByText(`You signed in as ${stranger.email}`).waitFor();
    await page.getByRole('link', { name: 'support@portico.test' }).waitFor();
    await expectNoAxeViolations(page);
    // It stays there: no new sign-in was started behind the page.
    await page.waitForTimeout(2000);
    expect(new URL(page.url()).pathname).toBe('/account-unknown');
    expect(authorisations).toHaveLength(1);

    // Sign-out ends the session at Example Corp: the next visit asks who is signing in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(onIdp, { timeout: 30_000 });
    await page.getByRole('button', { name: externalIdpTexts.signOut }).click();
    await page.waitForURL((url) => onIdp(url) && url.pathname.startsWith('/interaction/'), {
      timeout: 30_000,
    });
    await page.getByLabel(externalIdpTexts.emailLabel).waitFor({ state: 'visible' });
    expect(authorisations).toHaveLength(2);
  });
});
