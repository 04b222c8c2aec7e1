// Browser tests of the search results page (issue 4 "Done when"; spec §2 Search results page
// and Notice banner, §4 Notice banner, §5 Search result totals, §6 SUPPORT_SERVICE_NOW, §8
// Other messages): in Chromium, against the real server with its demo seed. The implicit-flow
// server's community source points at a dead address (e2e/support/global-setup.ts).
import type {
  CombinedSearchCounts,
  Product,
  SupportSearchCounts,
  UniversitySearchCount,
  UserProfile,
} from '@portico/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { apiJson } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { anna, nina, paul } from '../support/demo-users.js';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const implicitBaseUrl = inject('implicitBaseUrl');
/** The demo seed has results for this word in every source for anna (search API tests). */
const word = 'report';
/** Matches nothing in the demo seed. */
const nothing = 'qzxvwjkq';
/** The API's count bound (contracts SEARCH_COUNT_LIMIT): a count there reads "N+". */
const countLimit = 1000;
const failedText = 'This source could not be searched right now.';
const supportTitles = ['Knowledge articles', 'Support cases', 'Service catalogue'];

const session = useBrowser();

const header = (page: Page) => page.getByRole('banner');
const headerQuery = (page: Page) =>
  header(page).getByRole('search').getByRole('combobox', { name: 'Search the portal' });
const headerProduct = (page: Page) =>
  header(page).getByRole('search').getByRole('combobox', { name: 'Product' });
/** A card's own link (its title); the hits under it (issue 38) are links too. */
const titleLink = (element: Locator) => element.getByRole('link').first();
const cardList = (page: Page) => page.getByRole('list', { name: 'Results by source' });
const cards = (page: Page) => cardList(page).getByRole('article');
const card = (page: Page, title: string) =>
  cardList(page).getByRole('article', { name: new RegExp(`^${title}( \\(|$)`) });
const cardStatus = async (c: Locator) =>
  ((await c.locator('.search-card__count').textContent()) ?? '').trim();
const total = (page: Page) => page.locator('.ui-toolbar__count');
const notice = (page: Page) => page.getByRole('region', { name: 'Notice' });

/** The card titles as shown, without a link's new-window hint. */
async function titles(page: Page): Promise<string[]> {
  const texts = await cards(page).locator('h2').allTextContents();
  return texts.map((text) => text.replace('(opens in a new window)', '').trim());
}

/** §2 count label. */
function countLabel(count: number): string {
  if (count <= 0) return 'No results';
  if (count === 1) return '1 result';
  return count >= countLimit ? `${count}+ results` : `${count} results`;
}

/** Waits until every source has answered or failed (the toolbar shows the total). */
async function settled(page: Page): Promise<string> {
  await total(page)
    .getByText(/results? in total$/)
    .waitFor({ state: 'visible' });
  return ((await total(page).textContent()) ?? '').trim();
}

async function productNamed(page: Page, name: string): Promise<Product> {
  const products = await apiJson<Product[]>(page, '/api/content/labels/cppproducts');
  const product = products.find((p) => p.productName === name);
  if (!product) throw new Error(`The demo seed has no product ${name}`);
  return product;
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function openSearch(page: Page, origin: string, params: Record<string, string>) {
  await page.goto(`${origin}/search?${q(params)}`);
  await page.getByRole('heading', { level: 1, name: 'Search results' }).waitFor();
}

describe('search, signed in as anna', () => {
  test('searching from the header: every card shows the API count and link, the total matches', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const erp = await productNamed(page, 'ERP');

    // The header search works from any page (anna lands on /news).
    await headerQuery(page).fill(word);
    await headerProduct(page).selectOption({ label: 'ERP' });
    await header(page).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/search' &&
        url.searchParams.get('query') === word &&
        url.searchParams.get('productId') === erp.contentId,
    );
    const shownTotal = await settled(page);

    const me = await apiJson<UserProfile>(page, '/api/users/me');
    const combined = await apiJson<CombinedSearchCounts>(
      page,
      `/api/search/combined-count?${q({ productId: erp.contentId, query: word })}`,
    );
    const support = await apiJson<SupportSearchCounts>(
      page,
      `/api/support/count?${q({ userId: me.id, query: word })}`,
    );
    const university = await apiJson<UniversitySearchCount>(
      page,
      `/api/university/search/count?${q({ query: word })}`,
    );
    if (!combined.communitySearch) throw new Error('The community source failed');
    // Product cards open the tab with the query applied (issue 13).
    const section = (name: string) =>
      `/my-solutions/erp/${erp.contentId}/${name}?${q({ query: word })}`;
    const expected: [string, number | null, string][] = [
      ['Community', combined.communitySearch.count, combined.communitySearch.url],
      ['Knowledge articles', support.knowledgeArticlesCount, support.knowledgeArticlesUrl],
      ['University', university.count, university.url],
      ['Product documentation', combined.productDocumentation, section('documentation')],
      ['Support cases', support.casesCount, support.casesUrl],
      ['Service catalogue', support.serviceCatalogCount, support.serviceCatalogUrl],
      ['Product downloads', combined.productSoftwareDownloads, section('software')],
      ['Product news', combined.productNews, section('news')],
      ['General news', combined.news, `/news?${q({ query: word })}`],
    ];

    expect(await titles(page)).toEqual(expected.map(([title]) => title));
    let sum = 0;
    for (const [title, count, url] of expected) {
      // The demo seed answers 'report' in every source.
      expect(count, title).toBeGreaterThan(0);
      sum += count ?? 0;
      const element = card(page, title);
      expect(await cardStatus(element), title).toBe(countLabel(count ?? 0));
      expect(await element.getAttribute('aria-disabled'), title).toBeNull();
      const link = titleLink(element);
      expect(await link.getAttribute('href'), title).toBe(url);
      expect(await link.getAttribute('target'), title).toBe('_blank');
      expect(await link.getAttribute('rel'), title).toBe('noopener noreferrer');
    }
    expect(shownTotal).toMatch(new RegExp(`^${sum}\\+? results in total$`));
    expect(
      await page.getByText(`You searched for “${word}” in ERP.`).isVisible(),
      'the criteria line',
    ).toBe(true);

    // The header shows the page's criteria.
    expect(await headerQuery(page).inputValue()).toBe(word);
    expect(await headerProduct(page).inputValue()).toBe(erp.contentId);
    await expectNoAxeViolations(page);

    // By keyboard: Tab goes from one card link to the next.
    await titleLink(card(page, 'Community')).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focused).toContain('Knowledge articles');

    // An enabled card opens in a new window without a handle on this one.
    const popupOpened = page.waitForEvent('popup');
    await titleLink(card(page, 'General news')).click();
    const popup = await popupOpened;
    await popup.waitForURL(
      (url) => url.pathname === '/news' && url.searchParams.get('query') === word,
    );
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    await popup.close();

    // Leaving the page clears the header search.
    await header(page).getByRole('link', { name: 'News', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/news');
    await expect.poll(() => headerQuery(page).inputValue()).toBe('');
    expect(await headerProduct(page).inputValue()).toBe('');
  });

  test('without a product the product cards say so and are inert; the rest still answer', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await openSearch(page, baseUrl, { query: word });
    await settled(page);
    for (const title of ['Product documentation', 'Product downloads', 'Product news']) {
      const element = card(page, title);
      expect(await cardStatus(element), title).toBe('No product selected');
      expect(await element.getAttribute('aria-disabled'), title).toBe('true');
      expect(await element.locator('a, button, input, [tabindex]').count(), title).toBe(0);
    }
    expect(await cardStatus(card(page, 'General news'))).toMatch(/^\d+\+? results?$/);
    expect(await titleLink(card(page, 'General news')).getAttribute('href')).toBe(
      `/news?${q({ query: word })}`,
    );
  });

  test('a search that matches nothing: the no-results message; every card disabled and inert', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const erp = await productNamed(page, 'ERP');
    await openSearch(page, baseUrl, { query: nothing, productId: erp.contentId });
    expect(await settled(page)).toBe('0 results in total');
    await page
      .getByText('Oops, we could not find any results. Please modify your search.')
      .waitFor({ state: 'visible' });
    const count = await cards(page).count();
    expect(count).toBeGreaterThanOrEqual(8);
    for (let i = 0; i < count; i += 1) {
      const element = cards(page).nth(i);
      expect(await cardStatus(element)).toBe('No results');
      expect(await element.getAttribute('aria-disabled')).toBe('true');
      // Nothing to click or to reach by keyboard.
      expect(await element.locator('a, button, input, [tabindex]').count()).toBe(0);
    }
    expect(await cardList(page).getByRole('link').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  test('the notice alertHidedNew1 can be dismissed for good', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await openSearch(page, baseUrl, { query: word });
    await notice(page).waitFor({ state: 'visible' });
    expect(
      await notice(page).getByRole('link', { name: 'Read the latest news' }).getAttribute('href'),
    ).toBe('/news');
    // Checking it closes the notice at once (so click: check() would look for the checked box).
    await notice(page).getByRole('checkbox', { name: "Don't show me this again" }).click();
    await notice(page).waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Search results' }).waitFor();
    await settled(page);
    expect(await notice(page).count()).toBe(0);
  });
});

describe('search without SUPPORT_SERVICE_NOW', () => {
  for (const [name, email] of [
    ['paul', paul],
    ['nina', nina],
  ] as const) {
    test(`${name} sees no knowledge articles, cases or service catalogue cards`, async () => {
      const { page } = session;
      await signIn(page, baseUrl, email);
      const erp = await productNamed(page, 'ERP');
      await openSearch(page, baseUrl, { query: word, productId: erp.contentId });
      await settled(page);
      const shown = await titles(page);
      for (const title of supportTitles) expect(shown).not.toContain(title);
      expect(shown).toEqual(
        expect.arrayContaining(['Community', 'Product documentation', 'General news']),
      );
      await expectNoAxeViolations(page);
    });
  }
});

describe('search with a failing source (implicit-flow server: community at a dead address)', () => {
  test('the community card says it failed; the others show their counts', async () => {
    const { page } = session;
    await signIn(page, implicitBaseUrl, anna);
    const erp = await productNamed(page, 'ERP');

    const withAndWithoutProduct: Record<string, string>[] = [
      { query: word, productId: erp.contentId },
      { query: word },
    ];
    for (const params of withAndWithoutProduct) {
      await openSearch(page, implicitBaseUrl, params);
      const shownTotal = await settled(page);
      expect(shownTotal).not.toBe('0 results in total');
      const community = card(page, 'Community');
      expect(await cardStatus(community)).toBe(failedText);
      expect(await community.getAttribute('aria-disabled')).toBe('true');
      expect(await community.getByRole('link').count()).toBe(0);
      for (const title of ['Knowledge articles', 'Support cases', 'General news']) {
        expect(await cardStatus(card(page, title)), title).toMatch(/^\d+\+? results?$/);
      }
      expect(await page.getByText(/^Oops/).count()).toBe(0);
    }
    await expectNoAxeViolations(page);
  });
});
