import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths, routePaths } from '../config/paths.js';
import { requireSignIn } from './guard.js';
import { LeavePage } from './routes/leave-page.js';
import { LoginPage } from './routes/login-page.js';
import { LogoutPage } from './routes/logout-page.js';
import { RouteError } from './routes/route-error.js';
import { StartingUp } from './routes/starting-up.js';
import { StateRedirectPage } from './routes/state-redirect-page.js';
import { AppShell } from './shell/app-shell.js';

/** A feature's lazy route module (`*.route.tsx`, default export = the page). */
type RouteModule = { default: ComponentType };
const lazyRoute = (load: () => Promise<RouteModule>) => async () => ({
  Component: (await load()).default,
});

const news = lazyRoute(() => import('../features/news/news.route.js'));
const search = lazyRoute(() => import('../features/search/search.route.js'));

const toNews = () => redirect(paths.news());
/** Guarded: signed-out visitors go to login with returnUrl (§4 Guard). */
const guarded = { loader: requireSignIn } as const;

/**
 * Every route of the SPA (§2), in one table. Paths come from config/paths.ts. Feature routes
 * are lazy, one module per feature.
 */
export const appRoutes: RouteObject[] = [
  { index: true, loader: toNews },
  { path: routePaths.home, loader: toNews },
  { path: routePaths.login, Component: LoginPage },
  { path: routePaths.stateRedirect, Component: StateRedirectPage },
  { path: routePaths.logout, Component: LogoutPage },
  // News: the list, its pages and any other news path; news-item/{title}/{id} is the detail page.
  { path: routePaths.news, ...guarded, lazy: news },
  { path: routePaths.newsItem, ...guarded, lazy: news },
  { path: routePaths.newsPage, ...guarded, lazy: news },
  { path: `${routePaths.news}/*`, ...guarded, lazy: news },
  { path: routePaths.search, ...guarded, lazy: search },
  // §2 last row: any other path leaves the app for the community site.
  { path: routePaths.notFound, Component: LeavePage },
];

/** The root: the shell (header, footer, notification bar, modal host) around every route. */
export const rootRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: AppShell,
    ErrorBoundary: RouteError,
    HydrateFallback: StartingUp,
    children: appRoutes,
  },
];

export function createAppRouter() {
  return createBrowserRouter(rootRoutes);
}
