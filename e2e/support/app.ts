import type { Page } from 'playwright-core';

/**
 * Opens an address of the app and waits until the app shows it itself. On the news list the
 * server first paints an inert copy of the page (ADR 0044) that the app replaces once it is
 * ready; a test that acted before then would find two copies, or press inert buttons.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#portico-first-paint').waitFor({ state: 'detached', timeout: 30_000 });
}
