// Browser test of news publishing (issue 12): erik (a vendor employee) writes an item in the
// editor with the rich-text body and an uploaded header image and publishes it; anna reads it
// in /news with its image, and no script from the body ever runs or reaches her page. anna
// gets neither the editor link nor the editor. axe runs on every page visited (light and dark).
// The §8 error path (issue 27): a 400, 408 and 500 stubbed on the editor's calls shows the §8
// text (a 400 the API's message), with a retry where a page's data failed.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna, erik } from '../support/demo-users.js';
import { signIn } from '../support/sign-in.js';
import { openApp } from '../support/app.js';
import { STUB_EXPECTED, STUB_STATUSES, stubApiError } from '../support/error-stub.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

const editorLink = (page: Page) =>
  page.getByRole('link', { name: 'Write and publish news (news editor)' });

/** Sets window.__xss when anything of it runs; the reader's page must never have it. */
const scriptText = '<script>window.__xss = "typed"</script>';
const pastedHtml =
  '<p>Pasted paragraph.</p><img src="x" onerror="window.__xss = \'img\'">' +
  '<script>window.__xss = "pasted"</script><a href="javascript:window.__xss=\'link\'">bad link</a>' +
  '<p style="position:fixed;inset:0">styled</p>';

/** Pastes HTML into the focused editor as a browser paste from another page would. */
async function pasteHtml(page: Page, html: string): Promise<void> {
  await page.evaluate((content) => {
    const data = new DataTransfer();
    data.setData('text/html', content);
    data.setData('text/plain', content.replace(/<[^>]*>/g, ''));
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

describe('news publishing', () => {
  test('erik writes, illustrates and publishes an item; anna reads it safely', async () => {
    const { page, browser } = session;
    const title = `Portico platform update ${Date.now()}`;

    await signIn(page, baseUrl, erik);
    await openApp(page, `${baseUrl}/news`);
    await editorLink(page).click();
    await page.getByRole('heading', { name: 'News editor' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Write a news item' }).click();
    await page.getByRole('heading', { name: 'New news item' }).waitFor();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page
      .getByRole('textbox', { name: 'Subtitle', exact: true })
      .fill('Faster, safer, simpler');
    await page.getByRole('textbox', { name: 'Location', exact: true }).fill('Oslo');
    await page
      .getByRole('textbox', { name: 'Introduction', exact: true })
      .fill('What the spring release brings.');

    // The rich-text body: a heading, bold text, a list, typed script and pasted HTML.
    const body = page.getByRole('textbox', { name: 'Body', exact: true });
    await body.click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type('Highlights');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type('Bold news');
    await toolbar.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type(' and plain words.');
    await page.keyboard.press('Enter');
    await page.keyboard.type(scriptText);
    await page.keyboard.press('Enter');
    await pasteHtml(page, pastedHtml);
    await expect.poll(() => body.innerText()).toContain('Pasted paragraph.');
    expect(await body.locator('h2').innerText()).toBe('Highlights');
    // Nothing pasted ran in the editor either (the Content-Security-Policy allows no inline
    // handler), and the editor kept no image, script, handler or style of it.
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBe(
      undefined,
    );
    expect(await body.locator('img, script, [onerror], [style]').count()).toBe(0);
    expect(await body.locator('strong').innerText()).toBe('Bold news');

    // A file that is not an image: the server's 400 under the field.
    const imageInput = page.getByLabel('Header image');
    await imageInput.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture'),
    });
    await page.getByText(/The file is not an image/).waitFor();

    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 11, g: 92, b: 173 } },
    })
      .png()
      .toBuffer();
    await imageInput.setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Header image preview' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(
      /^\/media\/news-images\/[0-9a-f]{32}-medium\.webp$/,
    );
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Status: Published').waitFor();
    await page.waitForURL(/\/news\/editor\/\d+$/);
    const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(id).toBeGreaterThan(0);

    // anna, in her own browser context.
    const annaContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const reader = await annaContext.newPage();
      const errors: string[] = [];
      reader.on('pageerror', (error) => errors.push(error.message));
      await signIn(reader, baseUrl, anna);
      await openApp(reader, `${baseUrl}/news`);
      const card = reader.getByRole('article').filter({ hasText: title });
      await card.waitFor();
      expect(await editorLink(reader).count()).toBe(0);
      const cardImage = card.locator('img');
      expect(await cardImage.getAttribute('src')).toMatch(/-medium\.webp$/);
      // Loaded (from the variant the browser picked out of srcset), not the default logo.
      await expect
        .poll(() =>
          cardImage.evaluate((img) => {
            const image = img as HTMLImageElement;
            return image.complete && image.naturalWidth > 0 ? image.currentSrc : '';
          }),
        )
        .toMatch(/\/media\/news-images\/[0-9a-f]{32}-(small|medium|large)\.webp$/);
      await expectNoAxeViolations(reader);

      await card.getByRole('link').first().click();
      await reader.getByRole('heading', { name: title, level: 1 }).waitFor();
      const main = reader.locator('#main');
      await main.getByText('Bold news').waitFor();
      expect(await main.locator('strong', { hasText: 'Bold news' }).count()).toBe(1);
      await main.getByText('Pasted paragraph.').waitFor();
      // The typed script is text at most; the pasted one, its handler and its link are gone.
      expect(await main.locator('script, [onerror], [style], a[href^="javascript"]').count()).toBe(
        0,
      );
      expect(await main.getByText('bad link').count()).toBeLessThanOrEqual(1);
      expect(await reader.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBe(
        undefined,
      );
      const headerImage = main.locator('img[src*="/media/news-images/"]').first();
      await headerImage.waitFor();
      await expectNoAxeViolations(reader);

      // The editor is not anna's: no-access page at its address, list and item alike.
      for (const path of ['/news/editor', `/news/editor/${id}`]) {
        await reader.goto(`${baseUrl}${path}`);
        await reader.getByRole('heading', { name: 'No access to the news editor' }).waitFor();
        expect(await reader.getByRole('textbox', { name: 'Title', exact: true }).count()).toBe(0);
      }
      await expectNoAxeViolations(reader);
      expect(await reader.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBe(
        undefined,
      );
      expect(errors).toEqual([]);
    } finally {
      await annaContext.close();
    }
  }, 240_000);

  test('a failed list, product list or save shows the §8 text; the pages retry', async () => {
    const { page } = session;
    await signIn(page, baseUrl, erik);
    const pageLoads = [
      { path: '/api/news/editor', open: '/news/editor', ready: 'News editor' },
      { path: '/api/news/editor/products', open: '/news/editor/new', ready: 'New news item' },
    ] as const;
    for (const call of pageLoads) {
      for (const status of STUB_STATUSES) {
        const release = await stubApiError(page, 'GET', call.path, status);
        await openApp(page, `${baseUrl}${call.open}`);
        const alert = page.getByRole('alert').filter({ hasText: STUB_EXPECTED[status] });
        await alert.waitFor({ timeout: 15_000 });
        if (status === 500 && call.path === '/api/news/editor') await expectNoAxeViolations(page);
        await release();
        await alert.getByRole('button', { name: 'Try again' }).click();
        await alert.waitFor({ state: 'detached' });
        await page.getByRole('heading', { level: 1, name: call.ready }).waitFor();
      }
    }

    // Saving a new item: the same texts in the form's banner, and every word kept.
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await title.fill('Never saved');
    await page.getByRole('textbox', { name: 'Body', exact: true }).fill('Words to keep.');
    for (const status of STUB_STATUSES) {
      const release = await stubApiError(page, 'POST', '/api/news', status);
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByRole('alert').filter({ hasText: STUB_EXPECTED[status] }).waitFor();
      await release();
    }
    expect(await title.inputValue()).toBe('Never saved');
    expect(await page.getByText('Draft saved.').count()).toBe(0);
  }, 120_000);
});
