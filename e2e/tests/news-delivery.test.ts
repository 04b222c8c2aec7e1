// The whole path by which news reaches people (issue 12 "Done when"): anna subscribes to
// general news immediately on her subscriptions page, erik publishes an item in the editor,
// and within seconds anna's bell shows it and a mail is in the dev outbox. The mail's link
// opens the item, and its one-click unsubscribe works signed out. axe on every page visited.
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { apiJson } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna, erik } from '../support/demo-users.js';
import { bellButton, bellPanel, openBell } from '../support/notification-bell.js';
import { unsubscribeUrlOf, waitForMail } from '../support/outbox.js';
import { setOwnSubscriptions } from '../support/own-settings.js';
import { signIn } from '../support/sign-in.js';
import { openApp } from '../support/app.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

interface SubscriptionRow {
  topic: string;
  productId: string | null;
  frequency: string;
}

const generalNewsOff = [{ topic: 'general-news', productId: null, frequency: 'off' }];

/** Opens the bell until its panel lists `title` (opening refreshes it; polling is ≤ 30 s). */
async function waitForNotification(page: Page, title: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const panel = await openBell(page);
    if ((await panel.getByText(title).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`no notification "${title}" in anna's bell`);
    await page.keyboard.press('Escape');
    await bellPanel(page).waitFor({ state: 'hidden' });
    await page.waitForTimeout(1000);
  }
}

async function publishAsErik(page: Page, title: string): Promise<void> {
  await signIn(page, baseUrl, erik);
  await page.goto(`${baseUrl}/news/editor/new`);
  await page.getByRole('heading', { name: 'New news item' }).waitFor();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page
    .getByRole('textbox', { name: 'Introduction', exact: true })
    .fill('Delivered to every subscriber.');
  await page.getByRole('textbox', { name: 'Body', exact: true }).click();
  await page.keyboard.type('The body of the delivered item.');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Status: Published').waitFor();
}

describe('news delivery', () => {
  test('published news reaches a subscriber by bell and e-mail; the mail unsubscribes signed out', async () => {
    const { page, browser } = session;
    const title = `Delivered news ${Date.now()}`;

    await signIn(page, baseUrl, anna);
    try {
      // anna subscribes to general news, immediately, on her subscriptions page.
      await page.goto(`${baseUrl}/my-settings/subscriptions`);
      const topic = page.getByRole('group', { name: 'General news', exact: true });
      await topic.getByRole('radio', { name: 'Immediately' }).check();
      await page.getByRole('button', { name: 'Save subscriptions' }).click();
      await page.getByText('Your subscriptions are saved.').first().waitFor();
      await expectNoAxeViolations(page);

      // anna is on the news page, her bell listening (ADR 0054): the notification is pushed,
      // not polled — the bell changes with no request for the list.
      const listReads: string[] = [];
      const streams: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === '/api/notifications') listReads.push(path);
        if (path === '/api/notifications/stream') streams.push(request.resourceType());
      });
      await openApp(page, `${baseUrl}/news`);
      await bellButton(page).waitFor({ timeout: 30_000 });
      await expect.poll(() => streams, { timeout: 10_000 }).toEqual(['eventsource']);
      const bellBefore = await bellButton(page).textContent();
      listReads.length = 0;

      // erik publishes in the editor, in his own browser context.
      const erikContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        await publishAsErik(await erikContext.newPage(), title);
      } finally {
        await erikContext.close();
      }

      // Within seconds: anna's bell …
      await expect
        .poll(() => bellButton(page).textContent(), { timeout: 25_000, interval: 250 })
        .not.toBe(bellBefore);
      expect(listReads).toEqual([]);
      await waitForNotification(page, title);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      // … and a mail in the outbox, whose link opens the item.
      const outbox = await browser.newPage();
      const mail = await waitForMail(outbox, baseUrl, anna, title);
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const itemLink = mail.links.find((link) => link.includes('/news/news-item/'));
      expect(itemLink).toBeDefined();
      await outbox.close();
      await page.goto(itemLink ?? '');
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await expectNoAxeViolations(page);

      // The unsubscribe link, in a browser that is not signed in.
      const strangerContext = await browser.newContext();
      try {
        const stranger = await strangerContext.newPage();
        await stranger.goto(unsubscribeUrlOf(mail));
        await expectNoAxeViolations(stranger);
        await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
        await stranger.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
        await expectNoAxeViolations(stranger);
      } finally {
        await strangerContext.close();
      }
      const after = await apiJson<SubscriptionRow[]>(page, `${baseUrl}/api/subscriptions`);
      expect(after.find((s) => s.topic === 'general-news')?.frequency).toBe('off');
    } finally {
      await setOwnSubscriptions(page, baseUrl, generalNewsOff);
    }
  }, 240_000);
});
