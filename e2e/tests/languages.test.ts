// Browser tests of issue 16 ("Done when"), kept to what only a browser sees (issue 26, ADR
// 0046): one real language (German) renders the listed routes, their Support4U frames and the
// sign-in page with no English left over, axe on every page; the pseudo-locale walks every
// route and fails on untranslated text or text overflowing its box, on a desktop and on a
// phone. The other languages, the German dates and the Polish plurals are checked in jsdom
// (apps/web/src/app/languages.test.tsx) and against the API's own pages
// (apps/api/src/lib/i18n/every-language.test.ts). anna's language is restored afterwards.
import type { Language } from '@portico/locales';
import { CATALOGS } from '@portico/locales/catalogs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { apiJson } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna } from '../support/demo-users.js';
import {
  englishLeftoverPatterns,
  leftovers,
  overflowingText,
  ownTexts,
  pageTexts,
} from '../support/language-check.js';
import { setOwnSettings, speakEnglishAgain } from '../support/own-settings.js';
import { signIn, waitForSignInPage } from '../support/sign-in.js';
import { openApp } from '../support/app.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

/** The routes issue 16 lists; the news item is the first card of the list. */
const LISTED_ROUTES = [
  '/news',
  'news-item',
  '/search?query=invoice',
  '/services/incident',
  '/university',
  '/user-management',
  '/my-settings',
  '/my-solutions',
  '/cloud',
] as const;

/** Every other screen anna can open, for the pseudo-locale walk. */
const MORE_ROUTES = [
  '/services/service-request',
  '/services/track-cases',
  '/services/portals',
  '/services/contacts',
  '/resources',
  '/marketplace',
  '/billingplatform',
  '/my-settings/subscriptions',
  '/cloud/maintenance',
  '/cloud/release-schedules',
  '/cloud/notifications',
  '/cloud/reports',
  '/invoices',
  '/user-management/new',
  '/news/editor',
] as const;

/** Opens a route and waits until the app has rendered its page (and its frames, if any). */
async function open(page: Page, route: string): Promise<void> {
  if (route === 'news-item') {
    await openApp(page, `${baseUrl}/news`);
    // The last sales item of the first page: a seeded item with its translations and the
    // account manager's card (the widest part of the page on a phone). The first cards may be
    // items other files are writing at the same time, in English (data, not labels).
    const items = await apiJson<{ id: number; sales: boolean }[]>(page, '/api/news?page=1&size=30');
    const sales = items.filter((item) => item.sales).at(-1);
    expect(sales, 'a sales item on the first page').toBeDefined();
    const card = page.locator(`main a[href$="/${sales?.id ?? ''}"]`).first();
    await card.waitFor();
    await card.click();
    await page.waitForURL(/\/news-item\//);
  } else {
    await openApp(page, `${baseUrl}${route}`); // the app's page, not the server's paint
  }
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  for (const frame of await page.locator('main iframe').all()) {
    await frame.evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          const f = el as HTMLIFrameElement;
          if (f.contentDocument?.readyState === 'complete') resolve();
          else f.addEventListener('load', () => resolve(), { once: true });
        }),
    );
  }
}

/** Product names are data, not labels ('Financials' is also a title label's English). */
async function productNames(page: Page): Promise<string[]> {
  const products = await apiJson<{ productName: string }[]>(
    page,
    '/api/content/labels/cppproducts',
  );
  return products.map((p) => p.productName);
}

async function expectNoLeftovers(
  page: Page,
  language: Language,
  route: string,
  data: readonly string[] = [],
) {
  const found = leftovers(
    await pageTexts(page),
    englishLeftoverPatterns(language),
    new Set([...ownTexts(language), ...data]),
  );
  expect(found, `English left on ${route} in ${language}`).toEqual([]);
}

/**
 * axe on every page, in the light scheme: the language walks visit the same pages in nine
 * languages, and the feature files check both schemes. It does not enter the Support4U frames
 * (the desk pages have their own axe runs).
 */
const axe = (page: Page) =>
  expectNoAxeViolations(page, { exclude: ['iframe.services-frame'], schemes: ['light'] });

const FALLBACK_NOTICE = CATALOGS.web.en['labels.fallback.notice'] ?? '';

/** The one real language walked in the browser; the others are walked in jsdom. */
const BROWSER_LANGUAGES = ['de'] as const satisfies readonly Language[];

describe('the portal in a real language and the pseudo-locale', () => {
  afterAll(() => speakEnglishAgain(session.browser, baseUrl, anna));

  test.each(BROWSER_LANGUAGES)(
    '%s: the listed routes are in the language, with no English left over',
    async (language) => {
      const { page } = session;
      await signIn(page, baseUrl, anna);
      await setOwnSettings(page, baseUrl, { language });
      const data = await productNames(page);
      for (const route of LISTED_ROUTES) {
        await open(page, route);
        expect(await page.evaluate(() => document.documentElement.lang), route).toBe(language);
        await expectNoLeftovers(page, language, route, data);
        // The English-only notice belongs to a failed labels call, never to a served language.
        expect(await page.getByText(FALLBACK_NOTICE).count(), route).toBe(0);
        await axe(page);
      }
    },
    240_000,
  );

  test.each(BROWSER_LANGUAGES)(
    '%s: the sign-in page follows the browser language when signed out',
    async (language) => {
      const context = await session.browser.newContext({ locale: language });
      const page = await context.newPage();
      try {
        await openApp(page, `${baseUrl}/news`);
        await page.locator('input[type="email"]').waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await expectNoLeftovers(page, language, 'sign-in');
        await expectNoAxeViolations(page);
      } finally {
        await context.close();
      }
    },
  );

  test('English sign-in stays English for a language the portal does not offer', async () => {
    const context = await session.browser.newContext({ locale: 'it-IT' });
    const page = await context.newPage();
    try {
      await openApp(page, `${baseUrl}/news`);
      await waitForSignInPage(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    } finally {
      await context.close();
    }
  });

  test('the pseudo-locale: every route translated and nothing overflows, desktop and phone', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await openApp(page, `${baseUrl}/news?language=en-XA`);
    const patterns = englishLeftoverPatterns('en-XA');
    const data = new Set(await productNames(page));
    // Every route is walked before failing, so one run lists every problem. Each route loads
    // once, on a desktop, and is then narrowed to a phone, as a turned tablet or a narrowed
    // window would be: the layout follows the width (CSS and the app's media queries), and a
    // second load per route cost the suite about 30 s.
    const problems: string[] = [];
    const desktop = { width: 1280, height: 800 };
    const phone = { width: 390, height: 844 };
    for (const route of [...LISTED_ROUTES, ...MORE_ROUTES]) {
      await page.setViewportSize(desktop);
      await open(page, route);
      for (const viewport of [desktop, phone]) {
        if (viewport === phone) {
          await page.setViewportSize(phone);
          // Two frames: the resize's layout and what media-query listeners render after it.
          await page.evaluate(
            () =>
              new Promise<void>((resolve) =>
                requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
              ),
          );
        }
        const where = `${route} at ${viewport.width}px`;
        // The narrowed page is the phone's: its header folds behind the menu button.
        const menuShown = await page.locator('.portico-header__menu-button').isVisible();
        if (menuShown !== (viewport === phone)) problems.push(`${where}: not the width's header`);
        // The Support4U frames follow the profile's language, not a preview (checked per language above).
        for (const hit of leftovers(await pageTexts(page, false), patterns, data)) {
          problems.push(`${where}: untranslated ${hit}`);
        }
        for (const box of await overflowingText(page)) problems.push(`${where}: overflow ${box}`);
        if (viewport === desktop) await axe(page);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
