import type { Page } from 'playwright-core';

/**
 * Opens an address of the app and waits until the app runs it. On a page the server paints
 * (ADR 0044, 0075) the markup shows before any script; a test that acted before React took it
 * over would press buttons that do nothing yet. An address that leads elsewhere (the
 * provider's sign-in page) is open once it has loaded.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const deadline = Date.now() + 30_000;
  for (;;) {
    // The app marks the document once it runs the page (app-shell.tsx).
    const state = await page
      .evaluate(() =>
        document.documentElement.dataset['app'] === 'running'
          ? 'running'
          : document.readyState !== 'loading' && document.getElementById('root') === null
            ? 'elsewhere'
            : 'starting',
      )
      // A navigation (a redirect to sign in) replaced the document meanwhile.
      .catch(() => 'starting');
    if (state !== 'starting') return;
    if (Date.now() > deadline) throw new Error(`the app did not run ${url} within 30 s`);
    await page.waitForTimeout(50);
  }
}
