// Browser tests of the news feature (issue 3 "Done when"; spec §2 News list and News detail,
// §4 News list and Date filter, §5 Date filter): signed in as anna, in Chromium, against the
// real server with its seeded demo news.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, test } from 'vitest';
import { apiFetch, apiJson } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { anna } from '../support/demo-users.js';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/sign-in.js';
import { openApp } from '../support/app.js';

const baseUrl = inject('codeBaseUrl');
/** anna's account manager in the demo seed. */
const annaManager = 'Sofia Marquez';

const session = useBrowser();

const newsGrid = (page: Page) => page.getByRole('list', { name: 'News items' });
const cards = (page: Page) => newsGrid(page).getByRole('article');
const range = (page: Page) => page.getByText(/^\d+–\d+ of \d+$/);
const resultCount = (page: Page) => page.getByText(/^\d+ results?$/);
const dateToggle = (page: Page) => page.getByRole('button', { name: /^Date/ });
const address = (page: Page) => new URL(page.url());

/** The number N of "N results" in the toolbar. */
async function countShown(page: Page): Promise<number> {
  const text = await resultCount(page).innerText();
  return Number(/^(\d+)/.exec(text.trim())?.[1]);
}

/** yyyy-mm-dd of a local calendar date (the browser runs on this machine's time zone). */
function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function daysAgo(days: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
}

async function openNews(page: Page, path = '/news'): Promise<void> {
  await openApp(page, `${baseUrl}${path}`);
  await cards(page).first().waitFor({ state: 'visible' });
}

describe('news, signed in as anna', () => {
  beforeEach(async () => {
    const landed = await signIn(session.page, baseUrl, anna);
    expect(landed.pathname).toBe('/news');
  });

  test('on a phone the header navigation sits behind a Menu button, by mouse and keyboard', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 375, height: 800 });
    await openNews(page);
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: 'Menu' });
    const portal = banner.getByRole('navigation', { name: 'Portal' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await portal.isVisible()).toBe(false);
    await expectNoAxeViolations(page);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await portal.getByRole('link', { name: 'University4U' }).waitFor({ state: 'visible' });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    expect(await portal.isVisible()).toBe(false);

    // By keyboard: Enter opens it; following a link closes it again.
    await menu.focus();
    await page.keyboard.press('Enter');
    await portal.getByRole('link', { name: 'University4U' }).click();
    await page.waitForURL((url) => url.pathname === '/university');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await portal.isVisible()).toBe(false);
  });

  test('/news shows 30 cards, "1–30 of N" and the count, and passes axe', async () => {
    const { page } = session;
    await openNews(page);
    expect(await page.getByRole('heading', { level: 1, name: 'News' }).isVisible()).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(30);
    const total = await countShown(page);
    expect(total).toBeGreaterThan(30);
    expect(await range(page).innerText()).toBe(`1–30 of ${total}`);

    // Each card: a title link to news-item/{slug}/{id}, a 'd MMMM y' date and an image.
    const first = cards(page).first();
    expect(await first.getByRole('link').getAttribute('href')).toMatch(
      /^\/news\/news-item\/[a-z0-9-]+\/\d+$/,
    );
    expect(await first.locator('time').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(await first.locator('img').getAttribute('src')).toMatch(
      /^\/media\/(news\/\d+-medium|logo)\.svg$/,
    );
    expect(
      await page.getByRole('link', { name: 'Manage your subscriptions' }).getAttribute('href'),
    ).toBe('/my-settings/subscriptions#general-news');
    await expectNoAxeViolations(page);
  });

  test('the toolbar Help link opens the hint in the modal; Escape closes it and returns focus', async () => {
    const { page } = session;
    await openNews(page);
    const help = page.getByRole('button', { name: 'Help' });
    await help.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().innerText()).not.toBe('');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await help.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('a search narrows the list and puts query and page=1 in the address', async () => {
    const { page } = session;
    await openNews(page, '/news?page=2');
    const total = await countShown(page);
    const firstTitle = await cards(page).first().getByRole('heading').innerText();
    // A word of that title that narrows the list, as the API counts it: which items are on
    // page 2 depends on what other test files published, and a word in every item would not.
    const candidates = firstTitle
      .split(/[^A-Za-z]+/)
      .filter((w) => w.length >= 5)
      .reverse();
    let word = '';
    let expected = 0;
    for (const candidate of candidates) {
      const { headers } = await apiFetch(
        page,
        `/api/news?size=1&query=${encodeURIComponent(candidate)}`,
        {},
        ['x-total-count'],
      );
      const count = Number(headers['x-total-count']);
      if (count > 0 && count < total) {
        [word, expected] = [candidate, count];
        break;
      }
    }
    if (word === '') throw new Error(`No word of "${firstTitle}" narrows the news list`);

    // The shared header has a search form of its own: use the one on the page.
    const main = page.getByRole('main');
    await main.getByRole('searchbox', { name: 'Search news' }).fill(word);
    await main.getByRole('button', { name: 'Search', exact: true }).click();

    await page.waitForURL((url) => url.searchParams.get('query') === word);
    expect(address(page).searchParams.get('page')).toBe('1');
    await expect.poll(() => countShown(page)).toBe(expected);
    await cards(page).first().waitFor({ state: 'visible' });
  });

  test("the date filter's quick option sets startDate and endDate; start after end is refused", async () => {
    const { page } = session;
    await openNews(page);
    await dateToggle(page).click();
    await page.getByRole('button', { name: 'Last month' }).click();

    const start = isoDate(daysAgo(30));
    const end = isoDate(daysAgo(0));
    await page.waitForURL((url) => url.searchParams.get('startDate') === start);
    expect(address(page).searchParams.get('endDate')).toBe(end);
    expect(address(page).searchParams.get('page')).toBe('1');

    // A start after the end: the message, the previous dates in the inputs and the address.
    const from = page.getByLabel('From', { exact: true });
    if (!(await from.isVisible())) await dateToggle(page).click();
    await from.fill(isoDate(daysAgo(-5)));
    await page.getByText('Start date must be before end date.').waitFor({ state: 'visible' });
    await expect.poll(() => from.inputValue()).toBe(start);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(end);
    expect(address(page).searchParams.get('startDate')).toBe(start);
    expect(address(page).searchParams.get('endDate')).toBe(end);
  });

  test('page 2 shows the next 30', async () => {
    const { page } = session;
    await openNews(page);
    const total = await countShown(page);
    // Titles may repeat in the demo news; the detail links (ids) do not.
    const firstOnPage1 = await cards(page).first().getByRole('link').getAttribute('href');

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => range(page).innerText()).toBe(`31–${Math.min(60, total)} of ${total}`);
    // The page-1 cards stay on screen until page 2 has arrived (keep previous data).
    await expect
      .poll(() => cards(page).first().getByRole('link').getAttribute('href'))
      .not.toBe(firstOnPage1);
    await expect.poll(() => cards(page).count()).toBe(Math.min(30, total - 30));
    expect(
      await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
  });

  test('a card opens its detail page with the same title; the tile links to subscriptions', async () => {
    const { page } = session;
    await openNews(page);
    const card = cards(page).nth(2);
    const title = (await card.getByRole('heading').innerText()).trim();

    await card.getByRole('link').click();
    await page.waitForURL(/\/news\/news-item\/[a-z0-9-]+\/\d+$/);
    // The list's own h1 may still be on screen while the detail loads: wait for the item's.
    const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
    await heading.waitFor({ state: 'visible' });
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([title]);

    const tile = page.getByRole('complementary', { name: 'Stay informed' });
    expect(await tile.getByRole('link').getAttribute('href')).toBe(
      '/my-settings/subscriptions#general-news',
    );
    await expectNoAxeViolations(page);
  });

  test('a sales item shows the account-manager card, other items do not', async () => {
    const { page } = session;
    await openNews(page);
    const items = await apiJson<{ id: number; title: string; sales: boolean }[]>(
      page,
      '/api/news?size=100',
    );
    const sales = items.find((item) => item.sales);
    const plain = items.find((item) => !item.sales);
    if (!sales || !plain) throw new Error('The demo seed has no sales and non-sales news');

    await page.goto(`${baseUrl}/news/news-item/any-title/${sales.id}`);
    await page.getByRole('heading', { level: 1, name: sales.title }).waitFor();
    const contact = page.getByRole('region', { name: 'Your account manager' });
    await contact.getByText(annaManager).waitFor({ state: 'visible' });
    const tile = page.getByRole('complementary', { name: 'Stay informed' });
    expect(await tile.getByRole('link').getAttribute('href')).toBe(
      '/my-settings/subscriptions#general-news',
    );
    await expectNoAxeViolations(page);

    await page.goto(`${baseUrl}/news/news-item/any-title/${plain.id}`);
    await page.getByRole('heading', { level: 1, name: plain.title }).waitFor();
    await tile.waitFor({ state: 'visible' });
    expect(await contact.count()).toBe(0);
  });
});
