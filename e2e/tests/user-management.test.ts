// Browser tests of user management (issue 15 "Done when"): anna administers Northwind in
// Chromium against the real server (its dev outbox and job queue), nina gets the no-access
// page; axe runs on every page visited.
import { Workbook } from '@cj-tech-master/excelts';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { apiJson } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna, nina } from '../support/demo-users.js';
import { flow } from '../support/flow.js';
import { waitForMail } from '../support/outbox.js';
import { setOwnSettings } from '../support/own-settings.js';
import { signIn, submitSignIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

const rows = (page: Page) => page.getByRole('region', { name: 'Users' }).locator('tbody tr');
const range = (page: Page) => page.getByText(/^\d+–\d+ of \d+$/);
const invalidHeadline = 'Invalid data. Review all error messages below to correct your data.';

async function openList(page: Page, query = ''): Promise<void> {
  await page.goto(`${baseUrl}/user-management${query}`);
  await rows(page).first().waitFor({ state: 'visible' });
}

async function fillNewUser(page: Page, email: string): Promise<void> {
  await page.getByLabel('First name').fill('Tove');
  await page.getByLabel('Last name').fill('Testesen');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('+4722334455');
}

describe('user management', () => {
  test('nina (no USERMANAGEMENT) gets the no-access page', async () => {
    const { page } = session;
    await signIn(page, baseUrl, nina);
    await page.goto(`${baseUrl}/user-management`);
    await page.getByRole('heading', { name: 'No access to user management' }).waitFor();
    await expectNoAxeViolations(page);
  });

  test('anna lists, searches, filters and pages; the address holds the list state', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await page.getByRole('banner').getByRole('link', { name: 'User management' }).click();
    await rows(page).first().waitFor({ state: 'visible' });
    expect(await rows(page).count()).toBe(20);
    expect(await range(page).innerText()).toMatch(/^1–20 of \d+$/);
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: /pag/i }).getByRole('button', { name: '2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    // The address changes first; the page's rows follow when their answer is in.
    await expect.poll(() => range(page).innerText()).toMatch(/^21–40 of \d+$/);

    await page.getByLabel('Search users').fill('lindqvist');
    await page.locator('#main').getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('query') === 'lindqvist');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain('Lindqvist, Anna');

    await openList(page, '?status=Pending');
    const statuses = await rows(page).locator('td:nth-child(4)').allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s.trim() === 'Pending')).toBe(true);
    await page.getByLabel('Role').selectOption('administrator');
    await page.waitForURL((url) => url.searchParams.get('role') === 'administrator');
    await expectNoAxeViolations(page);
  });

  test('the exports, read back with a spreadsheet library, match the list', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await openList(page, '?status=Active&sort=-name');
    const list = await apiJson<{ email: string }[]>(page, '/api/users?status=Active&sort=-name');
    const total = Number(/of (\d+)$/.exec(await range(page).innerText())?.[1]);

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile(await (await csvDownload).path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toContain(list[0]!.email);

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const workbook = new Workbook();
    await workbook.xlsx.readFile(await (await xlsxDownload).path());
    const sheet = workbook.getWorksheet('Users')!;
    expect(sheet.rowCount).toBe(total + 1);
    const emails = list.map((u) => u.email);
    for (let i = 0; i < emails.length; i++) {
      expect(sheet.getRow(i + 2).getCell(2).value).toBe(emails[i]);
    }
  });

  test('in German on a phone in dark mode: the time zone picked by keyboard, the history labelled (issue 37)', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await setOwnSettings(page, baseUrl, { language: 'de' });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'dark' });
      const users = await apiJson<{ id: string; email: string }[]>(
        page,
        '/api/users?status=Active&sort=-name',
      );
      const edited = users.find((u) => u.email !== anna)!;
      await page.goto(`${baseUrl}/user-management/${edited.id}`);
      await page.getByRole('heading', { name: /bearbeiten$/ }).waitFor();

      // The searchable combobox, by keyboard alone: type, arrow down, Enter.
      const zone = page.getByRole('combobox', { name: 'Zeitzone' });
      const before = await zone.inputValue();
      const target = before.includes('Kolkata') ? 'Berlin' : 'Kolkata';
      const targetName =
        target === 'Kolkata' ? 'Indische Normalzeit (Kolkata)' : 'Mitteleuropäische Zeit (Berlin)';
      await zone.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(target.slice(0, 4));
      const listbox = page.getByRole('listbox', { name: 'Zeitzone' });
      await listbox.getByRole('option', { name: targetName }).waitFor();
      // The target shows from the first letter; the list narrows as the letters arrive.
      await expect.poll(() => listbox.getByRole('option').count()).toBe(1);
      await expectNoAxeViolations(page); // the open list too
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await zone.inputValue()).toBe(targetName);
      expect(await zone.getAttribute('aria-expanded')).toBe('false');

      await page.getByRole('button', { name: 'Speichern' }).click();
      const history = page.getByRole('region', { name: 'Änderungen' });
      const change = history.getByText(
        new RegExp(`^Zeitzone: ${before.replace(/[()]/g, '\\$&')} → `),
      );
      await change.first().waitFor();
      expect(await change.first().innerText()).toBe(`Zeitzone: ${before} → ${targetName}`);
      // No raw columns, JSON or empty-to-empty noise.
      expect(await history.innerText()).not.toMatch(/time_zone|null|""|Fax/);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await expectNoAxeViolations(page);
    } finally {
      await setOwnSettings(page, baseUrl, { language: 'en' });
    }
  });

  test('anna creates a user with every §5 message on the way; the invitation sets a password; conflict; deactivation', async () => {
    const { page, browser } = session;
    const email = `tove.testesen.${Date.now()}@northwind.test`;
    // A whole flow in three browser contexts: 17–20 s, also while the unit lane runs beside it.
    await flow(140_000, async (step) => {
      step('sign-in');
      await signIn(page, baseUrl, anna);
      await page.goto(`${baseUrl}/user-management/new`);
      await page.getByRole('heading', { name: 'New user' }).waitFor();

      step('nothing filled');
      // The headline and a message under each bad field.
      await page.getByRole('button', { name: 'Create and invite' }).click();
      await page.getByRole('alert').getByText(invalidHeadline).waitFor();
      await page.locator('#um-firstName-error').getByText('This field is required').waitFor();
      await expectNoAxeViolations(page);

      step('address of another account');
      // In other case: the server's message under E-mail.
      await fillNewUser(page, 'NINA.basic@portico.test');
      await page.getByRole('button', { name: 'Create and invite' }).click();
      await page
        .locator('#um-email-error')
        .getByText('This email address already exists. Please try another one.')
        .waitFor();
      expect(await page.getByLabel('First name').inputValue()).toBe('Tove'); // nothing lost

      step('second point manager');
      await page.getByLabel('E-mail').fill(email);
      await page.locator('#um-role').selectOption('point-manager');
      await page.getByRole('button', { name: 'Create and invite' }).click();
      await page
        .locator('#um-role-error')
        .getByText('More than one point manager is not allowed on this account')
        .waitFor();

      step('create');
      await page.locator('#um-role').selectOption('standard');
      // What anna may give (ADR 0056): a permission she holds and one of the account's products.
      const product = () =>
        page
          .getByRole('group', { name: 'Connected products' })
          .getByRole('checkbox', { name: 'ERP', exact: true });
      await page.getByRole('group', { name: 'Permissions' }).getByLabel('Invoices').check();
      await product().check();
      await page.getByRole('button', { name: 'Create and invite' }).click();
      await page.getByRole('heading', { name: 'Edit Testesen, Tove' }).waitFor();
      await page.locator('.ui-badge', { hasText: 'Pending' }).first().waitFor();
      expect(await product().isChecked()).toBe(true);
      await expectNoAxeViolations(page);
      const userUrl = page.url();

      // A fresh browser: the invitation link sets the password, then the new user signs in.
      const fresh = await browser.newContext();
      fresh.setDefaultTimeout(15_000);
      const newcomer = await fresh.newPage();
      try {
        step('invitation mail');
        const mail = await waitForMail(newcomer, baseUrl, email, 'You are invited to Portico');
        await expectNoAxeViolations(newcomer);
        step('password');
        await newcomer.goto(mail.links[0] ?? '');
        await newcomer.getByLabel('New password').fill('tove-has-a-long-password');
        await newcomer.getByLabel('Repeat the password').fill('tove-has-a-long-password');
        await newcomer.getByRole('button', { name: 'Set password' }).click();
        await newcomer.getByText('Your password is set').waitFor();
        await expectNoAxeViolations(newcomer);
        step('first sign-in');
        const landed = await signIn(newcomer, baseUrl, email, 'tove-has-a-long-password');
        expect(landed.pathname).toBe('/news');
        expect((await apiJson<{ email: string }>(newcomer, '/api/users/me')).email).toBe(email);
        const products = await apiJson<{ id: string; connected: boolean }[]>(
          newcomer,
          '/api/products',
        );
        expect(products.filter((p) => p.connected).map((p) => p.id)).toEqual(['p-erp']);

        step('conflict');
        // Two tabs edit the same user: the second save gets the conflict message.
        const second = await session.context.newPage();
        await page.goto(userUrl);
        await second.goto(userUrl);
        await page.getByLabel('City').fill('Tromsø');
        await second.getByLabel('City').fill('Bodø');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByRole('heading', { name: 'Edit Testesen, Tove' }).waitFor();
        await page.locator('.ui-badge', { hasText: 'Active' }).first().waitFor();
        await second.getByRole('button', { name: 'Save' }).click();
        await second
          .getByRole('alert')
          .getByText(
            'Someone else changed this user. Reload to see their changes, then make yours again.',
          )
          .waitFor();
        expect(await second.getByLabel('City').inputValue()).toBe('Bodø'); // nothing lost
        await second.getByRole('button', { name: 'Reload the user' }).click();
        await expect
          .poll(() => second.getByLabel('City').inputValue(), { timeout: 15_000 })
          .toBe('Tromsø');
        await expectNoAxeViolations(second);
        await second.close();

        step('deactivation');
        // The newcomer's open session gets 401 on its next call. The call is made from here
        // with the session's token: the newcomer's page itself is sent to sign in as soon as
        // its live stream is ended and its reconnect answered 401.
        const token = await newcomer.evaluate(() => window.localStorage.getItem('access_token'));
        expect(token).toBeTruthy();
        await page.reload();
        await page.getByRole('button', { name: 'Deactivate instead' }).click();
        await page.locator('.ui-badge', { hasText: 'Inactive' }).first().waitFor();
        const status = (
          await fetch(`${baseUrl}/api/users/me`, {
            headers: { Authorization: `Bearer ${token ?? ''}` },
            signal: AbortSignal.timeout(15_000),
          })
        ).status;
        expect(status).toBe(401);
      } finally {
        await fresh.close();
      }
      step('sign-in refused');
      // …and cannot sign in again.
      const again = await browser.newContext();
      again.setDefaultTimeout(15_000);
      try {
        const retry = await again.newPage();
        await retry.goto(`${baseUrl}/`);
        await submitSignIn(retry, email, 'tove-has-a-long-password');
        await retry.getByText('The email or password is incorrect.').waitFor();
      } finally {
        await again.close();
      }
    });
  }, 150_000);

  test('the licences-exceeded message appears when active plus pending users reach the licences', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const context = await apiJson<{ licenceCount: number; licencesUsed: number }>(
      page,
      '/api/users/management',
    );
    const free = context.licenceCount - context.licencesUsed;
    for (let i = 0; i <= free; i++) {
      await page.goto(`${baseUrl}/user-management/new`);
      await page.getByRole('heading', { name: 'New user' }).waitFor();
      await fillNewUser(page, `licence.${Date.now()}.${i}@northwind.test`);
      await page.getByRole('button', { name: 'Create and invite' }).click();
      if (i < free) await page.getByRole('heading', { name: 'Edit Testesen, Tove' }).waitFor();
    }
    await page
      .getByRole('alert')
      .getByText(/All licences of this account are in use/)
      .waitFor();
    await expectNoAxeViolations(page);
  });
});
