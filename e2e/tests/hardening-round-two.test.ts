// Browser tests of issue 23 on the paths where its defects were found: a news body that laid
// an invisible full-page link over the portal (#2), and a support-desk session that outlived
// the portal's sign-out at the same browser (#3).
import { describe, expect, inject, test } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna, erik } from '../support/demo-users.js';
import { emailField, signIn } from '../support/sign-in.js';
import { publishNews } from '../support/api.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

/** A case of anna's account in the demo seed (apps/api/src/seed/support-desk.ts). */
const annaCase = 'CS0001001';

/** The app's own classes, as an attacker would write them into a news body. */
const overlayBody =
  '<p>Quarterly note.</p>' +
  '<p><a class="ui-card__link" href="https://evil.example/">Read more</a></p>' +
  '<div class="app-loading-bar">bar</div><div class="nb-panel">panel</div>';

describe('a news body stays inside its box (issue 23 #2)', () => {
  test("a link with the app's card class in a news body does not take the header's clicks", async () => {
    const { page } = session;
    await signIn(page, baseUrl, erik);
    const title = `Overlay check ${Date.now()}`;
    const id = await publishNews(page, { title, content: overlayBody });

    await page.goto(`${baseUrl}/news/news-item/overlay-check/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const link = page.locator('#main').getByRole('link', { name: 'Read more' });
    await link.waitFor();
    expect(await link.getAttribute('class')).toBeNull();
    expect(await page.locator('#main .app-loading-bar, #main .nb-panel').count()).toBe(0);

    // A click where the header's link is lands on the header's link, not on the news body.
    const settings = page.getByRole('banner').getByRole('link', { name: 'My settings' });
    const box = await settings.boundingBox();
    if (!box) throw new Error('the header has no My settings link on screen');
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('href') ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toBe('/my-settings');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL((url) => url.pathname === '/my-settings');
    await expectNoAxeViolations(page);
  });
});

describe('the support desk ends with the portal (issue 23 #3)', () => {
  test("after signing out, the desk shows the next person at the browser none of anna's cases", async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await page.goto(`${baseUrl}/services/track-cases`);
    const frame = page.frameLocator('iframe.services-frame');
    await frame.getByRole('link', { name: annaCase }).waitFor({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Sign out', exact: true }).click();
    await emailField(page)
      .or(page.getByRole('heading', { name: /signed out/i }))
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });

    // The next person opens the desk's own address at the same browser.
    const response = await page.goto(`${baseUrl}/support-desk/track-cases`);
    expect(response?.status()).toBeGreaterThanOrEqual(400);
    expect(await page.getByText(annaCase).count()).toBe(0);
  });
});
