// Issue 12: set the signed-in user's own settings through the API (PUT /api/users/me with
// If-Match), e.g. to restore a shared demo user at the end of a test.
import type { Browser, Page } from 'playwright-core';
import { signIn } from './sign-in.js';
import { apiFetch, apiJson, apiSend } from './api.js';

export async function setOwnSettings(
  page: Page,
  baseUrl: string,
  changes: Record<string, string>,
): Promise<void> {
  const current = await apiFetch(page, `${baseUrl}/api/users/me/settings`, {}, ['etag']);
  const { status } = await apiSend(page, 'PUT', `${baseUrl}/api/users/me`, changes, {
    'If-Match': current.headers['etag'] ?? '',
  });
  if (status !== 200) throw new Error(`PUT /api/users/me answered ${status}`);
}

/** One of the signed-in user's own settings as the API holds it (GET /api/users/me/settings). */
export async function ownSetting(page: Page, baseUrl: string, name: string): Promise<unknown> {
  const settings = await apiJson<Record<string, unknown>>(page, `${baseUrl}/api/users/me/settings`);
  return settings[name];
}

/** Sets the caller's e-mail subscriptions (POST /api/subscriptions). */
export async function setOwnSubscriptions(
  page: Page,
  baseUrl: string,
  subscriptions: { topic: string; productId: string | null; frequency: string }[],
): Promise<void> {
  const { status } = await apiSend(page, 'POST', `${baseUrl}/api/subscriptions`, {
    subscriptions,
  });
  if (status !== 200) throw new Error(`POST /api/subscriptions answered ${status}`);
}

/**
 * Signs `email`'s user in on a page of its own and sets their language back to English: whatever a
 * test in another language did, the other tests and files find the shared demo user as seeded.
 */
export async function speakEnglishAgain(
  browser: Browser,
  baseUrl: string,
  email: string,
): Promise<void> {
  const page = await browser.newPage();
  try {
    await signIn(page, baseUrl, email);
    await setOwnSettings(page, baseUrl, { language: 'en' });
  } finally {
    await page.close();
  }
}
