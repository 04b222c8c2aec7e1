import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type HydrationState, type RouteObject } from 'react-router';
import { paths, routePaths } from '../config/paths.js';
import type { RouteHandle } from '../config/route-handle.js';
import { requireSignIn } from './guard.js';
import { IdentityRefusedPage } from './routes/identity-refused-page.js';
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

const cloud = lazyRoute(() => import('../features/cloud/cloud.route.js'));
const invoices = lazyRoute(() => import('../features/invoices/invoices.route.js'));
const news = lazyRoute(() => import('../features/news/news.route.js'));
const newsEditor = lazyRoute(() => import('../features/news-editor/news-editor.route.js'));
const mySolutions = lazyRoute(() => import('../features/my-solutions/my-solutions.route.js'));
const search = lazyRoute(() => import('../features/search/search.route.js'));
const services = lazyRoute(() => import('../features/services/services.route.js'));
const university = lazyRoute(() => import('../features/university/university.route.js'));
const landing = lazyRoute(() => import('../features/landing/landing.route.js'));
const userManagement = lazyRoute(
  () => import('../features/user-management/user-management.route.js'),
);
const mySettings = lazyRoute(() => import('../features/my-settings/my-settings.route.js'));
const csm = lazyRoute(() => import('../features/landing/csm.route.js'));
const downloadReportEngine = lazyRoute(
  () => import('../features/report-engine/download-report-engine.route.js'),
);

const toNews = () => redirect(paths.news());
/** Guarded: signed-out visitors go to login with returnUrl (§4 Guard). */
const guarded = { loader: requireSignIn } as const;
/** §2 services: each child is a full-width frame page. */
const fullWidth: RouteHandle = { layout: 'fullWidth' };

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
  // Issue 12: the news editor of vendor employees (its own lazy chunk, with the rich-text editor).
  { path: routePaths.newsEditor, ...guarded, lazy: newsEditor },
  { path: routePaths.newsEditorItem, ...guarded, lazy: newsEditor },
  { path: routePaths.search, ...guarded, lazy: search },
  // §2 my-solutions: lazy, sign-in required; the module routes its dashboard and product pages.
  { path: routePaths.mySolutionsAny, ...guarded, lazy: mySolutions },
  // §2 cloud: lazy, sign-in required; one module renders every cloud page (issue 14).
  { path: routePaths.cloud, ...guarded, lazy: cloud },
  { path: routePaths.cloudAny, ...guarded, lazy: cloud },
  { path: routePaths.invoices, ...guarded, lazy: invoices },
  // Support4U (§2 services): the empty path goes to incident; one module renders every child.
  {
    path: routePaths.services,
    loader: (args) => {
      requireSignIn(args);
      return redirect(paths.servicesIncident());
    },
  },
  { path: routePaths.servicesIncident, ...guarded, lazy: services, handle: fullWidth },
  { path: routePaths.servicesServiceRequest, ...guarded, lazy: services, handle: fullWidth },
  { path: routePaths.servicesTrackCases, ...guarded, lazy: services, handle: fullWidth },
  { path: routePaths.servicesTrackCase, ...guarded, lazy: services, handle: fullWidth },
  { path: routePaths.servicesPortals, ...guarded, lazy: services, handle: fullWidth },
  { path: routePaths.servicesContacts, ...guarded, lazy: services, handle: fullWidth },
  // §2: the university page has no guard shown; it reads the profile, so it is guarded here.
  { path: routePaths.university, ...guarded, lazy: university },
  { path: routePaths.resources, ...guarded, lazy: landing },
  { path: routePaths.salesPartners, ...guarded, lazy: landing },
  { path: routePaths.marketplace, ...guarded, lazy: landing },
  { path: routePaths.billingPlatform, ...guarded, lazy: landing },
  // Issue 15: user management (§2 "no guard shown"; it needs the caller's account: guarded).
  { path: routePaths.userManagement, ...guarded, lazy: userManagement },
  { path: routePaths.userManagementUser, ...guarded, lazy: userManagement },
  // Issue 12: my settings and e-mail subscriptions (§2 "no guard shown"; they are the user's own).
  { path: routePaths.mySettings, ...guarded, lazy: mySettings },
  { path: routePaths.mySettingsSubscriptions, ...guarded, lazy: mySettings },
  { path: routePaths.csm, lazy: csm },
  // ADR 0029: signed in at the external provider, but no Portico user (not guarded).
  { path: routePaths.identityRefused, Component: IdentityRefusedPage },
  { path: routePaths.downloadReportEngine, ...guarded, lazy: downloadReportEngine },
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

/**
 * The app's router; `hydrationData` and the table with the address's route modules loaded when
 * it takes over the server's markup (ADR 0075).
 */
export function createAppRouter(hydrationData?: HydrationState, routes = rootRoutes) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}
