// Browser tests of University4U and the hand-offs (issue 5 "Done when"; spec §2 university,
// resources, salespartners, marketplace, billingplatform, csm and download-report-engine rows,
// University page; §6 DOCEBO / DOCEBO_PARTNER), against the real server with its demo seed
// and its default configuration (apps/api/src/config/env.ts). External sites are unreachable
// here: where the browser must arrive at one, the test answers for it with page.route.
import { readFile } from 'node:fs/promises';
import type { Download, Page, Route } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { anna, nina, paul } from '../support/demo-users.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/sign-in.js';
import { SERVER_DEFAULTS } from '../../apps/web/test/server-defaults.js';

const baseUrl = inject('codeBaseUrl');

/** The defaults of apps/api/src/config/env.ts, as /config.json hands them to the app. */
const defaults = { ...SERVER_DEFAULTS.links, contactEmail: SERVER_DEFAULTS.contactEmail };

const session = useBrowser();

/** A tiny stand-in for an external site. */
function fulfilExternal(route: Route, title: string): Promise<void> {
  return route.fulfill({
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1></main></body></html>`,
  });
}

/** Opens a path of the app and waits until the shell shows the page. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('app-page').waitFor({ state: 'visible' });
}

async function expectNewWindowLink(page: Page, name: RegExp, href: string): Promise<void> {
  const link = page.getByRole('link', { name });
  await link.waitFor({ state: 'visible' });
  expect(await link.getAttribute('href')).toBe(href);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect((await link.getAttribute('rel'))?.split(/\s+/)).toContain('noopener');
}

const hero = (page: Page) => page.getByRole('region', { name: 'University4U' });

describe('University4U', () => {
  test('anna (DOCEBO) sees the standard button, which opens the learning platform in a new window', async () => {
    const { page, context } = session;
    await signIn(page, baseUrl, anna);
    await open(page, '/university');
    expect(await page.getByRole('heading', { level: 1, name: 'University4U' }).isVisible()).toBe(
      true,
    );
    await expectNewWindowLink(page, /^Go to the learning platform/, defaults.learning);
    expect(await hero(page).getByRole('link').count()).toBe(1);
    expect(await page.getByText('does not include the learning platform').count()).toBe(0);
    await expectNoAxeViolations(page);

    // The click opens the platform beside the portal, with no handle back on it.
    const learningOrigin = new URL(defaults.learning).origin;
    await context.route(
      (url) => url.origin === learningOrigin,
      (route) => fulfilExternal(route, 'Learning platform'),
    );
    const popup = context.waitForEvent('page');
    await page.getByRole('link', { name: /^Go to the learning platform/ }).click();
    const opened = await popup;
    await opened.waitForLoadState('domcontentloaded');
    expect(new URL(opened.url()).origin).toBe(learningOrigin);
    expect(await opened.evaluate(() => window.opener === null)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/university');
  });

  test('paul (DOCEBO_PARTNER) sees the partner button', async () => {
    const { page } = session;
    await signIn(page, baseUrl, paul);
    await open(page, '/university');
    await expectNewWindowLink(
      page,
      /^Go to the partner learning platform/,
      defaults.learningPartner,
    );
    expect(await hero(page).getByRole('link').count()).toBe(1);
    expect(await page.getByRole('link', { name: /^Go to the learning platform/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  test('nina (neither) sees the catalogue text and the legacy button; everyone gets the language links and the contact address', async () => {
    const { page } = session;
    await signIn(page, baseUrl, nina);
    await open(page, '/university');
    await expectNewWindowLink(page, /^Go to the legacy learning site/, defaults.learningLegacy);
    expect(
      await page.getByText('Your account does not include the learning platform yet.').isVisible(),
    ).toBe(true);
    await expectNewWindowLink(page, /^Browse the course catalogue/, defaults.learningCatalogue);
    expect(await page.getByRole('link', { name: /learning platform/ }).count()).toBe(0);

    await expectNewWindowLink(page, /^Courses in Norwegian/, defaults.learningNorwegian);
    await expectNewWindowLink(page, /^Courses in Swedish/, defaults.learningSwedish);
    const contact = page.getByText(/^Questions\? Contact us at/);
    expect(await contact.innerText()).toBe(`Questions? Contact us at ${defaults.contactEmail}`);
    expect(
      await contact.getByRole('link', { name: defaults.contactEmail }).getAttribute('href'),
    ).toBe(`mailto:${defaults.contactEmail}`);
    await expectNoAxeViolations(page);
  });
});

describe('landing pages, signed in as paul', () => {
  const landings = [
    {
      path: '/resources',
      title: 'Resources4U',
      button: /^Go to Resources4U/,
      href: defaults.resources,
    },
    {
      path: '/salespartners',
      title: 'Sales partner resources',
      button: /^Go to the sales partner site/,
      href: defaults.salesPartners,
    },
    {
      path: '/marketplace',
      title: 'Marketplace',
      button: /^Go to the Marketplace/,
      href: defaults.marketplace,
    },
    {
      path: '/billingplatform',
      title: 'Billing Platform',
      button: /^Go to the Billing Platform/,
      href: defaults.billing,
    },
  ];

  test('each shows its title, a description and one button to its configured address', async () => {
    const { page } = session;
    await signIn(page, baseUrl, paul);
    for (const landing of landings) {
      await open(page, landing.path);
      const section = page.getByRole('region', { name: landing.title });
      await section.getByRole('heading', { level: 1, name: landing.title }).waitFor();
      expect((await section.locator('p').innerText()).length, landing.path).toBeGreaterThan(40);
      expect(await section.getByRole('link').count(), landing.path).toBe(1);
      await expectNewWindowLink(page, landing.button, landing.href);
      await expectNoAxeViolations(page);
    }
  });
});

describe('/csm', () => {
  test('leaves for the support portal, saying so while it goes', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const csmOrigin = new URL(defaults.csm).origin;
    const portalRequests: string[] = [];
    // First visit: the portal answers 204 No Content, so the browser stays on the leaving
    // page (a pending navigation would make every locator wait for it) and it can be checked.
    let arrive = false;
    await page.route(
      (url) => url.origin === csmOrigin,
      async (route) => {
        portalRequests.push(route.request().url());
        if (arrive) await fulfilExternal(route, 'Support portal');
        else await route.fulfill({ status: 204 });
      },
    );

    await open(page, '/csm');
    await expect.poll(() => portalRequests.length).toBe(1);
    const status = page.getByRole('status').filter({ hasText: 'Taking you to the support portal' });
    await status.waitFor({ state: 'visible' });
    expect(
      await page.getByRole('link', { name: 'Continue to the support portal' }).getAttribute('href'),
    ).toBe(defaults.csm);
    await expectNoAxeViolations(page);

    // Second visit: the portal answers, and the whole window is there.
    arrive = true;
    // 'commit': the app leaves at once, so its own load event is not worth waiting for.
    await page.goto(`${baseUrl}/csm`, { waitUntil: 'commit' });
    await page.waitForURL((url) => url.origin === csmOrigin);
    await page.getByRole('heading', { name: 'Support portal' }).waitFor();
    expect(new URL(page.url()).origin).toBe(csmOrigin);
    // One request per visit: the page left once each time.
    expect(portalRequests).toEqual([`${defaults.csm}/`, `${defaults.csm}/`]);
  });
});

async function fileBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

describe('/download-report-engine, signed in as anna', () => {
  test('shows the document and starts the download exactly once', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    const automatic = page.waitForEvent('download');

    await page.goto(`${baseUrl}/download-report-engine`);
    const first = await automatic;
    expect(first.suggestedFilename()).toBe('portico-report-engine.zip');
    expect(new URL(first.url()).pathname).toBe(defaults.reportEngineDownload);
    const zip = await fileBytes(first);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(zip.includes(Buffer.from('README.txt'))).toBe(true);

    // The page stays, with the document and the link.
    const article = page.getByRole('article', { name: 'ERPx report engine' });
    await article.waitFor({ state: 'visible' });
    expect(await article.getByRole('heading', { name: 'Before you install' }).isVisible()).toBe(
      true,
    );
    expect(new URL(page.url()).pathname).toBe('/download-report-engine');
    const link = page.getByRole('link', { name: 'Download the report engine' });
    expect(await link.getAttribute('href')).toBe(defaults.reportEngineDownload);
    expect(await link.getAttribute('download')).not.toBeNull();
    await expectNoAxeViolations(page);

    // A click by hand downloads again: had the page clicked twice by itself, that second
    // automatic download would have arrived before this one.
    const manual = page.waitForEvent('download');
    await link.click();
    await fileBytes(await manual);
    expect(downloads).toHaveLength(2);
    expect(downloads[0]).toBe(first);
  });
});
