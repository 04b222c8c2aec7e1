// Browser test of the server's first paint (issue 11 "fast first load", issue 25, ADR 0044,
// 0057, 0075): after sign-in the server knows the user by an HttpOnly cookie and writes the
// app itself, rendered for that user with its own routes and components, into the first HTML.
// The page shows without any script; React then hydrates that very markup (no copy, no swap);
// sign-out takes the cookie back.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConsoleMessage, Page } from 'playwright-core';
import { CATALOGS } from '@portico/locales/catalogs';
import { describe, expect, inject, test } from 'vitest';
import { apiJson } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna } from '../support/demo-users.js';
import { openApp } from '../support/app.js';
import { emailField, signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
type Recorded = { shifts: { at: number; value: number }[] };

/**
 * Records, from the first byte of every page the tab loads, its layout shifts (once per
 * document, however often this is added) and the first element matching `selector` that the
 * server wrote (the page's own node, to be found again once the app runs).
 */
async function recordPaint(page: Page, selector: string): Promise<void> {
  await page.addInitScript((painted: string) => {
    const w = window as unknown as {
      __recorded?: Recorded;
      __painted?: Record<string, Element>;
    };
    const found: Record<string, Element> = (w.__painted ??= {});
    new MutationObserver((_, observer) => {
      // Only a node of the HTML as it arrives (the parser's): none the app adds later.
      if (document.readyState !== 'loading') observer.disconnect();
      const node = document.querySelector(painted);
      if (!node || document.readyState !== 'loading') return;
      found[painted] = node;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
    if (w.__recorded) return;
    const recorded: Recorded = { shifts: [] };
    w.__recorded = recorded;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput)
          recorded.shifts.push({ at: shift.startTime, value: shift.value });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, selector);
}

/** The layout shifts so far, summed. */
const shiftsOf = (page: Page): Promise<number> =>
  page.evaluate(() =>
    ((window as unknown as { __recorded?: Recorded }).__recorded?.shifts ?? []).reduce(
      (sum, shift) => sum + shift.value,
      0,
    ),
  );

/**
 * Whether the node the server wrote for `selector` is still in the page and is React's own
 * now: hydrated, not replaced by a render of the app's own.
 */
const paintedNodeHydrated = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate((painted) => {
    const node = (window as unknown as { __painted?: Record<string, Element> }).__painted?.[
      painted
    ];
    return (
      node !== undefined &&
      node.isConnected &&
      Object.keys(node).some((key) => key.startsWith('__reactFiber$'))
    );
  }, selector);

/** What React and the app say when the markup and the app's render differ. */
function hydrationComplaints(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (/differed from the app|hydrat|#418|#423|#425/i.test(text)) said.push(text);
  });
  return said;
}

const session = useBrowser();

const newsGrid = (page: Page) => page.getByRole('list', { name: 'News items' });
const cookieNamed = async (page: Page, name: string) =>
  (await page.context().cookies(`${baseUrl}/news`)).find((cookie) => cookie.name === name);

/** anna signed in afresh (another file may sign her out everywhere), the server's cookie set. */
async function signInWithFirstPaint(page: Page): Promise<void> {
  await signIn(page, baseUrl, anna);
  await expect
    .poll(() => cookieNamed(page, 'portico-first-paint'), { timeout: 10_000 })
    .toBeDefined();
}

describe('the first paint of /news', () => {
  test("shows anna's news list without a script, then the app hydrates that very list", async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await expect
      .poll(() => cookieNamed(page, 'portico-first-paint'), { timeout: 10_000 })
      .toMatchObject({
        httpOnly: true,
        path: '/news',
        sameSite: 'Lax',
      });
    const newest = (await apiJson<{ title: string }[]>(page, '/api/news?page=1&size=30'))[0];
    expect(newest).toBeDefined();

    // No script at all: what shows is the app as the server rendered it, in anna's words.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${baseUrl}/news`);
    await newsGrid(page).waitFor({ state: 'visible' });
    expect(await page.locator('#root h1').innerText()).toBe('News');
    expect(await newsGrid(page).getByRole('article').first().innerText()).toContain(
      newest?.title ?? '',
    );
    expect(await page.locator('#root header').innerText()).toContain('Anna');
    await expectNoAxeViolations(page);

    // With its scripts React takes that markup over: the first card is the server's node.
    await page.unroute('**/*.js');
    await recordPaint(page, '#root .news-card');
    const complaints = hydrationComplaints(page);
    const spriteAsked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/sprite.svg')) spriteAsked.push(request.url());
    });
    await page.goto(`${baseUrl}/news`);
    await expect
      .poll(() => paintedNodeHydrated(page, '#root .news-card'), { timeout: 15_000 })
      .toBe(true);
    expect(await newsGrid(page).count()).toBe(1);
    expect(await newsGrid(page).getByRole('article').first().innerText()).toContain(
      newest?.title ?? '',
    );
    // The app runs: the bell came in after hydration, and the page is the app's to use (the
    // date filter, a popover where the browser has the API and a plain panel on the server).
    await page.getByRole('button', { name: 'Notifications' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: /^Date/ }).click();
    await page.getByRole('button', { name: 'Last month' }).waitFor({ state: 'visible' });
    expect(complaints).toEqual([]);
    // The icons came with the page: the app asks for no sprite of its own.
    expect(spriteAsked).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('the first screen’s pictures come before any of the app’s code (issue 36)', async () => {
    const { page } = session;
    await signInWithFirstPaint(page);
    // The first card's picture is slow to come; the app's scripts are asked for after it.
    const HELD_MS = 1200;
    let pictureDone = -1;
    const scriptAsked: number[] = [];
    await page.route('**/media/news/**', async (route) => {
      await new Promise((done) => setTimeout(done, HELD_MS));
      // A picture still held when the test ends is no longer the page's.
      await route.continue().catch(() => undefined);
    });
    page.on('requestfinished', (request) => {
      if (request.url().includes('/media/news/') && pictureDone < 0) pictureDone = Date.now();
    });
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && !request.url().endsWith('/boot-after-paint.js'))
        scriptAsked.push(Date.now());
    });
    try {
      // The app runs once its code has come, after the pictures.
      await openApp(page, `${baseUrl}/news`);
    } finally {
      await page.unroute('**/media/news/**');
    }
    expect(pictureDone).toBeGreaterThan(0);
    expect(scriptAsked.length).toBeGreaterThan(0);
    expect(Math.min(...scriptAsked)).toBeGreaterThanOrEqual(pictureDone);
    await expectNoAxeViolations(page);
  });

  test('the painted page starts the app with a script written into it, which its policy allows by hash, and asks for two style sheets (ADR 0077)', async () => {
    const { page } = session;
    await signInWithFirstPaint(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    const response = await page.goto(`${baseUrl}/news`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset['app']))
      .toBe('running');
    // No request for the script: it came with the page, and the app ran under the policy.
    expect(asked).not.toContain('/boot-after-paint.js');
    expect(violations).toEqual([]);
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    const scriptSources = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    const body = (await response?.text()) ?? '';
    const inline = /<script data-entry="[^"]+" data-preload="[^"]*"[^>]*>([\s\S]*?)<\/script>/.exec(
      body,
    )?.[1];
    expect(inline).toContain('modulepreload');
    // Two style sheets, the start one and the page's: the list's shared parts ride in the
    // start one, so the first screen's pictures need not wait for connections (issue 36).
    expect(body.match(/<link rel="stylesheet"[^>]*>/g)?.length).toBe(2);
    expect(scriptSources).toEqual([
      "'self'",
      `'sha256-${createHash('sha256')
        .update(inline ?? '')
        .digest('base64')}'`,
    ]);
    await expectNoAxeViolations(page);
  });

  test('the server paints with React’s production build, whatever NODE_ENV it runs under', async () => {
    // The browser tests' servers run under NODE_ENV=test; the built server and its renderer
    // carry no development build of React (its warnings, its checks: twice the time a page).
    const built = [
      ...(await readdir(join(repoRoot, 'apps/api/dist'))).map((f) => join('apps/api/dist', f)),
      'apps/web/dist-ssr/first-paint.js',
      ...(await readdir(join(repoRoot, 'apps/web/dist-ssr/assets'))).map((f) =>
        join('apps/web/dist-ssr/assets', f),
      ),
    ].filter((file) => file.endsWith('.js'));
    expect(built.length).toBeGreaterThan(3);
    const development: string[] = [];
    for (const file of built) {
      const text = await readFile(join(repoRoot, file), 'utf8');
      // A development build inside, or React imported from node_modules, where NODE_ENV
      // would pick the build.
      const imported = /^\s*import\b[^;\n]*\bfrom\s*["']react(?:-dom)?(?:\/[^"']*)?["']/m;
      if (/validateProperty\(/.test(text) || imported.test(text)) {
        development.push(file);
      }
    }
    expect(development).toEqual([]);
  });

  test('the painted page holds its data’s digest, the data comes after, with only the labels that differ from the app’s English (issue 36)', async () => {
    const { page } = session;
    await signInWithFirstPaint(page);
    const res = await page.request.get(`${baseUrl}/news`, { headers: { accept: 'text/html' } });
    const block =
      /<script type="application\/json" id="portico-first-paint-state">(.*?)<\/script>/s.exec(
        await res.text(),
      )?.[1];
    const painted = JSON.parse(block ?? '{}') as { digest?: string };
    expect(painted.digest).toMatch(/^[\w-]{43}$/);
    // The data, as the page's boot script asks for it (the first paint's cookie, no token).
    const answer = await page.request.get(`${baseUrl}/api/session/first-paint/state?path=/news`);
    expect(answer.status()).toBe(200);
    const { digest, state } = (await answer.json()) as {
      digest: string;
      state: { labels: { language: string; list: { key: string; value: string }[] } };
    };
    expect(digest).toBe(painted.digest);
    const { labels } = state;
    expect(labels.language).toBe('en');
    // The app has every English default in its code: the page brings only what the portal
    // says otherwise (a handful of §-texts), not the 600 labels of every other page.
    const english = CATALOGS.web.en;
    expect(labels.list.filter(({ key, value }) => english[key] === value)).toEqual([]);
    expect(labels.list.length).toBeLessThan(20);

    // Data that changed between the paint and the ask (another digest) is not hydrated into
    // markup made from other data: the app renders the page anew, and says nothing is wrong.
    await page.route('**/api/session/first-paint/state?*', async (route) => {
      const fresh = await route.fetch();
      const body = (await fresh.json()) as { digest: string };
      await route.fulfill({ response: fresh, json: { ...body, digest: `${body.digest}x` } });
    });
    await recordPaint(page, '#root .news-card');
    const complaints = hydrationComplaints(page);
    try {
      await page.goto(`${baseUrl}/news`);
      await page.getByRole('button', { name: 'Notifications' }).waitFor({ state: 'visible' });
      await newsGrid(page).getByRole('article').first().waitFor({ state: 'visible' });
      // The server's card was there, and is not React's: the app rendered its own.
      const recorded = await page.evaluate(
        () => (window as unknown as { __painted?: Record<string, Element> }).__painted,
      );
      expect(Object.keys(recorded ?? {})).toEqual(['#root .news-card']);
      expect(await paintedNodeHydrated(page, '#root .news-card')).toBe(false);
      expect(await newsGrid(page).count()).toBe(1);
      expect(complaints).toEqual([]);
    } finally {
      await page.unroute('**/api/session/first-paint/state?*');
    }
  });

  test('React 19 hydrates the painted page, and hydrating moves nothing (issue 25)', async () => {
    const { page } = session;
    await signInWithFirstPaint(page);
    await recordPaint(page, '#root .news-card');
    const complaints = hydrationComplaints(page);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url());
    });
    // A phone (the header folds its menu and search there) with a slow CPU: the app's effects
    // then run frames after hydration, so whatever moves when the app takes over shows.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 412, height: 915 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await page.goto(`${baseUrl}/news`);
      await expect
        .poll(() => paintedNodeHydrated(page, '#root .news-card'), { timeout: 20_000 })
        .toBe(true);
      await page.waitForTimeout(1000);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      if (viewport) await page.setViewportSize(viewport);
    }
    const startUp = [...scripts];
    // React 19's hydrateRoot marks its container; Preact's compat layer does not.
    const reactRoot = await page.evaluate(() => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
    });
    expect(reactRoot).toBe(true);
    expect(complaints).toEqual([]);
    // The takeover of a copy used to move the page by 1.0, then by 0.017 (the signed-out
    // header), then, on a phone, by 0.31 (a frame with the header's menu unfolded). Hydrating
    // the painted markup moves nothing; what is left is the page's own settling (≤ 0.002).
    expect(await shiftsOf(page)).toBeLessThanOrEqual(0.005);
    // The shipped scripts are React 19's own (Preact's compat layer reports React 18.3.1).
    const bodies = await Promise.all(
      scripts.map((address) => fetch(address).then((response) => response.text())),
    );
    expect(bodies.some((body) => /reconcilerVersion:\s*[`'"]19\./.test(body))).toBe(true);
    expect(bodies.filter((body) => /preact/i.test(body))).toEqual([]);
    // React Router's production build (its package exports name only the development one):
    // this message is printed by the development build alone.
    expect(bodies.some((body) => body.includes('useNavigate() may be used only'))).toBe(true);
    expect(
      bodies.filter((body) => body.includes('Error handled by React Router default ErrorBoundary')),
    ).toEqual([]);
    // zod is off the start-up path (ADR 0047): the start-up answers were checked by the
    // server, and are checked again here only once a call that needs zod at once has brought
    // it, so the news list alone never fetches it (issue 25: ≤ 150 KB in the first 5 s).
    const isZod = (body: string) => body.includes('ZodError');
    const startUpBodies = bodies.filter((_, index) => startUp.includes(scripts[index] ?? ''));
    expect(startUpBodies.length).toBeGreaterThan(3);
    expect(startUpBodies.filter(isZod)).toEqual([]);
    const zodFetched = () => scripts.some((address) => new URL(address).pathname.includes('/zod-'));
    await page.waitForTimeout(2500); // the page settles (1 s without a request) and then some
    expect(zodFetched()).toBe(false);
    // A news item's answer is checked at once: zod comes with it.
    await page.locator('#root .news-card a').first().click();
    await page.locator('#root h1').first().waitFor();
    await expect.poll(zodFetched, { timeout: 15_000 }).toBe(true);
  });

  test('/invoices and the My Solutions dashboard are painted by the server too, and hydrating moves nothing (ADR 0057, 0075)', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await expect
      .poll(
        async () =>
          (await page.context().cookies(`${baseUrl}/invoices`)).find(
            (cookie) => cookie.name === 'portico-first-paint' && cookie.path === '/invoices',
          ),
        { timeout: 10_000 },
      )
      .toBeDefined();
    const complaints = hydrationComplaints(page);
    const invoices = await apiJson<{ number: string }[]>(page, '/api/invoices?page=1&size=20');
    const pages = [
      {
        path: '/invoices',
        heading: 'Invoices',
        own: '#root .invoices__intro',
        item: invoices[0]?.number ?? '',
        // Its calls may go to another origin (ADR 0050): checked with zod at once.
        zodFree: false,
      },
      {
        path: '/my-solutions',
        heading: 'Welcome, Anna',
        own: '#root .my-solutions__tile',
        item: '',
        // Its product list is this API's, checked by the server: zod stays off its start-up
        // (about 55 ms of a slow phone's main thread, issue 25).
        zodFree: true,
      },
    ];
    for (const { path, heading, own, item, zodFree } of pages) {
      // No script: the app as the server rendered it, in anna's words, with her data.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(`${baseUrl}${path}`);
      await page.locator(own).first().waitFor({ state: 'visible' });
      expect(await page.locator('#root h1').first().innerText()).toContain(heading);
      expect(await page.locator('#root main').innerText()).toContain(item);
      await expectNoAxeViolations(page);
      // With its scripts React hydrates the very nodes, and nothing on the page moves.
      await page.unroute('**/*.js');
      await recordPaint(page, own);
      await page.goto(`${baseUrl}${path}`);
      await expect.poll(() => paintedNodeHydrated(page, own), { timeout: 15_000 }).toBe(true);
      await page.waitForTimeout(500);
      // Shown once parsed whole: painted while still arriving, /invoices' filters widened as
      // their date filter came in (0.007, one run in three).
      expect(await shiftsOf(page)).toBeLessThanOrEqual(0.005);
      if (zodFree) {
        await page.waitForTimeout(2000); // the page settles (1 s without a request) and then some
        const zodFetched = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => new URL(entry.name).pathname.includes('/zod-')),
        );
        expect(zodFetched).toBe(false);
      }
    }
    expect(complaints).toEqual([]);
  });

  test('a saved search of the session is not hidden behind the plain list', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    const newest = (await apiJson<{ title: string }[]>(page, '/api/news?page=1&size=1'))[0];
    const word = newest?.title.split(/\s+/).find((w) => /^\p{L}{4,}$/u.test(w)) ?? 'news';
    await page.goto(`${baseUrl}/news?query=${encodeURIComponent(word)}`);
    await page.locator('#root .news-card').first().waitFor({ state: 'visible' });
    // Back to the plain address: the app restores the saved query and renders its results
    // itself, rather than hydrating the server's plain list (and never shows a mismatch).
    const complaints = hydrationComplaints(page);
    await page.goto(`${baseUrl}/news`);
    await page.locator('#root .news-card').first().waitFor({ state: 'visible' });
    await expect
      .poll(() => page.getByRole('searchbox', { name: 'Search news' }).inputValue())
      .toBe(word);
    expect(complaints).toEqual([]);
  });

  test('signing out takes the cookie back', async () => {
    const { page } = session;
    await signInWithFirstPaint(page);
    await page.getByRole('link', { name: 'Sign out', exact: true }).click();
    // The provider session ends too: let its pages settle before looking (and before the
    // browser context closes in the middle of its redirects).
    await emailField(page)
      .or(page.getByRole('heading', { name: /signed out/i }))
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    await expect
      .poll(() => cookieNamed(page, 'portico-first-paint'), { timeout: 10_000 })
      .toBeUndefined();
  });
});
