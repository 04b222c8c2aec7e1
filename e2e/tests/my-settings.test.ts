// Browser tests of My settings (issue 12 "Done when"): anna switches to Deutsch and the
// navigation and page texts are German at once and after a reload; a time zone change shifts
// the time shown; the subscriptions page saves and reloads; the bell opens by keyboard. axe
// runs on every page. anna is shared by every e2e file: each test restores what it changed.
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna } from '../support/demo-users.js';
import { bellButton, bellPanel, openBell } from '../support/notification-bell.js';
import { ownSetting, setOwnSettings, setOwnSubscriptions } from '../support/own-settings.js';
import { signIn } from '../support/sign-in.js';
import { openApp } from '../support/app.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

const banner = (page: Page) => page.getByRole('banner');
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

async function openMySettings(page: Page): Promise<void> {
  await signIn(page, baseUrl, anna);
  // The header's link stays in the app (it used to leave for the community site).
  await banner(page).getByRole('link', { name: 'My settings', exact: true }).click();
  await heading(page, 'My settings').waitFor();
  expect(new URL(page.url()).pathname).toBe('/my-settings');
}

describe('my settings', () => {
  test('anna switches to Deutsch: navigation and page texts are German at once and after a reload', async () => {
    const { page } = session;
    await openMySettings(page);
    await expectNoAxeViolations(page);
    try {
      await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // At once, without a page reload: the page and the header's navigation.
      await heading(page, 'Meine Einstellungen').waitFor();
      await banner(page).getByRole('link', { name: 'Meine Einstellungen', exact: true }).waitFor();
      await expect
        .poll(() => page.getByRole('heading', { level: 2, name: 'Mein Profil' }).isVisible())
        .toBe(true);
      expect(await page.getByLabel('Vorname').inputValue()).toBe('Anna');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      await expectNoAxeViolations(page);

      await page.reload();
      await heading(page, 'Meine Einstellungen').waitFor();
      await banner(page).getByRole('link', { name: 'Meine Einstellungen', exact: true }).waitFor();
      // The German footer has a link of the same name; the page's own navigation is meant.
      await page.getByRole('main').getByRole('link', { name: 'E-Mail-Abonnements' }).click();
      await page.getByRole('heading', { level: 2, name: 'E-Mail-Abonnements' }).waitFor();
      await page.getByRole('group', { name: 'Allgemeine News' }).waitFor();
      await expectNoAxeViolations(page);
    } finally {
      await setOwnSettings(page, baseUrl, { language: 'en' });
    }
  });

  test('anna changes her time zone and the time shown shifts', async () => {
    const { page } = session;
    await openMySettings(page);
    // The picker shows a zone by its name ("Japan Standard Time (Tokyo)"); the API holds its id.
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    const before = String(await ownSetting(page, baseUrl, 'timeZone'));
    const target = before === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    const city = target === 'Asia/Tokyo' ? 'Tokyo' : 'New York';
    const shown = page.getByText(/^Your time now: /);
    const expectedIn = (timeZone: string) =>
      page.evaluate(
        (tz) =>
          new Intl.DateTimeFormat('en', {
            dateStyle: 'medium',
            timeStyle: 'short',
            timeZone: tz,
          }).format(new Date()),
        timeZone,
      );
    await expect
      .poll(
        async () => (await shown.textContent()) === `Your time now: ${await expectedIn(before)}`,
      )
      .toBe(true);
    try {
      await zone.fill(city);
      await page.getByRole('option', { name: new RegExp(`\\(${city}\\)`) }).click();
      expect(await zone.inputValue()).toContain(city);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Your settings are saved.').waitFor();
      await expect
        .poll(
          async () => (await shown.textContent()) === `Your time now: ${await expectedIn(target)}`,
        )
        .toBe(true);
      expect(await expectedIn(target)).not.toBe(await expectedIn(before));
      await page.reload();
      await expect
        .poll(
          async () => (await shown.textContent()) === `Your time now: ${await expectedIn(target)}`,
        )
        .toBe(true);
      await expectNoAxeViolations(page);
    } finally {
      await setOwnSettings(page, baseUrl, { timeZone: before });
    }
  });

  test('the Stay informed block leads to the news topic; the subscriptions page saves and reloads', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await openApp(page, `${baseUrl}/news`);
    await page.getByRole('link', { name: 'Manage your subscriptions' }).click();
    await page.getByRole('heading', { level: 2, name: 'E-mail subscriptions' }).waitFor();
    const url = new URL(page.url());
    expect(`${url.pathname}${url.hash}`).toBe('/my-settings/subscriptions#general-news');
    const general = page.getByRole('group', { name: 'General news' });
    await expect
      .poll(() =>
        general.getByRole('radio', { name: 'Off' }).evaluate((e) => e === document.activeElement),
      )
      .toBe(true);
    await expectNoAxeViolations(page);
    try {
      await general.getByRole('radio', { name: 'Weekly digest' }).check();
      await page
        .getByRole('group', { name: 'Product news: ERP' })
        .getByRole('radio', { name: 'Daily digest' })
        .check();
      await page.getByRole('button', { name: 'Save subscriptions' }).click();
      await page.getByText('Your subscriptions are saved.').waitFor();
      await page.reload();
      await general.waitFor();
      expect(await general.getByRole('radio', { name: 'Weekly digest' }).isChecked()).toBe(true);
      expect(
        await page
          .getByRole('group', { name: 'Product news: ERP' })
          .getByRole('radio', { name: 'Daily digest' })
          .isChecked(),
      ).toBe(true);
    } finally {
      await setOwnSubscriptions(page, baseUrl, [
        { topic: 'general-news', productId: null, frequency: 'off' },
        {
          topic: 'product-news',
          productId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e01',
          frequency: 'off',
        },
      ]);
    }
  });

  test('the bell opens by keyboard, closes with Escape, and fits a phone', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await openApp(page, `${baseUrl}/news`);
    const panel = await openBell(page);
    expect(await bellButton(page).getAttribute('aria-expanded')).toBe('true');
    await panel.getByRole('heading', { name: 'Notifications' }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await bellPanel(page).waitFor({ state: 'hidden' });
    expect(await bellButton(page).evaluate((e) => e === document.activeElement)).toBe(true);

    await page.setViewportSize({ width: 390, height: 800 });
    await openBell(page);
    const box = await bellPanel(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});
