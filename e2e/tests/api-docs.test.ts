// Browser tests of the API reference (issue 11 "OpenAPI"; docs/decisions/0018): /api/docs in
// Chromium against the built server, under the app's own Content-Security-Policy, with axe
// on every state it visits; and a signed-in user's token used from the page.
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna } from '../support/demo-users.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

/** Opens the reference and waits until Swagger UI has drawn the operations. */
async function openDocs(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/api/docs`);
  await page.locator('.opblock').first().waitFor({ state: 'visible' });
}

/** An operation's block: Swagger UI's id is `operations-<tag>-<operationId>` (ADR 0048). */
const operation = (page: Page, id: string) => page.locator(`#operations-${id}`);

describe('API reference at /api/docs', () => {
  test('shows every documented operation, without a sign-in and within the CSP', async () => {
    const { page } = session;
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const { reportCspViolation } = window as unknown as {
          reportCspViolation: (text: string) => void;
        };
        reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    await openDocs(page);
    const response = await page.request.get(`${baseUrl}/api/openapi.json`);
    expect(response.status()).toBe(200);
    const spec = (await response.json()) as OpenApiDocument;
    const operations = Object.values(spec.paths).flatMap((item) => Object.keys(item));
    expect(operations.length).toBeGreaterThanOrEqual(18);
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations.length);
    await expect(page.title()).resolves.toBe('Portico API reference');
    await expectNoAxeViolations(page);

    // One operation opened: its parameters and responses come from the zod contracts.
    await operation(page, 'news-listNews').locator('.opblock-summary-control').click();
    const news = operation(page, 'news-listNews');
    await news.locator('tr[data-param-name="startDate"]').waitFor({ state: 'visible' });
    await news.locator('.response[data-code="400"]').waitFor({ state: 'visible' });
    await expectNoAxeViolations(page);

    expect(violations).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  test("calls the API with a signed-in user's bearer token from Authorize", async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
    expect(token).toBeTruthy();

    await openDocs(page);
    await page.locator('button.authorize').first().click();
    const dialog = page.locator('.dialog-ux .modal-ux'); // Swagger UI's dialog has no role
    await dialog.waitFor({ state: 'visible' });
    // The whole page is checked by the test above; here what this one opens (axe over
    // Swagger UI's page of every operation takes seconds a run).
    // Less one control of Swagger UI's own markup, which the portal cannot change: its
    // "Authorize" submit button names itself "Apply credentials" (WCAG 2.5.3, label in name).
    await expectNoAxeViolations(page, {
      include: ['.dialog-ux'],
      exclude: ['.dialog-ux button.modal-btn.authorize'],
    });
    await dialog.locator('input').fill(token ?? '');
    await dialog.locator('button.modal-btn.authorize').click();
    await dialog.locator('button.btn-done').click();
    await dialog.waitFor({ state: 'hidden' });

    const me = operation(page, 'users-getMyProfile');
    await me.locator('.opblock-summary-control').click();
    await me.getByRole('button', { name: 'Try it out' }).click();
    await me.getByRole('button', { name: 'Execute' }).click();
    const live = me.locator('.live-responses-table');
    await live.waitFor({ state: 'visible' });
    await expect
      .poll(() => live.locator('tbody .response-col_status').first().innerText())
      .toBe('200');
    await expect(
      live.locator('tbody .response-col_description').first().innerText(),
    ).resolves.toContain(anna);
    // Less Swagger UI's own "Copy path to clipboard" button, which it shows on the hovered
    // operation as it animates in from 0 px wide (target size, WCAG 2.5.8): not our markup.
    await expectNoAxeViolations(page, { exclude: ['.opblock-summary .copy-to-clipboard'] });
  });
});
