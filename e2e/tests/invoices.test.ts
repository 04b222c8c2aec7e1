// Browser tests of the invoices page (issue 14 "Done when": Anna sorts by every §9 key the
// way the API does, sees OVERDUE, downloads a PDF with the number and amount; paul sees only
// his account's invoices; nina gets the no-access state), with axe on every page visited.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { pdfText } from '../../apps/api/test/pdf-text.js';
import { apiJson } from '../support/api.js';
import { openApp } from '../support/app.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { anna, erik, nina, paul } from '../support/demo-users.js';
import { STUB_EXPECTED, STUB_STATUSES, stubApiError } from '../support/error-stub.js';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

interface ApiInvoice {
  id: string;
  number: string;
  amount: string;
  currency: string;
  status: string;
}

/** Column header button text of each §9 sort (features/invoices/invoices.labels.ts). */
const SORT_COLUMNS = {
  number: 'Invoice number',
  dueDate: 'Due date',
  uploadDate: 'Uploaded',
  amount: 'Amount',
  status: 'Status',
} as const;

const rowNumbers = (page: Page) =>
  page.locator('table.invoices__table tbody tr th[scope="row"]').allTextContents();

async function openInvoices(page: Page, email: string): Promise<void> {
  await signIn(page, baseUrl, email);
  // The server paints the page first (ADR 0057): act on the app's own page.
  await openApp(page, `${baseUrl}/invoices`);
  await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
}

describe('invoices in Chromium', () => {
  test('anna sorts by every §9 key, ascending and descending, exactly as the API orders', async () => {
    const page = session.page;
    await openInvoices(page, anna);
    await page.locator('table.invoices__table tbody tr').first().waitFor();
    await expectNoAxeViolations(page);
    for (const [sort, column] of Object.entries(SORT_COLUMNS)) {
      for (const order of ['asc', 'desc'] as const) {
        // A new column sorts ascending first; a second click turns it round.
        await page.getByRole('button', { name: column, exact: false }).first().click();
        await page.waitForURL(
          (url) =>
            url.searchParams.get('sort') === (sort === 'uploadDate' ? null : sort) ||
            url.searchParams.get('sort') === sort,
        );
        const expected = (
          await apiJson<ApiInvoice[]>(page, `/api/invoices?sort=${sort}&order=${order}`)
        ).map((invoice) => invoice.number);
        await expect.poll(() => rowNumbers(page), { timeout: 10_000 }).toEqual(expected);
        const header = page.getByRole('columnheader', { name: column, exact: false }).first();
        expect(await header.getAttribute('aria-sort')).toBe(
          order === 'asc' ? 'ascending' : 'descending',
        );
      }
    }
  });

  test('an overdue invoice shows OVERDUE, and its PDF has the number and the amount', async () => {
    const page = session.page;
    await openInvoices(page, anna);
    await page.getByLabel('Status').selectOption('OVERDUE');
    await page.waitForURL(/status=OVERDUE/);
    const row = page.locator('table.invoices__table tbody tr').first();
    await expect.poll(() => row.locator('.invoice-status').textContent()).toBe('OVERDUE');
    await expectNoAxeViolations(page);
    const [overdue] = await apiJson<ApiInvoice[]>(page, '/api/invoices?status=OVERDUE');
    if (!overdue) throw new Error('anna has no overdue invoice');
    expect(await row.locator('th').textContent()).toBe(overdue.number);

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download invoice ${overdue.number} as PDF` }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`${overdue.number}.pdf`);
    const path = await download.path();
    const text = await pdfText(await readFile(path));
    expect(text).toContain(overdue.number);
    const amount = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(
      Number(overdue.amount),
    );
    // Intl joins the currency code with a no-break space (issue 27); it reads back as ' '.
    expect(text).toContain(`${overdue.currency} ${amount}`);
  });

  test('paul sees only his account’s invoices', async () => {
    const page = session.page;
    await openInvoices(page, paul);
    await page.locator('table.invoices__table tbody tr').first().waitFor();
    await expect
      .poll(() =>
        page.getByText('Invoices of Meridian Consulting Group Ltd', { exact: false }).count(),
      )
      .toBe(1);
    expect(await page.getByLabel('Account').count()).toBe(0);
    const own = await apiJson<ApiInvoice[]>(page, '/api/invoices');
    expect(await rowNumbers(page)).toEqual(own.map((invoice) => invoice.number));
    expect(own.every((invoice) => invoice.currency === 'GBP')).toBe(true);
    const amounts = await page
      .locator('table.invoices__table td.invoices__numeric')
      .allTextContents();
    expect(amounts.every((text) => text.includes('£'))).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('erik, a vendor employee, picks an account and sees its invoices', async () => {
    const page = session.page;
    await openInvoices(page, erik);
    const picker = page.getByLabel('Account');
    await picker.waitFor();
    expect(await picker.inputValue()).toBe('acc-portico');
    await picker.selectOption('acc-northwind');
    await page.waitForURL(/accountId=acc-northwind/);
    const expected = (
      await apiJson<ApiInvoice[]>(page, '/api/invoices?accountId=acc-northwind')
    ).map((invoice) => invoice.number);
    await expect.poll(() => rowNumbers(page), { timeout: 10_000 }).toEqual(expected);
    await page.getByText('Invoices of Northwind Logistics AS', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
  });

  test('nina gets the no-access state', async () => {
    const page = session.page;
    await openInvoices(page, nina);
    await page.getByRole('heading', { name: 'No access to invoices' }).waitFor();
    expect(await page.locator('table').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  test('§8: a failed list shows its text with a retry, a failed PDF its notification (issue 27)', async () => {
    const page = session.page;
    await openInvoices(page, anna);
    const firstRow = page.locator('table.invoices__table tbody tr').first();
    for (const status of STUB_STATUSES) {
      const release = await stubApiError(page, 'GET', '/api/invoices', status);
      // The server paints the page first (ADR 0057); the app replaces it with its error state.
      await openApp(page, `${baseUrl}/invoices`);
      const alert = page.getByRole('alert').filter({ hasText: STUB_EXPECTED[status] });
      await alert.waitFor({ timeout: 15_000 });
      if (status === 500) await expectNoAxeViolations(page);
      await release();
      await alert.getByRole('button', { name: 'Try again' }).click();
      await firstRow.waitFor();
    }
    const number = (await firstRow.locator('th').textContent()) ?? '';
    for (const status of STUB_STATUSES) {
      const release = await stubApiError(page, 'GET', /^\/api\/invoices\/[^/]+\/pdf$/, status);
      await page.getByRole('button', { name: `Download invoice ${number} as PDF` }).click();
      await page.getByText(STUB_EXPECTED[status]).first().waitFor();
      await release();
    }
  });
});
