import type { Page } from 'playwright-core';

/**
 * Calls the API as the signed-in page does (bearer token from local storage), for reading
 * what the page should show or picking test data.
 */
export async function apiJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (target) => {
    const token = window.localStorage.getItem('access_token') ?? '';
    const response = await fetch(target, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${target} answered ${response.status}`);
    return (await response.json()) as T;
  }, path);
}
