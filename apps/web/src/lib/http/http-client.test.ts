import { act, renderHook } from '@testing-library/react';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { z } from 'zod';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeState } from '../auth/state.js';
import { resetIdentityRefusal } from '../auth/identity-refusal.js';
import { ACCESS_TOKEN_KEY, ID_TOKEN_KEY } from '../auth/tokens.js';
import { useNotificationStore } from '../notifications/notification-store.js';
import { createFakeProvider, type FakeProvider } from '../../../test/fake-oidc-provider.js';
import { setupTestServer } from '../../../test/msw.js';
import { captureRedirects, lastRedirect, releaseLoginLock } from '../../../test/sign-in.js';
import { TEST_ISSUER, TEST_ORIGIN, installTestConfig } from '../../../test/test-config.js';
import { filenameFromContentDisposition } from './content-disposition.js';
import {
  httpDownload,
  httpGet,
  httpGetData,
  httpGetWithTotal,
  httpSend,
  httpText,
  NO_CONTENT,
  REQUEST_TIMEOUT_MS,
} from './http-client.js';
import { deferredSchema, resetDeferredChecks, SETTLED_AFTER_MS } from './deferred-schema.js';
import { HttpError } from './http-error.js';
import { usePendingRequests, usePendingRequestStore } from './pending-requests.js';

const server = setupTestServer();
let provider: FakeProvider;
const itemSchema = z.object({ id: z.number(), name: z.string() });

/** Records the Authorization header every request arrived with. */
const seen: { url: string; authorization: string | null }[] = [];

beforeAll(async () => {
  provider = await createFakeProvider(TEST_ISSUER, 'portico-spa');
  server.resetHandlers(...provider.handlers);
  server.events.on('request:start', ({ request }) => {
    seen.push({ url: request.url, authorization: request.headers.get('Authorization') });
  });
});

beforeEach(() => {
  installTestConfig();
  seen.length = 0;
  useNotificationStore.getState().clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  releaseLoginLock();
  vi.restoreAllMocks();
  window.history.replaceState({}, '', '/');
});

const ok = (url: string, body: JsonBodyType = { id: 1, name: 'one' }) =>
  http.get(url, () => HttpResponse.json(body));

describe('bearer token (§6 last line, §7 request handling 1)', () => {
  const authorizationFor = (url: string) =>
    seen.find((s) => s.url === new URL(url, TEST_ORIGIN).href)?.authorization;

  it('is sent to addresses that contain the API marker', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'the-token');
    server.use(ok(`${TEST_ORIGIN}/api/news/1`), ok(`${TEST_ORIGIN}/api/content/labels/cpplabels`));
    await httpGet('/api/news/1', itemSchema);
    await httpGet('/api/content/labels/cpplabels', itemSchema);
    expect(authorizationFor('/api/news/1')).toBe('Bearer the-token');
    expect(authorizationFor('/api/content/labels/cpplabels')).toBe('Bearer the-token');
  });

  it('is never sent to the shared header, footer, sprite, support frames or other origins', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'the-token');
    server.use(
      http.get(`${TEST_ORIGIN}/shared/:file`, () => HttpResponse.text('<nav></nav>')),
      http.get(`${TEST_ORIGIN}/support-desk/api/cases`, () => HttpResponse.text('<p></p>')),
      http.get('https://other.example/api/news', () => HttpResponse.json({ id: 1, name: 'x' })),
      http.get(`${TEST_ORIGIN}/news-feed`, () => HttpResponse.json({ id: 1, name: 'x' })),
    );
    await httpText('/shared/header');
    await httpText('/shared/footer');
    await httpText('/shared/sprite.svg', { query: { v: 'hash' } });
    await httpText('/support-desk/api/cases');
    await httpGet('https://other.example/api/news', itemSchema);
    await httpGet('/news-feed', itemSchema, { query: { next: '/api/' } });
    const requests = seen.filter((s) => !s.url.startsWith(TEST_ISSUER));
    expect(requests).toHaveLength(6);
    for (const request of requests) expect(request.authorization, request.url).toBeNull();
  });

  it('is not sent when no token is held', async () => {
    server.use(ok(`${TEST_ORIGIN}/api/news/1`));
    await httpGet('/api/news/1', itemSchema);
    expect(authorizationFor('/api/news/1')).toBeNull();
  });

  it('follows the configured marker', async () => {
    installTestConfig({ apiMarker: '/backend/', apiBase: '/backend' });
    localStorage.setItem(ACCESS_TOKEN_KEY, 'the-token');
    server.use(ok(`${TEST_ORIGIN}/backend/x`), ok(`${TEST_ORIGIN}/api/x`));
    await httpGet('/backend/x', itemSchema);
    await httpGet('/api/x', itemSchema);
    expect(authorizationFor('/backend/x')).toBe('Bearer the-token');
    expect(authorizationFor('/api/x')).toBeNull();
  });
});

describe('requests and responses', () => {
  it('drops empty query values and keeps the rest', async () => {
    server.use(ok(`${TEST_ORIGIN}/api/news`, []));
    await httpGet('/api/news', z.array(itemSchema), {
      query: {
        page: 1,
        size: 30,
        query: '',
        fromDateTime: undefined,
        toDateTime: null,
        sales: false,
      },
    });
    expect(seen.at(-1)?.url).toBe(`${TEST_ORIGIN}/api/news?page=1&size=30&sales=false`);
  });

  it('returns the data validated by the schema', async () => {
    server.use(ok(`${TEST_ORIGIN}/api/item`, { id: 7, name: 'seven', extra: true }));
    await expect(httpGet('/api/item', itemSchema)).resolves.toEqual({ id: 7, name: 'seven' });
  });

  it('treats a schema mismatch as a 500-class error: logged, catalogue, null', async () => {
    server.use(ok(`${TEST_ORIGIN}/api/item`, { id: 'seven' }));
    await expect(httpGet('/api/item', itemSchema)).resolves.toBeNull();
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('/api/item does not match its schema'),
      expect.anything(),
    );
    expect(useNotificationStore.getState().notification?.type).toBe('error');
    await expect(httpGet('/api/item', itemSchema, { handleErrors: false })).rejects.toMatchObject({
      status: 500,
      reason: 'invalid-response',
    });
  });

  describe('a deferred schema (start-up answers, ADR 0047)', () => {
    const itemLater = deferredSchema('object', () => Promise.resolve(itemSchema));

    beforeEach(() => resetDeferredChecks());

    it('uses the answer at once, fetches no checker for it, and reports a mismatch once a call brought the checker and the page settled', async () => {
      const load = vi.fn(() => Promise.resolve(itemSchema));
      const itemChecked = deferredSchema('object', load);
      server.use(ok(`${TEST_ORIGIN}/api/item`, { id: 'seven', name: 'seven' }));
      await expect(httpGet('/api/item', itemChecked)).resolves.toEqual({
        id: 'seven',
        name: 'seven',
      });
      // Issue 25: the server checked it; zod is not fetched for this check alone.
      await new Promise((resolve) => setTimeout(resolve, SETTLED_AFTER_MS + 200));
      expect(load).not.toHaveBeenCalled();
      expect(useNotificationStore.getState().notification).toBeNull();

      // A call that checks its answer at once has zod at hand: the waiting check runs.
      server.use(ok(`${TEST_ORIGIN}/api/other`, { id: 8, name: 'eight' }));
      await httpGet('/api/other', itemSchema);
      const settledAt = Date.now();
      await vi.waitFor(
        () => expect(useNotificationStore.getState().notification?.type).toBe('error'),
        { timeout: SETTLED_AFTER_MS + 3000 },
      );
      expect(Date.now() - settledAt).toBeGreaterThanOrEqual(SETTLED_AFTER_MS - 50);
      expect(load).toHaveBeenCalledTimes(1);
      expect(console.error).toHaveBeenCalledWith(
        expect.stringContaining('/api/item does not match its schema'),
        expect.arrayContaining([expect.objectContaining({ path: ['id'] })]),
      );
    });

    it('stays quiet for an answer that matches', async () => {
      server.use(ok(`${TEST_ORIGIN}/api/item`, { id: 7, name: 'seven' }));
      await expect(httpGet('/api/item', itemLater)).resolves.toEqual({ id: 7, name: 'seven' });
      await httpGet('/api/item', itemSchema); // brings the checker
      await new Promise((resolve) => setTimeout(resolve, SETTLED_AFTER_MS + 200));
      expect(useNotificationStore.getState().notification).toBeNull();
      expect(console.error).not.toHaveBeenCalled();
    });

    it('refuses an answer of the wrong kind before it is used', async () => {
      server.use(ok(`${TEST_ORIGIN}/api/item`, [{ id: 7, name: 'seven' }]));
      await expect(httpGet('/api/item', itemLater, { handleErrors: false })).rejects.toMatchObject({
        status: 500,
        reason: 'invalid-response',
      });
    });
  });

  it('reads X-Total-Count with the list', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/news`, () =>
        HttpResponse.json([{ id: 1, name: 'a' }], { headers: { 'X-Total-Count': '123' } }),
      ),
    );
    await expect(httpGetWithTotal('/api/news', z.array(itemSchema))).resolves.toEqual({
      data: [{ id: 1, name: 'a' }],
      total: 123,
    });
  });

  it('counts the list when X-Total-Count is missing', async () => {
    server.use(
      ok(`${TEST_ORIGIN}/api/news`, [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]),
    );
    const result = await httpGetWithTotal('/api/news', z.array(itemSchema));
    expect(result?.total).toBe(2);
  });

  it('tells 204 No Content apart from a handled error when asked to', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/success-manager`, () => new HttpResponse(null, { status: 204 })),
      http.get(`${TEST_ORIGIN}/api/broken`, () => HttpResponse.json({}, { status: 500 })),
    );
    await expect(
      httpGet('/api/success-manager', itemSchema, { allowNoContent: true }),
    ).resolves.toBe(NO_CONTENT);
    await expect(httpGet('/api/broken', itemSchema, { allowNoContent: true })).resolves.toBeNull();
  });

  it('validates a 204 as null otherwise (allowed only where the schema accepts null)', async () => {
    server.use(http.get(`${TEST_ORIGIN}/api/empty`, () => new HttpResponse(null, { status: 204 })));
    await expect(
      httpGet('/api/empty', itemSchema.nullable(), { handleErrors: false }),
    ).resolves.toBeNull();
    await expect(httpGet('/api/empty', itemSchema, { handleErrors: false })).rejects.toMatchObject({
      reason: 'invalid-response',
    });
  });

  it('sends JSON bodies', async () => {
    let received: unknown;
    let contentType: string | null = null;
    server.use(
      http.post(`${TEST_ORIGIN}/api/subscriptions`, async ({ request }) => {
        received = await request.json();
        contentType = request.headers.get('Content-Type');
        return HttpResponse.json({ id: 3, name: 'saved' }, { status: 201 });
      }),
    );
    await expect(
      httpSend('POST', '/api/subscriptions', { topics: ['news'] }, itemSchema),
    ).resolves.toEqual({ id: 3, name: 'saved' });
    expect(received).toEqual({ topics: ['news'] });
    expect(contentType).toBe('application/json');
  });

  it('gives text resources as text', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/shared/header`, () => HttpResponse.text('<header>x</header>')),
    );
    await expect(httpText('/shared/header')).resolves.toBe('<header>x</header>');
  });

  it('throws HttpError with status and body when errors are not handled', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/missing`, () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'no' }, { status: 404 }),
      ),
    );
    const error = await httpGet('/api/missing', itemSchema, { handleErrors: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, body: { message: 'no' } });
    expect(useNotificationStore.getState().notification).toBeNull();
  });

  it("gives a page's data, or throws every failure for the page's error state (httpGetData)", async () => {
    server.use(
      ok(`${TEST_ORIGIN}/api/item`, { id: 7, name: 'seven' }),
      ok(`${TEST_ORIGIN}/api/wrong`, { id: 'seven' }),
      http.get(`${TEST_ORIGIN}/api/broken`, () => new HttpResponse(null, { status: 500 })),
    );
    await expect(httpGetData('/api/item', itemSchema)).resolves.toEqual({ id: 7, name: 'seven' });
    await expect(httpGetData('/api/wrong', itemSchema)).rejects.toMatchObject({
      status: 500,
      reason: 'invalid-response',
    });
    await expect(httpGetData('/api/broken', itemSchema)).rejects.toMatchObject({ status: 500 });
    // Not the §8 notification: the page shows the failure itself, with a retry.
    expect(useNotificationStore.getState().notification).toBeNull();
  });
});

describe('file downloads (§7 cases download: the file needs the bearer token)', () => {
  const csv = 'number,title\r\nCS1,"a, b"\r\n';

  it('fetches the file with the bearer token and the name from Content-Disposition', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'the-token');
    server.use(
      http.get(`${TEST_ORIGIN}/api/support/cases/download`, () =>
        HttpResponse.text(csv, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="cases.csv"',
          },
        }),
      ),
    );
    const file = await httpDownload('/api/support/cases/download');
    expect(file?.filename).toBe('cases.csv');
    expect(file?.blob.type).toMatch(/^text\/csv/);
    expect(await file?.blob.text()).toBe(csv);
    expect(seen.at(-1)?.authorization).toBe('Bearer the-token');
  });

  it('gives no name when the server suggests none', async () => {
    server.use(http.get(`${TEST_ORIGIN}/api/file`, () => HttpResponse.text('x')));
    await expect(httpDownload('/api/file')).resolves.toMatchObject({ filename: null });
  });

  it('handles errors with the §8 catalogue and resolves null', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/support/cases/download`, () =>
        HttpResponse.json({ message: 'Forbidden' }, { status: 403 }),
      ),
    );
    await expect(httpDownload('/api/support/cases/download')).resolves.toBeNull();
    expect(useNotificationStore.getState().notification).toMatchObject({
      type: 'error',
      content:
        'Something went wrong. Please send an email to support@portico.test if the situation persists.',
    });
  });

  it.each([
    ['attachment; filename="cases.csv"', 'cases.csv'],
    ['attachment; filename=cases.csv', 'cases.csv'],
    ['attachment;filename="a \\"quoted\\" name.csv"', 'a "quoted" name.csv'],
    [
      `attachment; filename="plain.csv"; filename*=UTF-8''k%C3%A4rnan%20cases.csv`,
      'kärnan cases.csv',
    ],
    ['ATTACHMENT; FILENAME="upper.csv"', 'upper.csv'],
    ['attachment; filename="../../etc/passwd"', '....etcpasswd'],
    ['attachment', null],
    ['attachment; filename=""', null],
    [null, null],
  ])('reads the file name of %j as %j', (header, name) => {
    expect(filenameFromContentDisposition(header)).toBe(name);
  });
});

describe('time-out (§9: 20 000 ms)', () => {
  it('gives up after the time-out: 408 text, resolves null', async () => {
    const realTimeout = AbortSignal.timeout.bind(AbortSignal);
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => realTimeout(30));
    server.use(
      http.get(`${TEST_ORIGIN}/api/slow`, async () => {
        await delay(2_000);
        return HttpResponse.json({ id: 1, name: 'late' });
      }),
    );
    await expect(httpGet('/api/slow', itemSchema)).resolves.toBeNull();
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    expect(useNotificationStore.getState().notification?.content).toBe(
      'Request has timed out. Please try again later.',
    );
  });

  it('passes a caller cancellation through without a notification', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/slow`, async () => {
        await delay(2_000);
        return HttpResponse.json({ id: 1, name: 'late' });
      }),
    );
    const controller = new AbortController();
    const pending = httpGet('/api/slow', itemSchema, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(useNotificationStore.getState().notification).toBeNull();
  });
});

describe('401 (§7 request handling 2)', () => {
  beforeEach(() => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/users/me`, () =>
        HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'x' },
          { status: 401 },
        ),
      ),
    );
  });

  it('navigates to login with returnUrl = current path + encoded query, then completes empty', async () => {
    window.history.replaceState({}, '', '/news?page=2&query=cloud%20erp');
    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired');
    const redirects = captureRedirects();

    await expect(httpGet('/api/users/me', itemSchema)).resolves.toBeNull();
    await vi.waitFor(() => expect(redirects).toHaveBeenCalledTimes(1));

    const target = lastRedirect(redirects);
    expect(`${target.origin}${target.pathname}`).toBe(`${TEST_ISSUER}/auth`);
    expect(decodeState(target.searchParams.get('state'))).toBe('/news?page=2&query=cloud%20erp');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(useNotificationStore.getState().notification).toMatchObject({
      type: 'information',
      content: 'Your session has expired. Redirecting to login...',
    });
  });

  it('re-raises the 401 when the caller handles errors itself', async () => {
    window.history.replaceState({}, '', '/search?query=a%26b&productId=3');
    const redirects = captureRedirects();
    await expect(
      httpGet('/api/users/me', itemSchema, { handleErrors: false }),
    ).rejects.toMatchObject({
      status: 401,
    });
    await vi.waitFor(() => expect(redirects).toHaveBeenCalledTimes(1));
    expect(decodeState(lastRedirect(redirects).searchParams.get('state'))).toBe(
      '/search?query=a%26b&productId=3',
    );
  });

  it('starts a single login for several 401 answers at once', async () => {
    const redirects = captureRedirects();
    await Promise.all([
      httpGet('/api/users/me', itemSchema),
      httpGet('/api/users/me', itemSchema),
      httpGet('/api/users/me', itemSchema),
    ]);
    await vi.waitFor(() => expect(redirects).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(redirects).toHaveBeenCalledTimes(1);
  });
});

describe('403 identity_not_linked (ADR 0029: the external identity has no Portico user)', () => {
  beforeEach(() => {
    resetIdentityRefusal();
    server.use(
      http.get(`${TEST_ORIGIN}/api/users/me`, () =>
        HttpResponse.json(
          { statusCode: 403, error: 'Forbidden', code: 'identity_not_linked', message: 'x' },
          { status: 403 },
        ),
      ),
      http.get(`${TEST_ORIGIN}/api/forbidden`, () =>
        HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'x' }, { status: 403 }),
      ),
    );
  });

  it('opens the refusal page once, not sign-in; keeps the id token for sign-out; no notification', async () => {
    window.history.replaceState({}, '', '/news');
    localStorage.setItem(ACCESS_TOKEN_KEY, 'valid-but-unknown');
    localStorage.setItem(ID_TOKEN_KEY, 'id-token');
    const redirects = captureRedirects();
    const results = await Promise.all([
      httpGet('/api/users/me', itemSchema),
      httpGet('/api/users/me', itemSchema),
    ]);
    expect(results).toEqual([null, null]);
    expect(redirects.mock.calls).toEqual([['/account-unknown']]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ID_TOKEN_KEY)).toBe('id-token');
    expect(useNotificationStore.getState().notification).toBeNull();
    await expect(
      httpGet('/api/users/me', itemSchema, { handleErrors: false }),
    ).rejects.toMatchObject({ status: 403, reason: 'identity-refused' });
  });

  it('starts no sign-in for a 401 that comes after the refusal (the token is gone on purpose)', async () => {
    window.history.replaceState({}, '', '/news');
    localStorage.setItem(ACCESS_TOKEN_KEY, 'valid-but-unknown');
    server.use(
      http.get(`${TEST_ORIGIN}/api/later`, () =>
        HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'x' },
          { status: 401 },
        ),
      ),
    );
    const redirects = captureRedirects();
    await expect(httpGet('/api/users/me', itemSchema)).resolves.toBeNull();
    // Sent after the refusal removed the token, as a slow page's later requests are.
    await expect(httpGet('/api/later', itemSchema)).resolves.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(redirects.mock.calls).toEqual([['/account-unknown']]);
    expect(useNotificationStore.getState().notification).toBeNull();
  });

  it('leaves any other 403 to the §8 catalogue', async () => {
    const redirects = captureRedirects();
    await expect(httpGet('/api/forbidden', itemSchema)).resolves.toBeNull();
    expect(redirects).not.toHaveBeenCalled();
    expect(useNotificationStore.getState().notification).toMatchObject({ type: 'error' });
  });
});

describe('loading indicator (§4: on while any request is pending)', () => {
  it('is on while a request is pending and off when all have settled', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${TEST_ORIGIN}/api/slow`, async () => {
        await gate;
        return HttpResponse.json({ id: 1, name: 'x' });
      }),
      http.get(`${TEST_ORIGIN}/api/fail`, () => HttpResponse.json({}, { status: 500 })),
    );
    const { result } = renderHook(() => usePendingRequests());
    expect(result.current).toBe(false);

    let slow: Promise<unknown> = Promise.resolve();
    act(() => {
      slow = httpGet('/api/slow', itemSchema);
    });
    expect(result.current).toBe(true);
    await act(() => httpGet('/api/fail', itemSchema));
    expect(result.current).toBe(true);
    await act(async () => {
      release();
      await slow;
    });
    expect(result.current).toBe(false);
    expect(usePendingRequestStore.getState().count).toBe(0);
  });
});
