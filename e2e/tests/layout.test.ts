// Browser test of issue 37's layout (ADR 0068): from 1025 px the header is one row in English
// and in German, the portal links it has no room for in a More menu that works by keyboard; on
// a phone the header is one row and every link, the account's too, is in the Menu; invoices
// and track-cases keep everything on a 390 px screen (tables become cards); one focus ring on
// the sign-in page, in the app and in the desk. axe on every page. One browser context for
// anna, signed in once. With LAYOUT_SCREENS=<folder> it also saves the screenshots
// (390 px dark German, 1280 px light English) there.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { openApp } from '../support/app.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { anna } from '../support/demo-users.js';
import { setOwnSettings } from '../support/own-settings.js';
import { SCREENSHOT_PAGES } from '../support/screenshot-pages.js';
import { emailField, signIn, waitForSignInPage } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const screens = process.env['LAYOUT_SCREENS'];

/** anna's portal links (she is no partner: no Sales Partners) and her account's links. */
const PORTAL_LINKS = 9;
const ACCOUNT_LINKS: Record<'en' | 'de', string[]> = {
  en: ['User management', 'Invoices', 'My settings', 'Sign out'],
  de: ['Benutzerverwaltung', 'Rechnungen', 'Meine Einstellungen', 'Abmelden'],
};
const MORE: Record<'en' | 'de', string> = { en: 'More', de: 'Mehr' };
const MENU: Record<'en' | 'de', string> = { en: 'Menu', de: 'Menü' };

/** The bar holds one row of 2.75rem controls and its padding; the search form is a row below. */
const DESKTOP_BAR_MAX = 64;
const DESKTOP_HEADER_MAX = 130;
const PHONE_HEADER_MAX = 64;

/** The portal's focus ring (theme.css tokens): 3 px of #0b5cad in the light scheme. */
const FOCUS_RING = { width: '3px', style: 'solid', color: 'rgb(11, 92, 173)' };

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
}, 60_000);

afterAll(async () => {
  await setOwnSettings(page, baseUrl, { language: 'en' }).catch(() => undefined);
  await browser.close();
});

async function look(width: number, scheme: 'light' | 'dark'): Promise<void> {
  await page.setViewportSize({ width, height: width < 769 ? 844 : 900 });
  await page.emulateMedia({ colorScheme: scheme });
}

async function open(path: string, heading?: string): Promise<void> {
  await openApp(page, `${baseUrl}${path}`);
  await page.locator('#main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function screenshot(name: string): Promise<void> {
  if (!screens) return;
  await mkdir(screens, { recursive: true });
  await page.screenshot({ path: join(screens, `${name}.png`) });
  await page.screenshot({ path: join(screens, `${name}-full.png`), fullPage: true });
}

/** What the header looks like now: its height, the bar's, and the visible links' boxes. */
function headerGeometry(target: Page) {
  return target.evaluate(() => {
    const header = document.querySelector('header.app-header');
    const bar = header?.querySelector('.portico-header__bar');
    const visible = (element: Element) => element.checkVisibility();
    const boxes = (selector: string) =>
      [...(header?.querySelectorAll(selector) ?? [])]
        .filter(visible)
        .map((element) => element.getBoundingClientRect());
    return {
      header: header?.getBoundingClientRect().height ?? 0,
      bar: bar?.getBoundingClientRect().height ?? 0,
      rowTops: boxes('.portico-header__nav-item').map((box) => Math.round(box.top)),
      barCentres: boxes(
        '.portico-header__logo, .portico-header__nav-item, .portico-header__more-button, .portico-header__user a, .portico-header__bell',
      ).map((box) => Math.round(box.top + box.height / 2)),
      visibleLinks: [...(header?.querySelectorAll('.portico-header__bar a') ?? [])]
        .filter(visible)
        .map((a) => a.textContent.trim()),
    };
  });
}

/** Elements whose right edge lies beyond the window's (visually hidden 1 px boxes aside). */
function beyondRightEdge(target: Page) {
  return target.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || !element.checkVisibility()) continue;
      if (box.right > width + 1) {
        found.push(`<${element.localName} class="${element.className}"> right ${box.right}`);
      }
    }
    return {
      scroll: document.documentElement.scrollWidth,
      client: width,
      found: found.slice(0, 10),
    };
  });
}

async function expectNothingBeyondTheRightEdge(target: Page, where: string): Promise<void> {
  const edge = await beyondRightEdge(target);
  expect(edge.scroll, `${where}: page wider than the window`).toBeLessThanOrEqual(edge.client);
  expect(edge.found, where).toEqual([]);
}

async function focusRing(target: Page): Promise<{ width: string; style: string; color: string }> {
  return target.evaluate(() => {
    const style = document.activeElement ? getComputedStyle(document.activeElement) : null;
    return {
      width: style?.outlineWidth ?? '',
      style: style?.outlineStyle ?? '',
      color: style?.outlineColor ?? '',
    };
  });
}

describe('a finished face: layout (issue 37)', () => {
  test('the sign-in page has the portal focus ring', async () => {
    await look(1280, 'light');
    await page.goto(`${baseUrl}/`);
    await waitForSignInPage(page);
    await emailField(page).focus();
    // Focus by keyboard: the ring is :focus-visible's.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await focusRing(page)).toEqual(FOCUS_RING);
    await expectNoAxeViolations(page, { schemes: ['light'] });
    await signIn(page, baseUrl, anna);
  });

  for (const language of ['en', 'de'] as const) {
    test(`${language}: one header row at 1025, 1280 and 1440 px, the rest in a More menu that works by keyboard`, async () => {
      await setOwnSettings(page, baseUrl, { language });
      // 1025 px: the first width of §9's large range, the narrowest that has the row.
      for (const width of [1025, 1280, 1440]) {
        await look(width, 'light');
        await open('/news');
        const where = `${language} at ${width} px`;
        const geometry = await headerGeometry(page);
        // The portal links share one top; logo, links, More, account links and bell one line.
        const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
        expect(spread(geometry.rowTops), `${where}: ${geometry.rowTops.join()}`).toBeLessThan(4);
        expect(spread(geometry.barCentres), `${where}: ${geometry.barCentres.join()}`).toBeLessThan(
          8,
        );
        expect(geometry.bar, where).toBeLessThanOrEqual(DESKTOP_BAR_MAX);
        expect(geometry.header, where).toBeLessThanOrEqual(DESKTOP_HEADER_MAX);
        for (const link of ACCOUNT_LINKS[language]) expect(geometry.visibleLinks).toContain(link);

        const banner = page.getByRole('banner');
        const more = banner.getByRole('button', { name: MORE[language] });
        const inRow = geometry.rowTops.length;
        if (inRow === PORTAL_LINKS) {
          expect(await more.isVisible(), where).toBe(false);
          continue;
        }
        // Enter opens it, Escape closes it and gives the focus back, Space opens it again.
        await more.focus();
        await page.keyboard.press('Enter');
        expect(await more.getAttribute('aria-expanded')).toBe('true');
        const list = banner.locator('#portico-header-more');
        const inMore = await list.getByRole('link').filter({ visible: true }).count();
        // Every portal link once: in the row or in the menu.
        expect(inRow + inMore, where).toBe(PORTAL_LINKS);
        await page.keyboard.press('Escape');
        expect(await more.getAttribute('aria-expanded')).toBe('false');
        expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
        expect(await focusRing(page)).toEqual(FOCUS_RING);
        await page.keyboard.press(' ');
        expect(await more.getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Tab');
        const first = list.getByRole('link').filter({ visible: true }).first();
        expect(await first.evaluate((link) => link === document.activeElement)).toBe(true);
        await page.keyboard.press('Escape');
        // The open list lies over the page by design; axe looks at the page as it rests.
        await expectNoAxeViolations(page, { schemes: ['light'] });
      }
    });

    test(`${language}: on a phone the header is one row and every link is in the Menu`, async () => {
      await setOwnSettings(page, baseUrl, { language });
      await look(390, 'dark');
      await open('/news');
      const closed = await headerGeometry(page);
      expect(closed.header).toBeLessThanOrEqual(PHONE_HEADER_MAX);
      // Only the logo: every other link waits in the Menu.
      expect(closed.visibleLinks).toHaveLength(1);
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: MENU[language] }).click();
      const menu = banner.locator('#portico-header-menu');
      const links = await menu.getByRole('link').filter({ visible: true }).allTextContents();
      expect(links).toHaveLength(PORTAL_LINKS + ACCOUNT_LINKS[language].length);
      expect(links.slice(PORTAL_LINKS)).toEqual(ACCOUNT_LINKS[language]);
      await expectNoAxeViolations(page, { schemes: ['dark'] });
      await page.keyboard.press('Escape');
    });
  }

  test('invoices and track-cases at 390 px: nothing beyond the right edge, each page checked by axe', async () => {
    await setOwnSettings(page, baseUrl, { language: 'de' });
    await look(390, 'dark');
    await open('/invoices', 'Rechnungen');
    await page.locator('.invoices__table tbody tr').first().waitFor();
    await expectNothingBeyondTheRightEdge(page, '/invoices');
    // Amount, status and PDF of the first invoice are on the screen.
    const row = page.locator('.invoices__table tbody tr').first();
    for (const cell of ['.invoices__numeric', '.ui-badge', 'button']) {
      const box = await row.locator(cell).first().boundingBox();
      expect(box && box.x + box.width, cell).toBeLessThanOrEqual(390);
    }
    await expectNoAxeViolations(page, { schemes: ['dark'] });

    await openApp(page, `${baseUrl}/services/track-cases`);
    const frame = page.locator('iframe.services-frame');
    await frame.waitFor();
    await page.frameLocator('iframe.services-frame').getByRole('heading', { level: 1 }).waitFor();
    await expectNothingBeyondTheRightEdge(page, '/services/track-cases');
    await expectNoAxeViolations(page, { schemes: ['dark'], exclude: ['iframe.services-frame'] });
    // The desk's page in the frame (no script runs there): opened on its own, at the frame's width.
    // Where the frame is now (its first address holds a one-time token).
    const deskUrl = page
      .frames()
      .find((f) => f !== page.mainFrame() && new URL(f.url()).pathname.startsWith('/support-desk/'))
      ?.url();
    const frameWidth = (await frame.boundingBox())?.width ?? 0;
    expect(frameWidth).toBeLessThanOrEqual(390);
    const desk = await context.newPage();
    try {
      await desk.setViewportSize({ width: Math.floor(frameWidth), height: 844 });
      await desk.emulateMedia({ colorScheme: 'dark' });
      await desk.goto(new URL(deskUrl ?? '', baseUrl).href);
      await desk.locator('tbody tr').first().waitFor();
      await expectNothingBeyondTheRightEdge(desk, 'the desk track-cases');
      await desk.locator('tbody a').first().focus();
      await desk.keyboard.press('Shift+Tab');
      await desk.keyboard.press('Tab');
      expect(await focusRing(desk)).toEqual({ ...FOCUS_RING, color: 'rgb(140, 196, 255)' });
      await expectNoAxeViolations(desk, { schemes: ['dark'] });
    } finally {
      await desk.close();
    }
  });

  test('screenshots of the issue: 390 px dark German, 1280 px light English', async () => {
    if (!screens) return;
    for (const [language, width, scheme] of [
      ['de', 390, 'dark'],
      ['en', 1280, 'light'],
    ] as const) {
      await setOwnSettings(page, baseUrl, { language });
      await look(width, scheme);
      for (const [name, path] of SCREENSHOT_PAGES) {
        await open(path);
        if (name === 'track-cases') {
          await page.frameLocator('iframe.services-frame').locator('tbody tr').first().waitFor();
        }
        await page.waitForLoadState('networkidle');
        await screenshot(`${name}-${width}-${scheme}-${language}`);
      }
    }
  }, 120_000);
});
