// Browser tests of My Solutions (issue 13 "Done when", all but the documentation tab): anna
// goes from a /search product card to the product tab with her query applied; downloads a
// file whose SHA-256 matches the one shown and resumes it with a Range request; opens the
// changes between two releases; reaches filtered documentation through the wizard by keyboard
// alone; paul on anna's product gets the account-manager card. axe on every page visited.
import type { Download, NewsItem, ProductSummary, ReleaseNote } from '@portico/contracts';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { apiFetch, apiJson } from '../support/api.js';
import { openApp } from '../support/app.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna, paul } from '../support/demo-users.js';
import { expectFailedDownloads, expectPageErrorsWithRetry } from '../support/error-stub.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function erpOf(page: Page): Promise<ProductSummary> {
  const products = await apiJson<ProductSummary[]>(page, '/api/products');
  const erp = products.find((p) => p.id === 'p-erp');
  if (!erp) throw new Error('The demo seed has no ERP');
  return erp;
}

const tabUrl = (erp: ProductSummary, tab: string) =>
  `${baseUrl}/my-solutions/${erp.slug}/${erp.contentId}/${tab}`;

describe('My Solutions in Chromium', () => {
  test('anna goes from a /search product card to the news tab with her query applied', async () => {
    const { page, context } = session;
    await signIn(page, baseUrl, anna);
    const erp = await erpOf(page);
    const word = 'release';
    await page.goto(`${baseUrl}/search?query=${word}&productId=${erp.contentId}`);
    await page.getByRole('heading', { level: 1, name: 'Search results' }).waitFor();
    const link = page
      .getByRole('list', { name: 'Results by source' })
      .getByRole('article', { name: /^Product news/ })
      // The card's own link is its first (the hits under it are links too, issue 38).
      .getByRole('link')
      .first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(
      `/my-solutions/erp/${erp.contentId}/news?query=${word}`,
    );
    const popupOpened = context.waitForEvent('page');
    await link.click();
    const tab = await popupOpened;
    await tab.waitForURL(
      (url) => url.pathname.endsWith('/news') && url.searchParams.get('query') === word,
    );
    await tab.getByRole('heading', { level: 1, name: 'ERP news' }).waitFor();
    expect(await tab.getByRole('searchbox').first().inputValue()).toBe(word);
    expect(
      await tab
        .getByRole('link', { name: 'News', exact: true })
        .last()
        .getAttribute('aria-current'),
    ).toBe('page');
    const expected = await apiJson<NewsItem[]>(
      tab,
      `/api/products/${erp.id}/news?query=${word}&page=1&size=30`,
    );
    expect(expected.length, 'the demo product news mentions the word').toBeGreaterThan(0);
    await expect
      .poll(() => tab.locator('.news-card__title').allTextContents())
      .toEqual(expected.map((n) => n.title));
    await expectNoAxeViolations(tab);
    await tab.close();
  });

  test('anna downloads a file whose SHA-256 is the one shown, and resumes it with a Range request', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const erp = await erpOf(page);
    await page.goto(tabUrl(erp, 'software?release=2026.2'));
    const table = page.getByRole('table', { name: 'Downloads of ERP' });
    await table.waitFor();
    await expectNoAxeViolations(page);

    const listed = await apiJson<Download[]>(
      page,
      `/api/products/${erp.id}/downloads?release=2026.2`,
    );
    const file = listed.find((d) => d.name.endsWith('upgrade kit'));
    if (!file) throw new Error('ERP 2026.2 has no upgrade kit');
    const row = table.getByRole('row', { name: new RegExp(`^${file.name}`) });
    const shown = (await row.locator('code').textContent())?.trim();
    expect(shown).toBe(file.sha256);

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${file.name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(file.fileName);
    const bytes = await readFile(await download.path());
    expect(bytes.length).toBe(file.size);
    expect(sha256(bytes)).toBe(shown);

    // Resume from the middle, as a download manager would after a broken connection.
    const offset = Math.floor(file.size / 2) + 3;
    const rest = await apiFetch(page, file.url, { Range: `bytes=${offset}-` }, ['content-range']);
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${offset}-${file.size - 1}/${file.size}`);
    expect(sha256(Buffer.concat([bytes.subarray(0, offset), rest.body]))).toBe(file.sha256);

    // On a phone the table scrolls inside its region; the page itself does not overflow.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });

  test('anna opens the changes between two releases', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const erp = await erpOf(page);
    await page.goto(tabUrl(erp, 'release-notes'));
    await page.getByRole('heading', { level: 2, name: 'Changes between two versions' }).waitFor();
    await page.getByLabel('From version').selectOption('2025.1');
    await page.getByLabel('To version').selectOption('2025.3');
    await page.getByRole('button', { name: 'Show changes' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('from') === '2025.1' && url.searchParams.get('to') === '2025.3',
    );
    const result = page.locator('.my-solutions-changes__result');
    await result.getByRole('heading', { name: 'Changes from 2025.1 to 2025.3' }).waitFor();
    const expected = await apiJson<ReleaseNote[]>(
      page,
      `/api/products/${erp.id}/release-notes/changes?from=2025.1&to=2025.3`,
    );
    expect([...new Set(expected.map((n) => n.version))]).toEqual(['2025.2', '2025.3']);
    await expect
      .poll(() => result.locator('h4').allTextContents())
      .toEqual(['Version 2025.2', 'Version 2025.3']);
    expect(await result.locator('h5').allTextContents()).toEqual(expected.map((n) => n.title));
    await expectNoAxeViolations(page);
  });

  test('the wizard takes anna by keyboard alone to filtered documentation', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const erp = await erpOf(page);
    await openApp(page, `${baseUrl}/my-solutions`); // the app's page, not the server's paint
    await page.getByRole('heading', { level: 1, name: 'Welcome, Anna' }).waitFor();
    await page.getByRole('radio', { name: 'ERP', exact: true }).waitFor();
    await expectNoAxeViolations(page);

    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName}:${el.getAttribute('value') ?? el.textContent}` : '';
      });
    // Tab from the top of the page to the first product.
    for (let i = 0; i < 80 && (await focusedName()) !== 'INPUT:p-erp'; i++)
      await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('INPUT:p-erp');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.searchParams.get('step') === '2');
    await expect.poll(focusedName).toBe('H3:Which release?');
    await page.getByRole('radio', { name: '2026.2' }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab'); // the checked radio: Any release
    await page.keyboard.press('ArrowDown'); // the newest release
    expect(await focusedName()).toBe('INPUT:2026.2');
    await page.keyboard.press('Tab'); // Back
    await page.keyboard.press('Tab'); // Next
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.searchParams.get('step') === '3');
    await expect.poll(focusedName).toBe('H3:What are you looking for?');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Documentation
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.searchParams.get('step') === '4');
    await expect.poll(focusedName).toBe('H3:Search for (optional)');
    expect(new URL(page.url()).search).toBe(
      '?step=4&product=p-erp&release=2026.2&what=documentation',
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    await page.keyboard.type('ledger');
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname.endsWith('/documentation'));
    const landed = new URL(page.url());
    expect(landed.pathname).toBe(`/my-solutions/erp/${erp.contentId}/documentation`);
    expect(landed.searchParams.get('query')).toBe('ledger');
    expect(landed.searchParams.get('release')).toBe('2026.2');
    const tab = page
      .getByRole('navigation', { name: 'Product sections' })
      .getByRole('link', { name: 'Documentation' });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page);
  });

  test("paul on anna's product gets the account-manager card, and the API refuses him", async () => {
    const { page } = session;
    await signIn(page, baseUrl, paul);
    const products = await apiJson<ProductSummary[]>(page, '/api/products');
    const erp = products.find((p) => p.id === 'p-erp');
    if (!erp) throw new Error('The demo seed has no ERP');
    expect(erp.connected).toBe(false);
    await page.goto(tabUrl(erp, 'software'));
    await page.getByRole('heading', { level: 1, name: 'You have no access to ERP' }).waitFor();
    await page.locator('.ui-account-manager').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await expectNoAxeViolations(page);

    expect((await apiFetch(page, `/api/products/${erp.id}/downloads`)).status).toBe(403);
    // The file of one of anna's downloads: ids are derived from the seed (seed/my-solutions.ts).
    const annasFile = `d-${createHash('sha256').update('p-erp/2026.2/installer').digest('hex').slice(0, 16)}`;
    const refused = await apiFetch(
      page,
      `/api/products/${erp.id}/downloads/${annasFile}/file`,
      {},
      ['content-disposition'],
    );
    expect(refused.status).toBe(403);
    expect(refused.headers['content-disposition']).toBeNull();
  });

  test('§8: a failed download list shows its text with a retry, a failed file its notification (issue 27)', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const erp = await erpOf(page);
    const table = page.getByRole('table', { name: 'Downloads of ERP' });
    await expectPageErrorsWithRetry(page, {
      path: `/api/products/${erp.id}/downloads`,
      open: () => page.goto(tabUrl(erp, 'software?release=2026.2')),
      ready: table,
    });
    await expectFailedDownloads(page, {
      path: /\/downloads\/[^/]+\/file$/,
      download: table.getByRole('button', { name: /^Download / }).first(),
    });
  });
});
