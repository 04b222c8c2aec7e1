import type { Page } from 'playwright-core';

/**
 * Opens an address of the app and waits until the app runs it. On a page the server paints
 * (ADR 0044, 0075) the markup shows before any script; a test that acted before React took it
 * over would press buttons that do nothing yet.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const reacts = (element: Element | null, prefix: string) =>
        element !== null && Object.keys(element).some((key) => key.startsWith(prefix));
      return (
        reacts(document.getElementById('root'), '__reactContainer$') &&
        reacts(document.getElementById('main'), '__reactFiber$')
      );
    },
    undefined,
    { timeout: 30_000 },
  );
}
