// Browser tests of the documentation tab (issue 13 "Done when": anna goes from a /search
// product card to the documentation with her query applied, facet clicks narrow the list and
// the counts shown match the API, she opens a document with its table of contents and
// downloads it; paul on a product he is not connected to gets the account-manager card), with
// axe on every page.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { apiJson } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { anna, paul } from '../support/demo-users.js';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

/** ERP: anna is connected to it, paul is not (apps/api/src/seed). */
const ERP = { slug: 'erp', contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e01' };
const documentationPath = `/my-solutions/${ERP.slug}/${ERP.contentId}/documentation`;

interface ApiPage {
  total: number;
  items: { id: number; title: string }[];
  facets: { facet: string; values: { key: string; label: string; count: number }[] }[];
}

const api = (page: Page, search: string) =>
  apiJson<ApiPage>(page, `/api/products/${ERP.contentId}/documents?${search}`);

const listTitles = (page: Page) => page.locator('.documentation__item-title').allTextContents();

/** Every checkbox label of the facet panel, as shown: 'Label (count)'. */
const shownFacetValues = (page: Page) =>
  page.locator('.documentation__facet label').allTextContents();

const expectedFacetValues = (body: ApiPage) =>
  body.facets.flatMap((f) => f.values.map((v) => `${v.label} (${v.count})`));

describe('product documentation in Chromium', () => {
  test('anna searches, narrows with facets (counts as the API says), opens and downloads a document', async () => {
    const page = session.page;
    await signIn(page, baseUrl, anna);
    // From the search page: the Product documentation card of ERP leads to this tab with the
    // query, and its count is the tab's total (both count the product's documents).
    await page.goto(`${baseUrl}/search?query=invoices&productId=${ERP.contentId}`);
    const card = page
      .getByRole('list', { name: 'Results by source' })
      .getByRole('article', { name: /^Product documentation/ });
    // The card's own link is its first (the hits under it are links too, issue 38).
    const cardLink = card.getByRole('link').first();
    await cardLink.waitFor();
    expect(await cardLink.getAttribute('href')).toBe(`${documentationPath}?query=invoices`);
    const cardTotal = (await api(page, 'query=invoices')).total;
    await card.getByText(`${cardTotal} results`).waitFor();
    await page.goto(`${baseUrl}${documentationPath}?query=invoices`);
    await page.getByRole('heading', { level: 2, name: 'ERP documentation' }).waitFor();
    expect(
      await page.getByRole('searchbox', { name: 'Search the documentation' }).inputValue(),
    ).toBe('invoices');
    const all = await api(page, 'query=invoices');
    await expect.poll(() => listTitles(page)).toEqual(all.items.map((i) => i.title));
    expect(await shownFacetValues(page)).toEqual(expectedFacetValues(all));
    expect(await page.getByText(`${all.total} documents`).count()).toBe(1);
    await expectNoAxeViolations(page);

    // One facet value, then a second value of another facet: each click narrows the list and
    // the counts follow the API's (each facet counted with the other facets applied).
    const release = all.facets.find((f) => f.facet === 'release')!.values.at(-1)!;
    // click, not check(): the box follows the address, which the navigation updates just after.
    await page.getByRole('checkbox', { name: `${release.label} (${release.count})` }).click();
    await page.waitForURL((url) => url.searchParams.get('release') === release.key);
    await expect
      .poll(() => page.locator(`input[name="release"][value="${release.key}"]`).isChecked())
      .toBe(true);
    const byRelease = await api(page, `query=invoices&release=${release.key}`);
    expect(byRelease.total).toBe(release.count);
    expect(byRelease.total).toBeLessThan(all.total);
    await expect.poll(() => shownFacetValues(page)).toEqual(expectedFacetValues(byRelease));
    await expect.poll(() => listTitles(page)).toEqual(byRelease.items.map((i) => i.title));

    const language = byRelease.facets.find((f) => f.facet === 'language')!.values[0]!;
    await page.getByRole('checkbox', { name: `${language.label} (${language.count})` }).click();
    await page.waitForURL((url) => url.searchParams.get('language') === language.key);
    const narrowed = await api(
      page,
      `query=invoices&release=${release.key}&language=${language.key}`,
    );
    expect(narrowed.total).toBe(language.count);
    await expect.poll(() => shownFacetValues(page)).toEqual(expectedFacetValues(narrowed));
    await expect.poll(() => listTitles(page)).toEqual(narrowed.items.map((i) => i.title));
    expect(await page.getByText(`${narrowed.total} document`, { exact: false }).count()).toBe(1);
    await expectNoAxeViolations(page);

    // A search that finds nothing leaves no facet values (§8).
    await page.goto(`${baseUrl}${documentationPath}?query=zeppelin`);
    await page.getByText('No filters available').waitFor();
    await page
      .getByText('Oops, we could not find any results. Please modify your search.')
      .waitFor();
    await expectNoAxeViolations(page);

    // Open the first document of the narrowed list; its table of contents moves the focus.
    await page.goto(
      `${baseUrl}${documentationPath}?query=invoices&release=${release.key}&language=${language.key}`,
    );
    const first = narrowed.items[0]!;
    await page.getByRole('link', { name: first.title }).click();
    await page.getByRole('heading', { level: 2, name: first.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${documentationPath}/${first.id}`);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'Troubleshooting' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Troubleshooting');
    expect(new URL(page.url()).hash).toMatch(/^#doc-section-\d+$/);
    await expectNoAxeViolations(page);

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${first.title} as an HTML file` }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(new RegExp(`-${first.id}\\.html$`));
    const html = await readFile(await download.path(), 'utf8');
    expect(html).toContain(`<title>${first.title}</title>`);
    expect(html).toContain('<h2>Troubleshooting</h2>');

    // Back keeps the search and the filters.
    await page.getByRole('link', { name: 'Back to the documentation' }).click();
    await page.waitForURL((url) => url.pathname === documentationPath);
    expect(new URL(page.url()).searchParams.get('language')).toBe(language.key);
  });

  test('on a phone the facets sit behind a button', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, baseUrl, anna);
    await page.goto(`${baseUrl}${documentationPath}`);
    const toggle = page.getByRole('button', { name: 'Show filters' });
    await toggle.waitFor();
    expect(await page.locator('.documentation__facet').first().isVisible()).toBe(false);
    await toggle.click();
    await page.getByRole('button', { name: 'Hide filters' }).waitFor();
    expect(await page.locator('.documentation__facet').first().isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('paul, not connected to ERP, sees the account-manager card', async () => {
    const page = session.page;
    await signIn(page, baseUrl, paul);
    await page.goto(`${baseUrl}${documentationPath}`);
    // The product page refuses before the tab asks for documents (the API answers 403).
    await page.getByRole('heading', { level: 1, name: 'You have no access to ERP' }).waitFor();
    await page
      .locator('.my-solutions-no-access')
      .getByRole('heading', { name: 'Your account manager' })
      .waitFor();
    expect(await page.locator('.documentation__list').count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
