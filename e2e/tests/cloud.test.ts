// Browser tests of the cloud pages (issue 14 "Done when": Anna sees her instances and
// environments, maintenance in her time zone with an .ics export, the availability chart and
// its table, and an XLSX export that reads back as the API's report; paul sees only his
// account), with axe on every page visited.
import { readFile } from 'node:fs/promises';
import type { AvailabilityReport, MaintenanceWindow } from '@portico/contracts';
import { describe, expect, inject, test } from 'vitest';
import { pickAccountByKeyboard } from '../support/account-picker.js';
import { apiJson } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { anna, erik, paul } from '../support/demo-users.js';
import { expectFailedDownloads, expectPageErrorsWithRetry } from '../support/error-stub.js';
import { useBrowser } from '../support/browser.js';
import { setOwnSettings } from '../support/own-settings.js';
import { signIn } from '../support/sign-in.js';
import { englishAvailabilityRows, sheetRows } from '../../apps/api/test/spreadsheet-rows.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

/** The browser's zone: far from anna's profile zone, so using the wrong one shows. */
const BROWSER_ZONE = 'Asia/Tokyo';
/** anna's profile zone (seed); the page must show times in it, not in the browser's. */
const PROFILE_ZONE = 'Europe/Oslo';

const dateTimeIn = (timeZone: string, iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );

describe('cloud in Chromium', () => {
  test('anna sees her instances with their environments', async () => {
    const page = session.page;
    await signIn(page, baseUrl, anna);
    await page.goto(`${baseUrl}/cloud`);
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(await page.locator('.cloud-card__title').allTextContents()).toEqual([
      'Northwind ERP',
      'Northwind Financials',
      'Northwind FP&A',
    ]);
    const erp = page.getByRole('table', { name: 'Environments of Northwind ERP' });
    expect(await erp.locator('tbody th').allTextContents()).toEqual([
      'Production',
      'Acceptance',
      'Test',
      'Development',
    ]);
    await expectNoAxeViolations(page);
  });

  test('anna sees maintenance in her profile’s time zone, not the browser’s, and exports it to .ics', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: BROWSER_ZONE,
      locale: 'en-GB',
    });
    try {
      const page = await context.newPage();
      await signIn(page, baseUrl, anna);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        BROWSER_ZONE,
      );
      expect((await apiJson<{ timeZone?: string }>(page, '/api/users/me')).timeZone).toBe(
        PROFILE_ZONE,
      );
      await page.goto(`${baseUrl}/cloud/maintenance`);
      await page.getByText(`(${PROFILE_ZONE})`, { exact: false }).waitFor();
      expect(await page.getByText(`(${BROWSER_ZONE})`, { exact: false }).count()).toBe(0);
      const windows = await apiJson<MaintenanceWindow[]>(page, '/api/cloud/maintenance');
      const next = windows.find((w) => Date.parse(w.endsAt) >= Date.now());
      if (!next) throw new Error('no upcoming maintenance');
      const row = page.locator(`tr[data-window-id="${next.id}"]`);
      const shown = await row.locator('time').first().textContent();
      // Oslo and Tokyo are 7 or 8 hours apart: the two readings never agree.
      expect(dateTimeIn(PROFILE_ZONE, next.startsAt)).not.toBe(
        dateTimeIn(BROWSER_ZONE, next.startsAt),
      );
      expect(shown).toBe(dateTimeIn(PROFILE_ZONE, next.startsAt));
      expect(await row.locator('time').first().getAttribute('datetime')).toBe(next.startsAt);
      await expectNoAxeViolations(page);

      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: `Add to calendar: ${next.title} (.ics)` }).click();
      const ics = await readFile(await (await downloaded).path(), 'utf8');
      const compact = next.startsAt.replace(/[-:]/g, '');
      expect(ics).toContain(`DTSTART:${compact}`);
      expect(ics).toContain(`UID:${next.id}@cloud.portico.test`);

      const all = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download all windows (.ics)' }).click();
      const allText = await readFile(await (await all).path(), 'utf8');
      expect(allText.match(/BEGIN:VEVENT/g)).toHaveLength(windows.length);
    } finally {
      await context.close();
    }
  });

  test('anna sees the availability chart and its table; the XLSX reads back as the report', async () => {
    const page = session.page;
    await signIn(page, baseUrl, anna);
    await page.goto(`${baseUrl}/cloud/reports`);
    const table = page.getByRole('table', {
      name: 'Monthly availability per instance, in per cent',
    });
    await table.waitFor();
    // The chart draws one line per instance (and a dashed SLA line per agreed level).
    const chart = page.getByRole('img', { name: /Chart of monthly availability/ });
    await expect.poll(() => chart.locator('.recharts-line').count()).toBe(3);
    expect(await chart.locator('.recharts-reference-line').count()).toBe(2);
    const report = await apiJson<AvailabilityReport>(page, '/api/cloud/reports/availability');
    expect(await table.locator('tbody tr').count()).toBe(report.months.length);
    await expectNoAxeViolations(page);

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Availability (XLSX)' }).click();
    const { rows } = await sheetRows(await readFile(await (await downloaded).path()));
    // Months by name in the user's language (issue 27): "October 2026" for anna.
    expect(rows.slice(1)).toEqual(englishAvailabilityRows(report));
  });

  test('paul sees his account’s instance, and a customer’s he serves from the picker (§7, issue 37)', async () => {
    const page = session.page;
    await signIn(page, baseUrl, paul);
    await page.goto(`${baseUrl}/cloud`);
    await page.getByRole('article').first().waitFor();
    expect(await page.locator('.cloud-card__title').allTextContents()).toEqual([
      'Meridian ERPx demo',
    ]);
    await expectNoAxeViolations(page);
    // His customers come from GET /api/partner/accounts.
    await pickAccountByKeyboard(page, 'Account', 'north', 'Northwind Logistics AS');
    await page.waitForURL(/accountId=acc-northwind/);
    await page.getByRole('article', { name: 'Northwind ERP' }).waitFor();
    // Back to his own, so other tests find him there.
    await pickAccountByKeyboard(page, 'Account', 'Meridian', 'Meridian Consulting Group Ltd');
    await page.getByRole('article', { name: 'Meridian ERPx demo' }).waitFor();
  });

  test('erik picks an account by keyboard, is told what to do on an empty one, and the pick is remembered (issue 37)', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, baseUrl, erik);
    await page.goto(`${baseUrl}/cloud`);
    await page.getByRole('combobox', { name: 'Account' }).waitFor();
    await pickAccountByKeyboard(page, 'Account', 'Portico', 'Portico Software B.V.');
    await page.getByRole('heading', { name: 'This account has no cloud services yet.' }).waitFor();
    await page.getByText('Pick another account above to see its cloud services.').waitFor();
    await expectNoAxeViolations(page);

    await pickAccountByKeyboard(page, 'Account', 'northwind log', 'Northwind Logistics AS');
    const erp = page.getByRole('article', { name: 'Northwind ERP' });
    await erp.waitFor();
    // The region by its label, not a code or the API's English.
    await erp.getByText('EU North (Stockholm)').waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`${baseUrl}/cloud`);
    await page.getByRole('article', { name: 'Northwind ERP' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Account' }).inputValue()).toBe(
      'Northwind Logistics AS',
    );
  });

  test('erik on a phone in dark mode and German: region names and the empty state (issue 37)', async () => {
    const page = session.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, baseUrl, erik);
    await page.goto(`${baseUrl}/cloud`);
    await page.getByRole('combobox', { name: 'Account' }).waitFor();
    await setOwnSettings(page, baseUrl, { language: 'de' });
    try {
      await page.goto(`${baseUrl}/cloud?accountId=acc-northwind`);
      const erp = page.getByRole('article', { name: 'Northwind ERP' });
      await erp.waitFor();
      await erp.getByText('EU Nord (Stockholm)').waitFor();
      expect(await page.getByText('EU North (Stockholm)').count()).toBe(0);
      await expectNoAxeViolations(page);
      await pickAccountByKeyboard(page, 'Konto', 'Portico', 'Portico Software B.V.');
      await page
        .getByRole('heading', { name: 'Dieses Konto hat noch keine Cloud-Services.' })
        .waitFor();
      await expectNoAxeViolations(page);
    } finally {
      await setOwnSettings(page, baseUrl, { language: 'en' });
    }
  });

  test('§8: failed instances show their text with a retry, a failed report download its notification (issue 27)', async () => {
    const page = session.page;
    await signIn(page, baseUrl, anna);
    await expectPageErrorsWithRetry(page, {
      path: '/api/cloud/instances',
      open: () => page.goto(`${baseUrl}/cloud`),
      ready: page.getByRole('article', { name: 'Northwind ERP' }),
    });
    await page.goto(`${baseUrl}/cloud/reports`);
    await expectFailedDownloads(page, {
      path: '/api/cloud/reports/availability.xlsx',
      download: page.getByRole('button', { name: 'Download Availability (XLSX)' }),
    });
  });
});
