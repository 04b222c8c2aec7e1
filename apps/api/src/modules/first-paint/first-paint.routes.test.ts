import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { FIRST_PAINT_STATE_PATH } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { firstPaintApp } from '../../../test/first-paint-app.js';
import { bootScriptFile } from '../../../test/temp-dist.js';
import { bearerFor } from '../../../test/tokens.js';
import { ANNA } from '../../../test/demo-emails.js';
import { FIRST_PAINT_COOKIE } from './first-paint-cookie.js';
import { firstPaintDigest } from './first-paint.service.js';

// ADR 0044, 0075: the app hands its token to the server as an HttpOnly cookie for the painted
// addresses, and the server writes the app rendered for the user into the first HTML. The web
// build's real renderer is tested in the browser (e2e/tests/first-paint.test.ts) and in jsdom
// (apps/web); here a stand-in renderer shows what the server hands it, so the server's part is
// tested without a web build.
const STAND_IN = `export async function renderFirstPaint(input) {
  const list = async (address) => {
    const answer = await input.get(address);
    return answer === null ? null : { count: answer.body.length, total: answer.total };
  };
  const seen = input.news
    ? { path: input.path, language: input.language, first: input.news.items[0]?.title,
        total: input.news.total, name: input.profile.firstName, labels: input.labels.length,
        header: input.header.includes('<'), footer: input.footer.includes('<'),
        menuShown: input.header.includes('aria-controls="portico-header-menu">'),
        config: input.config.apiBase }
    : { path: input.path, name: input.profile.firstName,
        header: input.header.includes('<'), endpoints: input.endpoints,
        accounts: await list(input.endpoints.invoices + '/accounts'),
        invoices: await list(input.endpoints.invoices + '?page=1&size=20'),
        products: await list(input.endpoints.api + '/products'),
        elsewhere: await input.get('https://elsewhere.example/api/products') };
  return { html: '<p id="seen">' + JSON.stringify(seen).replace(/</g, '\\\\u003c') + '</p>',
    state: { queries: { seen: input.path }, labels: { language: input.language, list: [] },
      router: { loaderData: {} } } };
}`;

interface Seen {
  path: string;
  language: string;
  first: string;
  total: number;
  name: string;
  labels: number;
  header: boolean;
  footer: boolean;
  menuShown: boolean;
  config: string;
}

function seenIn(html: string): Seen | null {
  const match = /<div id="root"><p id="seen">(.*?)<\/p><\/div>/s.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Seen) : null;
}

describe('the first paint of the news list (ADR 0044, 0075)', () => {
  const { setup, page } = firstPaintApp(STAND_IN);
  let app: FastifyInstance;
  let token: string;
  beforeAll(() => {
    ({ app, token } = setup);
  });
  /** The painted page's data, asked for as its boot script does (with the cookie). */
  const stateOf = (path: string, cookie?: string) =>
    app.inject({
      url: `${FIRST_PAINT_STATE_PATH}?path=${encodeURIComponent(path)}`,
      headers: {
        accept: 'application/json',
        ...(cookie ? { cookie: `${FIRST_PAINT_COOKIE}=${cookie}` } : {}),
      },
    });

  it('PUT sets an HttpOnly cookie for /news with the bearer token, until it expires', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/session/first-paint',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(204);
    // One cookie per painted address (ADR 0057) and one for the painted page's data, each
    // with the same token.
    const cookies = [response.headers['set-cookie']].flat().map(String);
    expect(cookies.map((cookie) => /; Path=([^;]+);/.exec(cookie)?.[1])).toEqual([
      '/news',
      '/invoices',
      '/my-solutions',
      FIRST_PAINT_STATE_PATH,
    ]);
    for (const cookie of cookies) {
      expect(cookie).toContain(`${FIRST_PAINT_COOKIE}=${token};`);
      expect(cookie).toMatch(/; Path=\/[a-z/-]+; Max-Age=3[0-9]{3}; HttpOnly; SameSite=Lax$/);
    }

    const anonymous = await app.inject({ method: 'PUT', url: '/api/session/first-paint' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  it('DELETE takes it back', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/session/first-paint' });
    expect(response.statusCode).toBe(204);
    const cookies = [response.headers['set-cookie']].flat().map(String);
    expect(cookies).toHaveLength(4);
    for (const path of ['/news', '/invoices', '/my-solutions', FIRST_PAINT_STATE_PATH]) {
      expect(cookies).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${FIRST_PAINT_COOKIE}=; Path=${path}; Max-Age=0; HttpOnly`),
        ),
      );
    }
  });

  it("writes the user's first page into /news, never to be stored by a shared cache", async () => {
    const list = await app.inject({
      url: '/api/news?page=1&size=30',
      headers: { authorization: `Bearer ${token}` },
    });
    const response = await page('/news', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers['vary'])).toContain('Cookie');
    expect(seenIn(response.body)).toEqual({
      path: '/news',
      language: 'en',
      first: list.json<{ title: string }[]>()[0]?.title,
      total: Number(list.headers['x-total-count']),
      name: 'Anna',
      labels: expect.any(Number) as number,
      header: true,
      footer: true,
      // As the app shows it on a phone: the Menu button, collapsed (not hidden for scripts).
      menuShown: true,
      // The app renders with the configuration the page carries.
      config: '/api',
    });
    // The digest of the data the app was rendered from; the data itself, for the browser to
    // hydrate the page with, is asked for once the pictures are in (ADR 0075, issue 36).
    const block =
      /<script type="application\/json" id="portico-first-paint-state">(.*?)<\/script>/s.exec(
        response.body,
      )?.[1];
    const { digest } = JSON.parse(block ?? 'null') as { digest: string };
    expect(digest).toMatch(/^[\w-]{43}$/);
    expect(response.body).not.toContain('{"seen":');
    const data = await stateOf('/news', token);
    expect(data.statusCode, data.body).toBe(200);
    expect(data.headers['cache-control']).toBe('private, no-store');
    expect(data.json()).toEqual({
      digest,
      state: {
        queries: { seen: '/news' },
        labels: { language: 'en', list: [] },
        router: { loaderData: {} },
      },
    });
    // The header's icons come with it, outside the app's root.
    expect(response.body).toMatch(
      /<div class="app-icon-sprite" id="portico-painted-sprite" hidden(?:="")? aria-hidden="true"><svg/,
    );
    // The page holds the header and footer once, in the app's markup (ADR 0075): no
    // templates of them beside it.
    expect(response.body).not.toContain('id="portico-shared-header"');
    expect(response.body).not.toContain('id="portico-shared-footer"');
    // The styles and images first: the app's scripts come after the painted page, and the
    // app starts once it is painted (ADR 0057).
    expect(response.body).not.toContain('<script type="module"');
    // The script that starts it is written into the page, after the paint, and the page's
    // policy allows exactly that script by its hash; no other page allows an inline script.
    const boot =
      /<script data-entry="[^"]+" data-preload="[^"]*" data-state-url="([^"]+)" data-state-id="portico-first-paint-state">([\s\S]*?)<\/script>/.exec(
        response.body,
      );
    expect(boot?.[1]).toBe(FIRST_PAINT_STATE_PATH);
    expect(boot?.index).toBeGreaterThan(response.body.indexOf('<p id="seen">'));
    expect(boot?.[2]).toBe(readFileSync(bootScriptFile, 'utf8'));
    const hash = createHash('sha256')
      .update(boot?.[2] ?? '')
      .digest('base64');
    const scriptSources = (policy: unknown) =>
      /(?:^|;)\s*script-src ([^;]*)/.exec(String(policy))?.[1]?.split(' ');
    expect(scriptSources(response.headers['content-security-policy'])).toEqual([
      "'self'",
      `'sha256-${hash}'`,
    ]);
    const notPainted = await app.inject({ url: '/my-settings', headers: { accept: 'text/html' } });
    expect(notPainted.body).toContain('<script type="module"');
    expect(scriptSources(notPainted.headers['content-security-policy'])).toEqual(["'self'"]);
  });

  it('paints a numbered page as that page', async () => {
    const second = await app.inject({
      url: '/api/news?page=2&size=30',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(seenIn((await page('/news/2', token)).body)).toMatchObject({
      path: '/news/2',
      first: second.json<{ title: string }[]>()[0]?.title,
    });
  });

  it('paints nothing without the cookie, for a search, a detail page or a bad token', async () => {
    const plain = await page('/news');
    expect(seenIn(plain.body)).toBeNull();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(seenIn((await page('/news?query=erp', token)).body)).toBeNull();
    expect(seenIn((await page('/news/0', token)).body)).toBeNull();
    expect(seenIn((await page('/news/999999', token)).body)).toBeNull(); // past the last page
    expect(seenIn((await page('/news/news-item/some-title/1', token)).body)).toBeNull();
    expect(seenIn((await page('/news', `${token}x`)).body)).toBeNull();
  });

  it('gives the painted page’s data only to the cookie the page was painted for, only for a painted address', async () => {
    expect((await stateOf('/news/2', token)).json()).toMatchObject({
      state: { queries: { seen: '/news/2' } },
    });
    for (const [path, cookie] of [
      ['/news', undefined],
      ['/news', `${token}x`],
      ['/news/0', token],
      ['/my-settings', token],
      ['/news/news-item/some-title/1', token],
    ] as const) {
      const answer = await stateOf(path, cookie);
      expect(answer.statusCode, `${path} ${cookie === token ? 'with' : 'without'} the cookie`).toBe(
        404,
      );
      expect(answer.json()).toMatchObject({ status: 404 });
    }
    for (const path of ['https://elsewhere.example/news', '/news?query=erp', '']) {
      expect((await stateOf(path, token)).statusCode).toBe(400);
    }
    // The bearer token is no key to it: the cookie, as for the page.
    const bearer = await app.inject({
      url: `${FIRST_PAINT_STATE_PATH}?path=/news`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(404);
  });

  it('the digest is the data’s, whenever it was read', () => {
    const state = (title: string, at: number) => ({
      queries: {
        queries: [{ queryKey: ['news'], state: { data: [{ title }], dataUpdatedAt: at } }],
        mutations: [],
      },
      labels: { language: 'en', list: [] },
      router: { loaderData: {} },
    });
    expect(firstPaintDigest(state('One', 1))).toBe(firstPaintDigest(state('One', 2)));
    expect(firstPaintDigest(state('One', 1))).not.toBe(firstPaintDigest(state('Two', 1)));
  });

  it('paints nothing once the user signed out everywhere, and the cookie is no API credential', async () => {
    const own = await bearerFor(app, ANNA);
    const cookieOnly = await app.inject({
      url: '/api/news',
      headers: { cookie: `${FIRST_PAINT_COOKIE}=${own}` },
    });
    expect(cookieOnly.statusCode).toBe(401);

    expect(seenIn((await page('/news', own)).body)).not.toBeNull();
    const signOut = await app.inject({
      method: 'POST',
      url: '/api/users/me/sign-out-everywhere',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(signOut.statusCode).toBe(204);
    expect(seenIn((await page('/news', own)).body)).toBeNull();
    expect((await stateOf('/news', own)).statusCode).toBe(404);
  });
});

describe('the first paint of /invoices and /my-solutions (issue 25, ADR 0057)', () => {
  const { setup, page } = firstPaintApp(STAND_IN);

  interface PageSeen {
    path: string;
    name: string;
    header: boolean;
    endpoints: { api: string; invoices: string };
    accounts: { count: number; total: number | null } | null;
    invoices: { count: number; total: number | null } | null;
    products: { count: number; total: number | null } | null;
    elsewhere: unknown;
  }
  const pageSeenIn = (html: string) => seenIn(html) as unknown as PageSeen | null;
  const api = async (url: string, token: string) => {
    const answer = await setup.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    return {
      status: answer.statusCode,
      body: answer.json<unknown[]>(),
      total: answer.headers['x-total-count'],
    };
  };

  it("reads the page's calls as /api answers them for the user, and paints the page", async () => {
    const { token } = setup;
    const accounts = await api('/api/invoices/accounts', token);
    const invoices = await api('/api/invoices?page=1&size=20', token);
    const products = await api('/api/products', token);
    expect([accounts.status, invoices.status, products.status]).toEqual([200, 200, 200]);
    for (const path of ['/invoices', '/my-solutions', '/my-solutions/']) {
      const response = await page(path, token);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(pageSeenIn(response.body)).toEqual({
        path,
        name: 'Anna',
        header: true,
        endpoints: { api: '/api', invoices: '/api/invoices' },
        accounts: { count: accounts.body.length, total: null },
        invoices: { count: invoices.body.length, total: Number(invoices.total) },
        products: { count: products.body.length, total: null },
        // Only this server's own paths are read (an endpoint elsewhere is the app's to call).
        elsewhere: null,
      });
    }
  });

  it('answers a call the user may not make as refused (null), exactly as /api would', async () => {
    const nina = await bearerFor(setup.app, 'nina.basic@portico.test');
    expect((await api('/api/invoices/accounts', nina)).status).toBe(403);
    expect(pageSeenIn((await page('/invoices', nina)).body)).toMatchObject({
      name: 'Nina',
      accounts: null,
      invoices: null,
    });
  });

  it('paints nothing without the cookie, with a query string, below the dashboard or with a bad token', async () => {
    const { token } = setup;
    expect(pageSeenIn((await page('/invoices')).body)).toBeNull();
    expect(pageSeenIn((await page('/invoices?status=PAID', token)).body)).toBeNull();
    expect(pageSeenIn((await page('/my-solutions/erp/1/documentation', token)).body)).toBeNull();
    expect(pageSeenIn((await page('/invoices', `${token}x`)).body)).toBeNull();
  });
});

describe('the first paint and the app’s list call (ADR 0043, ADR 0044)', () => {
  const { setup, page } = firstPaintApp(STAND_IN, { READ_CACHE: '1' });

  it('read a page of the list once between them', async () => {
    const query = vi.spyOn(setup.testDb.db, 'query');
    try {
      const document = await page('/news/3', setup.token);
      expect(seenIn(document.body)).toMatchObject({ path: '/news/3' });
      const list = await setup.app.inject({
        url: '/api/news?page=3&size=30',
        headers: { authorization: `Bearer ${setup.token}` },
      });
      expect(list.statusCode).toBe(200);
      expect(seenIn(document.body)?.first).toBe(list.json<{ title: string }[]>()[0]?.title);
      const listReads = query.mock.calls.filter(([sql]) => /\bselect t\.total\b/.test(sql));
      expect(listReads).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });
});
