// Browser test of issue 39: on every route of the app, signed in, at a desktop and a phone
// width and in both themes, the centre of each visible header control (links, search, menu,
// bell) belongs to that control, and a card's link covers its own card and nothing outside.
// On /my-solutions every tile's stretched link used to cover the whole page, so every click
// opened the Financials documentation. The server's first paint of the pages that draw cards
// is held to the same check. A route added to the app must be added here (a type error else).
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { routePaths, type RoutePathName } from '../../apps/web/src/config/paths.js';
import { apiJson } from '../support/api.js';
import { openApp } from '../support/app.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna, erik } from '../support/demo-users.js';
import { checkHitTargets } from '../support/hit-targets.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

/** What the test needs to open a route: ids of anna's demo data, read through the API. */
interface DemoIds {
  newsItem: string;
  product: string;
  userId: string;
  caseNo: string;
}

interface Visit {
  /** The address to open. */
  url: (ids: DemoIds) => string;
  /** Who opens it (anna unless the route is an employee's). */
  as?: 'erik';
  /** The page draws cards with stretched links (at least one must be checked). */
  cards?: true;
}

/**
 * Every route of the app (apps/web/src/config/paths.ts): how to open it, or why it is no page
 * of the app to click around in. Record<RoutePathName, …> makes a new route a type error here.
 */
const routes: Record<RoutePathName, Visit | string> = {
  root: 'redirects to /news',
  home: 'redirects to /news',
  login: 'the sign-in round trip, not an app page',
  stateRedirect: 'the sign-in callback, not an app page',
  logout: 'signs out',
  news: { url: () => '/news', cards: true },
  newsPage: { url: () => '/news/2', cards: true },
  newsItem: { url: (ids) => ids.newsItem },
  newsEditor: { url: () => '/news/editor', as: 'erik' },
  newsEditorItem: { url: () => '/news/editor/new', as: 'erik' },
  search: { url: () => '/search?query=cloud', cards: true },
  mySolutions: { url: () => '/my-solutions', cards: true },
  mySolutionsAny: { url: (ids) => ids.product },
  cloud: { url: () => '/cloud' },
  cloudAny: 'its pages are the four below',
  cloudMaintenance: { url: () => '/cloud/maintenance' },
  cloudReleaseSchedules: { url: () => '/cloud/release-schedules' },
  cloudNotifications: { url: () => '/cloud/notifications' },
  cloudReports: { url: () => '/cloud/reports' },
  invoices: { url: () => '/invoices' },
  services: { url: () => '/services' },
  servicesIncident: { url: () => '/services/incident' },
  servicesServiceRequest: { url: () => '/services/service-request' },
  servicesTrackCases: { url: () => '/services/track-cases' },
  servicesTrackCase: { url: (ids) => `/services/track-case/${ids.caseNo}` },
  servicesPortals: { url: () => '/services/portals' },
  servicesContacts: { url: () => '/services/contacts' },
  userManagement: { url: () => '/user-management' },
  userManagementAny: { url: () => '/user-management/new' },
  userManagementUser: { url: (ids) => `/user-management/${ids.userId}` },
  mySettings: { url: () => '/my-settings' },
  mySettingsSubscriptions: { url: () => '/my-settings/subscriptions' },
  downloadReportEngine: { url: () => '/download-report-engine' },
  university: { url: () => '/university' },
  resources: 'a hand-off to another platform',
  salesPartners: 'a hand-off to another platform',
  marketplace: 'a hand-off to another platform',
  billingPlatform: 'a hand-off to another platform',
  csm: 'a hand-off to another platform',
  identityRefused: 'shown only to an external identity without a Portico user',
  notFound: 'leaves the app for the community site',
};

// Both widths and both themes, each theme once: a theme changes colours, not where a control
// lies (the suite's time, ADR 0073).
const looks = [
  { name: 'desktop, light', width: 1280, height: 900, colorScheme: 'light' },
  { name: 'phone, dark', width: 390, height: 844, colorScheme: 'dark' },
] as const;

async function demoIds(page: Page): Promise<DemoIds> {
  const [news, products, me] = await Promise.all([
    apiJson<{ id: number; title: string }[]>(page, '/api/news?page=1&size=1'),
    apiJson<{ slug: string; contentId: string; connected: boolean }[]>(page, '/api/products'),
    apiJson<{ id: string }>(page, '/api/users/me'),
  ]);
  const item = news[0];
  const product = products.find((p) => p.connected);
  if (!item || !product) throw new Error('the demo seed has no news item or product of anna');
  return {
    newsItem: `/news/news-item/item/${item.id}`,
    product: `/my-solutions/${product.slug}/${product.contentId}/software`,
    userId: me.id,
    // A case of anna's account in the demo seed (apps/api/src/seed/support-desk.ts).
    caseNo: 'CS0001001',
  };
}

/**
 * Opens a route at every look; the clicks must land where they seem to. axe runs once, in both
 * themes; the desk's sandboxed frame runs no script, so services.test.ts checks its pages.
 */
async function checkRoute(page: Page, name: string, url: string, cards: boolean): Promise<void> {
  await page.setViewportSize({ width: looks[0].width, height: looks[0].height });
  await page.emulateMedia({ colorScheme: looks[0].colorScheme });
  await openApp(page, `${baseUrl}${url}`);
  await page.locator('#main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  for (const look of looks) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.colorScheme });
    // Parts of a page arrive after its heading: what is wrong must stay wrong for 5 s to fail.
    await expect
      .poll(
        async () => {
          const report = await checkHitTargets(page);
          return {
            problems: report.problems,
            headerControls: report.controls > 0,
            cards: report.cards > 0,
          };
        },
        { timeout: 5_000, message: `${name} (${url}) at ${look.name}` },
      )
      .toEqual({ problems: [], headerControls: true, cards });
  }
  await expectNoAxeViolations(page, { exclude: ['iframe.services-frame'] });
}

const visits = Object.entries(routes).flatMap(([name, visit]) =>
  typeof visit === 'string' ? [] : [{ name, ...visit }],
);

describe('clicks land where they seem to (issue 39)', () => {
  test.each([
    { who: 'anna', email: anna },
    { who: 'erik', email: erik },
  ])(
    "$who's routes: header controls take their own clicks, card links stay in their card",
    async ({ who, email }) => {
      const { page } = session;
      await signIn(page, baseUrl, email);
      const ids = await demoIds(page);
      const mine = visits.filter((visit) => (visit.as ?? 'anna') === who);
      expect(mine.length).toBeGreaterThan(0);
      for (const visit of mine) {
        await checkRoute(page, visit.name, visit.url(ids), visit.cards === true);
      }
    },
    300_000,
  );

  test("on /my-solutions a click on the header's News link opens the news", async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await openApp(page, `${baseUrl}${routePaths.mySolutions}`);
      await page
        .getByRole('link', { name: /Financials/ })
        .first()
        .waitFor();
      const banner = page.getByRole('banner');
      if (width < 769) await banner.getByRole('button', { name: 'Menu' }).click();
      await banner.getByRole('link', { name: 'News', exact: true }).click();
      await page.waitForURL((address) => address.pathname === '/news');
    }
  });
});

describe("the server's first paint keeps its cards in their boxes (issue 39)", () => {
  test('/news and /my-solutions, painted without a script', async () => {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    // The server paints the app for a browser whose cookie says who signs in here (ADR 0044).
    await expect
      .poll(
        async () => (await page.context().cookies(`${baseUrl}/my-solutions`)).map((c) => c.name),
        {
          timeout: 10_000,
        },
      )
      .toContain('portico-first-paint');
    await page.route('**/*.js', (route) => route.abort());
    for (const url of [routePaths.news, routePaths.mySolutions]) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(`${baseUrl}${url}`);
        await page.locator('#root main').waitFor({ state: 'visible' });
        const report = await checkHitTargets(page, '#root');
        expect(report.problems, `${url} at ${width} px`).toEqual([]);
        expect(report.cards, `${url} at ${width} px`).toBeGreaterThan(0);
        expect(report.controls, `${url} at ${width} px`).toBeGreaterThan(0);
      }
    }
  });
});
