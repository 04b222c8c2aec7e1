// Issue 12: set the signed-in user's own settings through the API (PUT /api/users/me with
// If-Match), e.g. to restore a shared demo user at the end of a test.
import type { Page } from 'playwright-core';

export async function setOwnSettings(
  page: Page,
  baseUrl: string,
  changes: Record<string, string>,
): Promise<void> {
  const status = await page.evaluate(
    async ({ base, body }) => {
      const token = window.localStorage.getItem('access_token') ?? '';
      const auth = { Authorization: `Bearer ${token}` };
      const current = await fetch(`${base}/api/users/me/settings`, { headers: auth });
      const etag = current.headers.get('etag') ?? '';
      const saved = await fetch(`${base}/api/users/me`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/json', 'If-Match': etag },
        body: JSON.stringify(body),
      });
      return saved.status;
    },
    { base: baseUrl, body: changes },
  );
  if (status !== 200) throw new Error(`PUT /api/users/me answered ${status}`);
}

/** One of the signed-in user's own settings as the API holds it (GET /api/users/me/settings). */
export async function ownSetting(page: Page, baseUrl: string, name: string): Promise<unknown> {
  return page.evaluate(
    async ({ base, field }) => {
      const token = window.localStorage.getItem('access_token') ?? '';
      const answer = await fetch(`${base}/api/users/me/settings`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as Record<string, unknown>)[field];
    },
    { base: baseUrl, field: name },
  );
}

/** Sets the caller's e-mail subscriptions (POST /api/subscriptions). */
export async function setOwnSubscriptions(
  page: Page,
  baseUrl: string,
  subscriptions: { topic: string; productId: string | null; frequency: string }[],
): Promise<void> {
  const status = await page.evaluate(
    async ({ base, body }) => {
      const token = window.localStorage.getItem('access_token') ?? '';
      const saved = await fetch(`${base}/api/subscriptions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ subscriptions: body }),
      });
      return saved.status;
    },
    { base: baseUrl, body: subscriptions },
  );
  if (status !== 200) throw new Error(`POST /api/subscriptions answered ${status}`);
}
