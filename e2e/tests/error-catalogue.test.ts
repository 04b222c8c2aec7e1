// Browser test of the one §8 error path (issue 27): a 400, 408 and 500 stubbed on each call of
// user management and My settings shows the §8 text (a 400 the API's message); a page whose
// data failed shows it with a retry that loads the page. One sign-in (anna) for the file; axe
// runs on the error state.
import { describe, expect, inject, test } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna } from '../support/demo-users.js';
import { signIn } from '../support/sign-in.js';
import { STUB_EXPECTED, STUB_STATUSES, stubApiError } from '../support/error-stub.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

const pageLoads = [
  { path: '/api/users/management', open: '/user-management', ready: 'User management', level: 1 },
  { path: '/api/users', open: '/user-management', ready: 'User management', level: 1 },
  { path: '/api/users/me/settings', open: '/my-settings', ready: 'My profile', level: 2 },
  {
    path: '/api/subscriptions',
    open: '/my-settings/subscriptions',
    ready: 'E-mail subscriptions',
    level: 2,
  },
] as const;

describe('§8 error catalogue in user management and My settings', () => {
  test('a failed page load shows the §8 text with a retry; a failed save shows the §8 text', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);

    for (const call of pageLoads) {
      for (const status of STUB_STATUSES) {
        const release = await stubApiError(page, 'GET', call.path, status);
        await page.goto(`${baseUrl}${call.open}`);
        const alert = page.getByRole('alert').filter({ hasText: STUB_EXPECTED[status] });
        await alert.waitFor({ timeout: 15_000 });
        if (call.path === '/api/users/management' && status === 500) {
          await expectNoAxeViolations(page);
        }
        await release();
        await alert.getByRole('button', { name: 'Try again' }).click();
        await alert.waitFor({ state: 'detached' });
        await page.getByRole('heading', { level: call.level, name: call.ready }).waitFor();
      }
    }

    // Saving the subscriptions: the same texts in the form, and no "saved" message.
    await page.goto(`${baseUrl}/my-settings/subscriptions`);
    const save = page.getByRole('button', { name: 'Save subscriptions' });
    for (const status of STUB_STATUSES) {
      const release = await stubApiError(page, 'POST', '/api/subscriptions', status);
      await save.click();
      await page.getByRole('alert').filter({ hasText: STUB_EXPECTED[status] }).first().waitFor();
      await release();
    }
    expect(await page.getByText('Your subscriptions are saved.').count()).toBe(0);
  });
});
