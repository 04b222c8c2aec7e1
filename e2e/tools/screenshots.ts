// Screenshots of the portal's face (issue 37): the pages the issue names, at 390 px in the dark
// theme in German and at 1280 px in the light theme in English, from a running portal (`npm
// start`). `npm run screenshots` (PORTAL_URL, default http://localhost:8080; SCREENSHOT_DIR,
// default ./screenshots). anna's language is set back to English at the end.
import { mkdir } from 'node:fs/promises';
import { CATALOGS } from '@portico/locales/catalogs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { apiJson } from '../support/api.js';
import { launchBrowser } from '../support/browser.js';
import { anna } from '../support/demo-users.js';
import { setOwnSettings } from '../support/own-settings.js';
import { SCREENSHOT_PAGES } from '../support/screenshot-pages.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = process.env['PORTAL_URL'] ?? 'http://localhost:8080';
const outDir = resolve(process.env['SCREENSHOT_DIR'] ?? 'screenshots');

const looks = [
  { name: '1280-light-en', width: 1280, height: 900, colorScheme: 'light', language: 'en' },
  { name: '390-dark-de', width: 390, height: 844, colorScheme: 'dark', language: 'de' },
] as const;

/** Waits until the page shows its heading and nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await page.locator('#main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

async function shoot(page: Page, look: string, name: string): Promise<void> {
  const file = join(outDir, `${look}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

const browser = await launchBrowser();
try {
  await mkdir(outDir, { recursive: true });
  for (const look of looks) {
    const context = await browser.newContext({
      viewport: { width: look.width, height: look.height },
      colorScheme: look.colorScheme,
    });
    const page = await context.newPage();
    await signIn(page, baseUrl, anna);
    await setOwnSettings(page, baseUrl, { language: look.language });
    const users = await apiJson<{ id: string; email: string }[]>(page, '/api/users?status=Active');
    const other = users.find((u) => u.email !== anna);
    for (const [name, path] of SCREENSHOT_PAGES) {
      await page.goto(`${baseUrl}${path}`);
      await settled(page);
      await shoot(page, look.name, name);
    }
    if (other) {
      const label = (key: string) => CATALOGS.web[look.language][key] ?? key;
      await page.goto(`${baseUrl}/user-management/${other.id}`);
      await settled(page);
      // A change first, so the history has something to show.
      const extension = page.locator('[name="phoneExtension"]');
      await extension.fill(String(Date.now() % 1000));
      await page.getByRole('button', { name: label('user-management.save'), exact: true }).click();
      await page.waitForLoadState('networkidle');
      await shoot(page, look.name, 'user-edit-history');
      await page
        .getByRole('button', { name: label('user-management.delete'), exact: true })
        .click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: join(outDir, `${look.name}-user-delete-dialog.png`) });
      console.log(join(outDir, `${look.name}-user-delete-dialog.png`));
    }
    await setOwnSettings(page, baseUrl, { language: 'en' });
    await context.close();
  }
} finally {
  await browser.close();
}
