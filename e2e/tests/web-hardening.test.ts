// Browser tests of issue 11's web hardening: dark mode (axe in both colour schemes on the
// main pages, the sign-in page and the support desk), idle sign-out with its warning, and the
// phone header whose search sits behind a Search button.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, test } from 'vitest';
import { openApp } from '../support/app.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna } from '../support/demo-users.js';
import { signIn, submitSignIn, waitForSignInPage, waitForSpa } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

const banner = (page: Page) => page.getByRole('banner');

/** The page's background colour as the browser paints it (html, else body, else the canvas). */
function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

/** Relative luminance of an rgb() colour (WCAG 2). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

describe('dark mode follows prefers-color-scheme, with AA contrast', () => {
  test('the sign-in page, with and without an error, is dark in the dark scheme and passes axe in both', async () => {
    const { page } = session;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${baseUrl}/`);
    await waitForSignInPage(page);
    expect(luminance(await pageBackground(page))).toBeLessThan(0.05);
    await expectNoAxeViolations(page);
    await submitSignIn(page, anna, 'not-the-password');
    await page.getByText('The email or password is incorrect.').waitFor();
    await expectNoAxeViolations(page);
  });

  test('University4U, a hand-off page and the report-engine page pass axe in light and dark', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    for (const path of ['/university', '/resources', '/download-report-engine']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId('app-page').waitFor({ state: 'visible' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    }
  }, 90_000);

  test('news, a news item, search and the support desk pass axe in light and dark', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await page.emulateMedia({ colorScheme: 'dark' });

    await page.goto(`${baseUrl}/news`);
    await page.getByRole('list', { name: 'News items' }).getByRole('article').first().waitFor();
    expect(luminance(await pageBackground(page))).toBeLessThan(0.05);
    await expectNoAxeViolations(page);

    await page
      .getByRole('list', { name: 'News items' })
      .getByRole('article')
      .first()
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`${baseUrl}/search?query=cloud`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    // The built-in desk renders inside the app's frames: check it as its own page too.
    await page.goto(`${baseUrl}/services/incident`);
    await page.frameLocator('iframe.services-frame').getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(page, { exclude: ['iframe.services-frame'] });
    const deskUrl = page
      .frames()
      .find((f) => new URL(f.url()).pathname.startsWith('/support-desk/'))
      ?.url();
    expect(deskUrl).toBeDefined();
    const desk = await page.context().newPage();
    try {
      await desk.emulateMedia({ colorScheme: 'dark' });
      await desk.goto(deskUrl!);
      await desk.getByRole('heading', { level: 1 }).waitFor();
      expect(
        luminance(await desk.evaluate(() => getComputedStyle(document.body).backgroundColor)),
      ).toBeLessThan(0.05);
      await expectNoAxeViolations(desk);
    } finally {
      await desk.close();
    }
  }, 120_000);
});

describe('idle sign-out (IDLE_TIMEOUT_MINUTES, default 30)', () => {
  const warning = (page: Page) => page.getByRole('dialog', { name: 'Are you still there?' });

  // The browser's clock runs on as usual, but the test can jump it forward.
  beforeEach(async () => {
    await session.page.clock.install();
    await signIn(session.page, baseUrl, anna);
  });

  test('warns after 29 idle minutes with a countdown; "Stay signed in" keeps the session', async () => {
    const { page } = session;
    // The app's own page: the idle timer starts when the app does, not with the first paint.
    await openApp(page, `${baseUrl}/news`);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();

    await page.clock.fastForward('28:00');
    expect(await warning(page).isVisible()).toBe(false);
    await page.clock.fastForward('01:02');
    await warning(page).waitFor({ state: 'visible' });
    expect(
      await warning(page)
        .getByText(/^Signing out in \d+ s$/)
        .isVisible(),
    ).toBe(true);
    const stay = warning(page).getByRole('button', { name: 'Stay signed in' });
    expect(await stay.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);

    await stay.click();
    await warning(page).waitFor({ state: 'hidden' });
    await page.clock.fastForward('05:00');
    expect(await warning(page).isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/news');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
  }, 90_000);

  test('signs out after 30 idle minutes; the next sign-in returns to the same page and query', async () => {
    const { page } = session;
    await openApp(page, `${baseUrl}/news?query=cloud`);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();

    await page.clock.fastForward('29:30');
    await warning(page).waitFor({ state: 'visible' });
    await page.clock.fastForward('00:31');
    await waitForSignInPage(page);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    await submitSignIn(page, anna);
    const landed = await waitForSpa(page, baseUrl);
    expect(`${landed.pathname}${landed.search}`).toBe('/news?query=cloud');
  }, 90_000);
});

describe('the header on a phone (390 × 844)', () => {
  beforeEach(async () => {
    await session.page.setViewportSize({ width: 390, height: 844 });
    await signIn(session.page, baseUrl, anna);
  });

  test('is small, with the search behind a Search button that works by mouse, Enter and Escape', async () => {
    const { page } = session;
    // The server's first paint of the list carries a copy of the header; the app's own one,
    // whose button works, replaces it when the app takes over (ADR 0044).
    await openApp(page, `${baseUrl}/news`);
    const header = banner(page);
    // Named "Search" like the form's own button; the class tells the disclosure apart.
    const toggle = header.locator('button.portico-header__search-toggle');
    await toggle.waitFor({ state: 'visible' });
    const search = header.getByRole('search');
    expect(await search.isVisible()).toBe(false);
    const height = (await header.boundingBox())?.height ?? Infinity;
    expect(height).toBeLessThanOrEqual(130);
    await expectNoAxeViolations(page);

    // Mouse: opens with the cursor in the query field; Escape closes it back to the button.
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const query = search.getByRole('combobox', { name: 'Search the portal' });
    await query.waitFor({ state: 'visible' });
    expect(await query.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await search.isVisible()).toBe(false);
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // Keyboard: Enter opens it, Enter in the field searches, and the search closes again.
    await page.keyboard.press('Enter');
    await query.waitFor({ state: 'visible' });
    await page.keyboard.type('cloud');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('query')).toBe('cloud');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await search.isVisible()).toBe(false);
  }, 90_000);

  test('wide screens keep the search open and show no Search button', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/news`);
    const header = banner(page);
    await header.getByRole('search').waitFor({ state: 'visible' });
    expect(await header.getByRole('button', { name: 'Search', exact: true }).count()).toBe(1);
    // The one visible "Search" button is the form's submit button.
    expect(
      await header
        .getByRole('search')
        .getByRole('button', { name: 'Search', exact: true })
        .isVisible(),
    ).toBe(true);
  });
});
