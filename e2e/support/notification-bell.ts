// The notification centre's bell in the shell header (issue 12).
import type { Locator, Page } from 'playwright-core';

/** The bell button (its name says how many are unread: "Notifications, 2 unread"). */
export function bellButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

/** The open panel. */
export function bellPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

/** Opens the bell's panel by keyboard (focus + Enter) and waits for it. */
export async function openBell(page: Page): Promise<Locator> {
  const button = bellButton(page);
  await button.waitFor({ state: 'visible' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') {
    await button.focus();
    await page.keyboard.press('Enter');
  }
  const panel = bellPanel(page);
  await panel.waitFor({ state: 'visible' });
  return panel;
}

/** Waits until the bell shows `count` unread (polling is at most 30 s; reloads to hurry it). */
export async function waitForUnread(page: Page, count: number, timeoutMs = 45_000): Promise<void> {
  const name = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
  await page
    .getByRole('banner')
    .getByRole('button', { name, exact: true })
    .waitFor({ state: 'visible', timeout: timeoutMs });
}
