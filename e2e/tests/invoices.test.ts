// Browser tests of the invoices page (issue 14 "Done when": Anna sorts by every §9 key the
// way the API does, sees OVERDUE, downloads a PDF with the number and amount; paul sees only
// his account's invoices; nina gets the no-access state), with axe on every page visited.
import type { Invoice } from '@portico/contracts';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { pdfText } from '../../apps/api/test/pdf-text.js';
import { pickAccountByKeyboard } from '../support/account-picker.js';
import { apiJson } from '../support/api.js';
import { openApp } from '../support/app.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { anna, erik, nina, paul } from '../support/demo-users.js';
import { expectFailedDownloads, expectPageErrorsWithRetry } from '../support/error-stub.js';
import { useBrowser } from '../support/browser.js';
import { setOwnSettings } from '../support/own-settings.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

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
          await apiJson<Invoice[]>(page, `/api/invoices?sort=${sort}&order=${order}`)
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
    await expect.poll(() => row.locator('.ui-badge').textContent()).toBe('OVERDUE');
    await expectNoAxeViolations(page);
    const [overdue] = await apiJson<Invoice[]>(page, '/api/invoices?status=OVERDUE');
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

  test('paul sees his account’s invoices first', async () => {
    const page = session.page;
    await openInvoices(page, paul);
    await page.locator('table.invoices__table tbody tr').first().waitFor();
    await expect
      .poll(() =>
        page.getByText('Invoices of Meridian Consulting Group Ltd', { exact: false }).count(),
      )
      .toBe(1);
    const own = await apiJson<Invoice[]>(page, '/api/invoices');
    expect(await rowNumbers(page)).toEqual(own.map((invoice) => invoice.number));
    expect(own.every((invoice) => invoice.currency === 'GBP')).toBe(true);
    const amounts = await page
      .locator('table.invoices__table td.invoices__numeric')
      .allTextContents();
    expect(amounts.every((text) => text.includes('£'))).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('erik picks an account by keyboard, sees what to do on an empty one, and the page remembers his pick (issue 37)', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await openInvoices(page, erik);
    const picker = page.getByRole('combobox', { name: 'Account' });
    await picker.waitFor();
    // His own account, the vendor's, has no invoices: the page says so and what to do.
    await pickAccountByKeyboard(page, 'Account', 'Portico', 'Portico Software B.V.');
    await page.getByRole('heading', { name: 'This account has no invoices yet.' }).waitFor();
    await page.getByText('Pick another account above to see its invoices.').waitFor();
    expect(await page.getByText('No invoices match these filters.').count()).toBe(0);
    // One full stop after "B.V.", not two.
    await page.getByText('Invoices of Portico Software B.V. Amounts include VAT.').waitFor();
    await expectNoAxeViolations(page);

    await pickAccountByKeyboard(page, 'Account', 'northwind log', 'Northwind Logistics AS');
    await page.waitForURL(/accountId=acc-northwind/);
    const expected = (await apiJson<Invoice[]>(page, '/api/invoices?accountId=acc-northwind')).map(
      (invoice) => invoice.number,
    );
    await expect.poll(() => rowNumbers(page), { timeout: 10_000 }).toEqual(expected);
    await page.getByText('Invoices of Northwind Logistics AS', { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    // A new visit without an account in the address opens on the last one used, and the
    // picker offers the recent ones first.
    await openApp(page, `${baseUrl}/invoices`);
    await expect
      .poll(() => picker.inputValue(), { timeout: 10_000 })
      .toBe('Northwind Logistics AS');
    await expect.poll(() => rowNumbers(page), { timeout: 10_000 }).toEqual(expected);
    await picker.click();
    const options = page.getByRole('listbox', { name: 'Account' }).getByRole('option');
    await options.first().waitFor();
    expect(await options.nth(0).getAttribute('aria-label')).toBe('Northwind Logistics AS, Recent');
    await expectNoAxeViolations(page);

    // Filters that match nothing say so, with a way back.
    await page.keyboard.press('Escape');
    await openApp(
      page,
      `${baseUrl}/invoices?accountId=acc-northwind&startDate=2001-01-01&endDate=2001-12-31`,
    );
    await page.getByRole('heading', { name: 'No invoices match these filters.' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rowNumbers(page), { timeout: 10_000 }).toEqual(expected);
  });

  test('erik on a phone in dark mode and German: the picker, the empty state and axe (issue 37)', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await openInvoices(page, erik);
    await setOwnSettings(page, baseUrl, { language: 'de' });
    try {
      await openApp(page, `${baseUrl}/invoices`);
      await page.getByRole('heading', { level: 1, name: 'Rechnungen' }).waitFor();
      await page.getByRole('combobox', { name: 'Konto' }).waitFor();
      await pickAccountByKeyboard(page, 'Konto', 'Portico', 'Portico Software B.V.');
      await page
        .getByRole('heading', { name: 'Für dieses Konto gibt es noch keine Rechnungen.' })
        .waitFor();
      await page
        .getByText('Wählen Sie oben ein anderes Konto, um dessen Rechnungen zu sehen.')
        .waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('combobox', { name: 'Konto' }).click();
      await page.getByRole('listbox', { name: 'Konto' }).getByRole('option').first().waitFor();
      await expectNoAxeViolations(page);
    } finally {
      await setOwnSettings(page, baseUrl, { language: 'en' });
    }
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
    await expectPageErrorsWithRetry(page, {
      path: '/api/invoices',
      // An address with a query is the app's to load (a painted one has the server's data,
      // ADR 0075): its list call fails.
      open: () => openApp(page, `${baseUrl}/invoices?page=1`),
      ready: firstRow,
    });
    const number = (await firstRow.locator('th').textContent()) ?? '';
    await expectFailedDownloads(page, {
      path: /^\/api\/invoices\/[^/]+\/pdf$/,
      download: page.getByRole('button', { name: `Download invoice ${number} as PDF` }),
    });
  });
});
