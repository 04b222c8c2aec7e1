import type { FirstPaintState, UserProfile } from '@portico/contracts';
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { matchPath, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { routeParams, routePaths } from '../config/paths.js';
import { newsListQueryOptions } from '../features/news/api/news-list.js';
import { readNewsUrlState } from '../features/news/hooks/use-news-url-state.js';
import { isAuthorised } from '../lib/auth/session.js';
import { applyLabels, labelsQueryOptions, type LoadedLabels } from '../lib/labels/labels-query.js';
import { previewLanguage } from '../lib/labels/preview-language.js';
import { profileQueryKey } from '../lib/profile/profile-query.js';
import { AppProviders } from './providers.js';
import { createAppRouter, rootRoutes } from './router.js';
import { footerQueryOptions, headerQueryOptions } from './shell/shell-queries.js';
import { userCookieFor } from './start-up.js';

/**
 * The first paint taken over (ADR 0075): the server rendered the whole app for this address
 * (apps/web/src/first-paint) and wrote the data it rendered from into the page; React
 * hydrates that markup with the same data, so the first screen is the app's own from the
 * first frame: no copy, no swap.
 */

/**
 * The id of the JSON data block beside the painted app: the server writes the digest of the
 * page's data there, and the boot script the data itself once it has asked for it (ADR 0075,
 * session 33 addendum); it stays without data when the data did not come or had changed.
 */
export const FIRST_PAINT_STATE_ID = 'portico-first-paint-state';

/** The painted app's data, or null when the page holds none (or not a readable one). */
export function readFirstPaintState(container: HTMLElement): FirstPaintState | null {
  const element = document.getElementById(FIRST_PAINT_STATE_ID);
  if (!element?.textContent || container.firstElementChild === null) return null;
  try {
    const state = JSON.parse(element.textContent) as Partial<FirstPaintState> | null;
    return state?.queries && state.labels && state.router ? (state as FirstPaintState) : null;
  } catch {
    console.warn('The painted page’s data is not JSON; the app renders the page again');
    return null;
  }
}

/**
 * Whether the app would render for this browser what the server did: the server painted
 * for a signed-in user in the profile's language, and the plain news list (not a search this
 * session saved). Else the app renders the page itself.
 */
function rendersAsPainted(queryClient: QueryClient, location: Location): boolean {
  if (!isAuthorised() || previewLanguage() !== null) return false;
  const list =
    matchPath(routePaths.news, location.pathname) ??
    matchPath(routePaths.newsPage, location.pathname);
  if (!list) return true;
  const criteria = readNewsUrlState(location.search, list.params[routeParams.page]);
  return queryClient.getQueryData(newsListQueryOptions(criteria).queryKey) !== undefined;
}

/** The shared header and footer as the painted page holds them (the app's own markup). */
function paintedShell(container: HTMLElement): { header: string; footer: string } | null {
  const header = container.querySelector(':scope > .app-page > header.app-header');
  const footer = container.querySelector(':scope > .app-page > footer.app-footer');
  return header && footer ? { header: header.innerHTML, footer: footer.innerHTML } : null;
}

/**
 * The route table with this address's lazy route modules loaded (the server had them): a
 * router that had to load them first would render its fallback, not the painted page. A copy,
 * so the app's own table stays as it is.
 */
async function routesLoadedFor(location: Location): Promise<RouteObject[]> {
  const loaded = new Map<RouteObject, RouteObject>();
  await Promise.all(
    (matchRoutes(rootRoutes, location) ?? []).map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const { lazy, ...rest } = route;
      loaded.set(route, { ...rest, ...(await lazy()) });
    }),
  );
  const copy = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const own = loaded.get(route) ?? route;
      return own.children ? { ...own, children: copy(own.children) } : own;
    });
  return copy(rootRoutes);
}

/**
 * Hydrates the painted app; null when this browser would render another page than the
 * server painted (then the caller renders the app anew, replacing the markup).
 */
export async function hydrateFirstPaint(
  container: HTMLElement,
  queryClient: QueryClient,
  state: FirstPaintState,
): Promise<Root | null> {
  // The server's own dehydrate() output (app-first-paint.tsx).
  hydrate(queryClient, state.queries as DehydratedState);
  if (!rendersAsPainted(queryClient, window.location)) return null;
  const shell = paintedShell(container);
  const profile = queryClient.getQueryData<UserProfile>(profileQueryKey);
  if (!shell || !profile) return null;
  queryClient.setQueryData(headerQueryOptions(userCookieFor(profile)).queryKey, shell.header);
  queryClient.setQueryData(footerQueryOptions(state.labels.language).queryKey, shell.footer);
  const [labels, routes] = await Promise.all([
    applyLabels(state.labels.language, state.labels.list),
    routesLoadedFor(window.location),
  ]);
  const loaded: LoadedLabels = {
    language: labelsQueryOptions(state.labels.language).queryKey[1],
    labels,
    fallback: false,
  };
  queryClient.setQueryData(labelsQueryOptions(state.labels.language).queryKey, loaded);
  const router = createAppRouter({ loaderData: state.router.loaderData }, routes);
  let root: Root | null = null;
  // A transition: React hydrates in slices, yielding to the browser between them, instead of
  // one long task that holds the painted page frozen on a slow phone (issue 25, TBT).
  startTransition(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      {
        // React renders the page anew where the markup differs; worth knowing, not failing.
        onRecoverableError: (error) =>
          console.warn('The painted page differed from the app; React rendered it again', error),
      },
    );
  });
  return root;
}
