import type {
  LabelEntry,
  NotificationList,
  Product,
  RecentAccounts,
  UserProfile,
} from '@portico/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { storeTokens } from '../src/lib/auth/tokens.js';
import { TEST_ORIGIN } from './test-config.js';
import { AppProviders, createQueryClient } from '../src/app/providers.js';
import { rootRoutes } from '../src/app/router.js';

/**
 * Test harness for the whole app (shell + routes) on a memory router, with MSW handlers that
 * answer like the real server. Only tests import this file.
 */

export const demoProfile: UserProfile = {
  id: 'u-anna',
  firstName: 'Anna',
  lastName: 'Customer',
  email: 'anna.customer@portico.test',
  language: 'en',
  subscriptionLevel: 'ADVANCED',
  unit4Employee: false,
  permissions: ['NEWS', 'SUPPORT'],
  connectedProducts: [{ contentId: 'c-erpx', productName: 'erpx', slug: 'erpx' }],
  enterpriseCustomerId: 'E-1',
  companyName: 'Anna & Co',
  dynamicsCustomerId: null,
};

export const catalogueProducts: Product[] = [
  { contentId: 'c-fin', productName: 'Financials', slug: 'financials' },
  { contentId: 'c-erpx', productName: 'erpx', slug: 'erpx' },
];

// Like the server's: plain div roots; the shell's host elements are the landmarks.
export const defaultHeaderHtml = `
  <div class="site-header">
    <a href="/news">Portal news</a>
    <a href="https://elsewhere.example/page">Elsewhere</a>
    <a href="/logout">Sign out</a>
    <form role="search" action="/search">
      <label for="hs-q">Search</label><input id="hs-q" name="query" type="search">
      <label for="hs-p">Product</label>
      <select id="hs-p" name="productId"></select>
      <button type="submit">Go</button>
    </form>
  </div>`;
export const defaultFooterHtml =
  '<div class="site-footer"><a href="/search?query=help">Help search</a></div>';
export const spriteSvg =
  '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="icon-info" viewBox="0 0 24 24"><path d="M1 1"/></symbol></svg>';

export const url = (path: string): string => `${TEST_ORIGIN}${path}`;

export interface ShellResponses {
  header?: string;
  footer?: string;
  profile?: UserProfile;
  labels?: LabelEntry[];
  products?: Product[];
  notifications?: NotificationList;
  /** `GET /api/accounts/recent` (the account picker, ADR 0070). */
  recentAccounts?: RecentAccounts;
}

/** Handlers for everything the shell loads; individual tests override with server.use(). */
export function shellHandlers(responses: ShellResponses = {}): HttpHandler[] {
  return [
    http.get(url('/shared/header'), () => HttpResponse.text(responses.header ?? defaultHeaderHtml)),
    http.get(url('/shared/footer'), () => HttpResponse.text(responses.footer ?? defaultFooterHtml)),
    http.get(url('/shared/sprite.svg'), () =>
      HttpResponse.text(spriteSvg, { headers: { 'Content-Type': 'image/svg+xml' } }),
    ),
    http.get(url('/api/users/me'), () => HttpResponse.json(responses.profile ?? demoProfile)),
    http.get(url('/api/content/labels/cpplabels'), () => HttpResponse.json(responses.labels ?? [])),
    http.get(url('/api/content/labels/cppproducts'), () =>
      HttpResponse.json(responses.products ?? catalogueProducts),
    ),
    // The account picker of /cloud and /invoices: the own account, nothing used yet.
    http.get(url('/api/accounts/recent'), () =>
      HttpResponse.json(
        responses.recentAccounts ?? {
          own: { id: 'acc-northwind', name: 'Northwind Logistics AS' },
          recent: [],
        },
      ),
    ),
    // Issue 12: the notification bell of a signed-in shell.
    http.get(url('/api/notifications'), () =>
      HttpResponse.json(responses.notifications ?? { items: [], unreadCount: 0 }),
    ),
    // Issue 38: the header search box's suggestions and recent searches.
    http.get(url('/api/search/suggestions'), () => HttpResponse.json({ suggestions: [] })),
    http.get(url('/api/search/recent'), () => HttpResponse.json({ searches: [] })),
  ];
}

/** The shell's answers for the demo user with `changes` to the profile, and any other answers. */
export function shellAs(
  changes: Partial<UserProfile>,
  responses: Omit<ShellResponses, 'profile'> = {},
): HttpHandler[] {
  return shellHandlers({ ...responses, profile: { ...demoProfile, ...changes } });
}

export function signIn(): void {
  storeTokens({ accessToken: 'test-access-token', idToken: 'test-id-token' });
}

/** Renders the app at `path`; returns the router (to read where it went) and the query cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(rootRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

/** Waits until the page shows: once header, footer (and, signed in, labels) have loaded. */
export function pageShown(): Promise<void> {
  return waitFor(() => expect(screen.getByTestId('app-page')).toBeVisible(), { timeout: 5000 });
}

/** Signs in, renders the app at `path` and waits until the shell shows the page. */
export async function renderSignedIn(path: string) {
  signIn();
  const app = renderApp(path);
  await pageShown();
  return app;
}
