// Issue 16 at the jsdom level (issue 26, ADR 0046): every listed route in each of the nine
// languages, with the labels the server serves for that language (the catalogues of
// packages/locales): the document's language, no English label left over, no fallback
// notice; the German news date and the Polish plural forms of the search counts. What only a
// browser can see (text overflowing its box, axe, the Support4U frames' own pages, the
// sign-in page) stays in e2e/tests/languages.test.ts, for German and the pseudo-locale.
import type { CloudInstance, UserProfile } from '@portico/contracts';
import { SUPPORTED_LANGUAGES, type Language } from '@portico/locales';
import { CATALOGS, catalogFor } from '@portico/locales/catalogs';
import { englishLeftoverPatterns, leftovers, ownTexts } from '@portico/locales/leftovers';
import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { newsItems, newsServer } from '../../test/news-test-server.js';
import { searchServer, type SearchAnswers } from '../../test/search-test-server.js';
import { setupTestServer } from '../../test/msw.js';
import { resetPageAroundEach } from '../../test/page-lifecycle.js';
import {
  catalogueProducts,
  demoProfile,
  renderSignedIn,
  shellHandlers,
  url,
  type renderApp,
} from '../../test/app-test-harness.js';
import { listedUser, managementContext, ownSettings } from '../../test/account-fixtures.js';
import { cloudEnvironment, cloudInstance } from '../../test/cloud-fixtures.js';

// Nine languages × the listed routes, rendered by the whole app on a shared two-core machine.
vi.setConfig({ testTimeout: 120_000 });

/** anna of the demo data: every permission the listed routes need. */
const anna: UserProfile = {
  ...demoProfile,
  permissions: ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW', 'USERMANAGEMENT', 'DOCEBO', 'INVOICES'],
};

const NEWS = newsItems(5);
const FIRST_NEWS = NEWS[0];
if (!FIRST_NEWS) throw new Error('No news item');

/** Counts on the cards that take every Polish plural form (1; 22, 104; 5, 12). */
const SEARCH_ANSWERS: SearchAnswers = {
  productDocumentation: 4,
  productSoftwareDownloads: 0,
  productNews: 1,
  community: 12,
  news: 7,
  casesCount: 1,
  serviceCatalogCount: 22,
  knowledgeArticlesCount: 5,
  university: 104,
};

const MANAGEMENT = managementContext({
  parentAccountName: 'Northwind Group Holding',
  licencesUsed: 2,
});
const USERS = [0, 1].map(listedUser);

const INSTANCES: CloudInstance[] = [
  cloudInstance({
    status: 'DEGRADED',
    environments: [cloudEnvironment({ lastRefreshAt: '2026-11-01T10:00:00Z' })],
  }),
];

const PRODUCTS = [
  { id: 'p-erp', productName: 'ERP', slug: 'erp', contentId: 'c-erp', connected: true },
  { id: 'p-erpx', productName: 'ERPx', slug: 'erpx', contentId: 'c-erpx', connected: false },
];

/** Names that are data, not labels (product and instance names, people, news titles). */
const DATA = new Set([
  ...catalogueProducts.map((p) => p.productName),
  ...PRODUCTS.map((p) => p.productName),
  ...NEWS.flatMap((n) => [n.title, n.subtitle ?? '', n.introduction ?? '', n.location ?? '']),
  'Northwind ERP',
]);

const server = setupTestServer();

/** The server as anna in `language` sees it: the labels are that language's catalogue. */
function serve(language: Language): void {
  server.use(
    ...shellHandlers({
      // The server renders header and footer in the language: the API's own test of every
      // language (apps/api/src/lib/i18n/every-language.test.ts) checks those.
      header: '<div class="site-header"></div>',
      footer: '<div class="site-footer"></div>',
      profile: { ...anna, language },
      labels: Object.entries(catalogFor('web', language)).map(([key, value]) => ({ key, value })),
    }),
    ...newsServer(NEWS).handlers,
    ...searchServer({ answers: SEARCH_ANSWERS }).handlers,
    http.get(url('/api/support/frame-token'), () =>
      HttpResponse.json({ token: 'tok', expiresIn: 600 }),
    ),
    http.get(url('/api/users/management'), () => HttpResponse.json(MANAGEMENT)),
    http.get(url('/api/users'), () =>
      HttpResponse.json(USERS, { headers: { 'X-Total-Count': String(USERS.length) } }),
    ),
    http.get(url('/api/users/me/settings'), () =>
      HttpResponse.json(ownSettings({ language }), { headers: { ETag: '"v3"' } }),
    ),
    http.get(url('/api/users/countries-and-languages'), () => HttpResponse.json({})),
    http.get(url('/api/content/labels/timezones'), () =>
      HttpResponse.json([{ key: 'Europe/Oslo', value: 'Europe/Oslo' }]),
    ),
    http.get(url('/api/products'), () => HttpResponse.json(PRODUCTS)),
    http.get(url('/api/products/highlights'), () => HttpResponse.json([])),
    http.get(url('/api/cloud/instances'), () => HttpResponse.json(INSTANCES)),
  );
}

resetPageAroundEach();

const label = (language: Language, key: string): string => {
  const text = CATALOGS.web[language][key];
  if (text === undefined) throw new Error(`No label ${key} in ${language}`);
  return text;
};

/**
 * The routes issue 16 lists, each with what shows once its data is there (so English
 * defaults still waiting for the labels or the data cannot pass for a finished page).
 */
const LISTED_ROUTES: readonly { route: string; ready: () => Promise<unknown> }[] = [
  { route: '/news', ready: () => screen.findAllByRole('article') },
  {
    route: `/news/news-item/news-story-1/${FIRST_NEWS.id}`,
    ready: () => screen.findByRole('heading', { level: 1, name: FIRST_NEWS.title }),
  },
  { route: '/search?query=invoice', ready: () => screen.findAllByText(/\b104\b/) },
  {
    route: '/services/incident',
    ready: () => waitFor(() => expect(document.querySelector('main iframe')).not.toBeNull()),
  },
  { route: '/university', ready: () => screen.findByRole('heading', { level: 1 }) },
  { route: '/user-management', ready: () => screen.findByText('Last0, First0') },
  { route: '/my-settings', ready: () => screen.findByDisplayValue('Anna') },
  { route: '/my-solutions', ready: () => screen.findAllByText('ERP') },
  { route: '/cloud', ready: () => screen.findAllByText('Northwind ERP') },
];

/**
 * Every text a person sees or hears in the document, whitespace collapsed: text nodes outside
 * hidden subtrees, and the spoken attributes (as the browser test's collector, without CSS:
 * jsdom has no layout, so visually hidden text counts as shown, which is stricter).
 */
function documentTexts(): string[] {
  const hidden = (el: Element): boolean =>
    el.closest('[hidden], dialog:not([open]), template, script, style, noscript') !== null;
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (parent && !hidden(parent) && /[A-Za-z]/.test(text)) texts.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
    if (hidden(el)) continue;
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = (el.getAttribute(name) ?? '').replace(/\s+/g, ' ').trim();
      if (/[A-Za-z]/.test(value)) texts.push(value);
    }
  }
  texts.push(document.title);
  return texts;
}

async function visit(
  app: ReturnType<typeof renderApp>,
  route: string,
  ready: () => Promise<unknown>,
) {
  await act(() => app.router.navigate(route));
  await ready();
  // A page's own requests (counts, frames) settle after its first data.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

const FALLBACK_NOTICE = label('en', 'labels.fallback.notice');

/**
 * The axe rules a language can break (ADR 0046): a control, link, frame or image whose
 * translated name came out empty, the document's title and language. The browser test runs
 * every rule (contrast and layout included) for German and the pseudo-locale; jsdom has no
 * layout, so the rules that need one stay there.
 */
const NAME_RULES = [
  'button-name',
  'link-name',
  'label',
  'select-name',
  'input-button-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-command-name',
  'frame-title',
  'image-alt',
  'document-title',
  'html-has-lang',
  'valid-lang',
  'empty-heading',
];

async function nameViolations(route: string): Promise<string[]> {
  const result = await axe.run(document, {
    runOnly: { type: 'rule', values: NAME_RULES },
    // The frames' own pages are the browser test's (jsdom loads no frame document).
    iframes: false,
  });
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${route}: ${violation.id} ${node.target.join(' ')}`),
  );
}

describe('the portal in nine languages (jsdom)', () => {
  it.each(SUPPORTED_LANGUAGES)(
    '%s: the listed routes are in the language, with no English left over',
    async (language) => {
      serve(language);
      const app = await renderSignedIn('/news');
      const patterns = englishLeftoverPatterns(language);
      const own = new Set([...ownTexts(language), ...DATA]);
      const problems: string[] = [];
      const unnamed: string[] = [];
      for (const { route, ready } of LISTED_ROUTES) {
        await visit(app, route, ready);
        expect(document.documentElement.lang, route).toBe(language);
        // The page is really in the language: the news heading reads as the catalogue says.
        if (route === '/news') {
          expect(
            within(screen.getByRole('main')).getByRole('heading', { level: 1 }),
          ).toHaveTextContent(label(language, 'news.title'));
        }
        if (language !== 'en') {
          for (const hit of leftovers(documentTexts(), patterns, own)) {
            problems.push(`${route}: ${hit}`);
          }
        }
        // The English-only notice belongs to a failed labels call, never to a served language.
        expect(screen.queryByText(FALLBACK_NOTICE), route).toBeNull();
        unnamed.push(...(await nameViolations(route)));
      }
      expect(problems, `English left over in ${language}`).toEqual([]);
      expect(unnamed, `axe in ${language}`).toEqual([]);
    },
  );

  it('the German news date reads like 9. Juli 2026', async () => {
    serve('de');
    await renderSignedIn('/news');
    await screen.findAllByRole('article');
    const dates = [...document.querySelectorAll('main time')].map((t) => t.textContent);
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) {
      expect(date).toMatch(
        /^\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/,
      );
    }
    expect(dates[0]).toBe('5. März 2026');
  });

  it('Polish result counts take the right plural forms', async () => {
    serve('pl');
    await renderSignedIn('/search?query=invoice');
    await screen.findAllByText(/\b104\b/);
    const counts = within(screen.getByRole('main'))
      .getAllByText(/\d+\+? wynik/)
      .map((el) => el.textContent);
    // Every plural form of "wynik" is on the page: 1 wynik, 2 wyniki, 5 wyników, 12 wyników…
    const forms = new Set<string>();
    for (const text of counts) {
      const n = Number(/(\d+)/.exec(text)?.[1]);
      const form = /wynik(ów|i|u)?\b/.exec(text)?.[0];
      const mod10 = n % 10;
      const mod100 = n % 100;
      const expected =
        text.includes('+') || !/^\d+ wynik/.test(text.trim())
          ? form
          : n === 1
            ? 'wynik'
            : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
              ? 'wyniki'
              : 'wyników';
      expect(form, text).toBe(expected);
      if (form) forms.add(form);
    }
    expect([...forms].sort()).toEqual(['wynik', 'wyniki', 'wyników']);
  });
});
