import type { Page } from 'playwright-core';

/**
 * Calls the API as the signed-in page does (bearer token from local storage), for reading
 * what the page should show or picking test data.
 */
export async function apiJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (target) => {
    const token = window.localStorage.getItem('access_token') ?? '';
    const response = await fetch(target, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(15_000), // an unanswered call fails the test, not its timeout
    });
    if (!response.ok) throw new Error(`${target} answered ${response.status}`);
    return (await response.json()) as T;
  }, path);
}

/** A raw API response (status, headers asked for, body as base64), with the page's token. */
export async function apiFetch(
  page: Page,
  path: string,
  headers: Record<string, string> = {},
  readHeaders: readonly string[] = [],
): Promise<{ status: number; headers: Record<string, string | null>; body: Buffer }> {
  const result = await page.evaluate(
    async ({ target, extra, names }) => {
      const token = window.localStorage.getItem('access_token') ?? '';
      const response = await fetch(target, {
        headers: { Authorization: `Bearer ${token}`, ...extra },
        signal: AbortSignal.timeout(15_000),
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return {
        status: response.status,
        headers: Object.fromEntries(names.map((n) => [n, response.headers.get(n)])),
        base64: btoa(binary),
      };
    },
    { target: path, extra: headers, names: [...readHeaders] },
  );
  return {
    status: result.status,
    headers: result.headers,
    body: Buffer.from(result.base64, 'base64'),
  };
}

/**
 * Sends a request as the signed-in page does (bearer token from local storage, JSON body when
 * given, extra headers on top); resolves with the status and the JSON answer (null if none).
 */
export async function apiSend<T = unknown>(
  page: Page,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: T | null }> {
  return page.evaluate(
    async ({ target, verb, payload, extra }) => {
      const token = window.localStorage.getItem('access_token') ?? '';
      const response = await fetch(target, {
        method: verb,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...extra,
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      const text = await response.text();
      return { status: response.status, json: text === '' ? null : (JSON.parse(text) as T) };
    },
    { target: path, verb: method, payload: body, extra: headers },
  );
}

/** A news item published through the editor's API by the signed-in editor; resolves with its id. */
export async function publishNews(
  page: Page,
  item: { title: string; content: string; introduction?: string; ageMs?: number },
): Promise<number> {
  const { status, json } = await apiSend<{ id: number }>(page, 'POST', '/api/news', {
    title: item.title,
    subtitle: '',
    location: '',
    publicationDate: Date.now() - (item.ageMs ?? 60_000),
    introduction: item.introduction ?? '',
    content: item.content,
    headerImage: null,
    sales: false,
    productIds: [],
    action: 'publish',
  });
  if (status !== 201 || !json) throw new Error(`POST /api/news answered ${status}`);
  return json.id;
}
