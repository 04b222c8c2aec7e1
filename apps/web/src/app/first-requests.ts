import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { routeParams, routePaths } from '../config/paths.js';
import { newsListQueryOptions } from '../features/news/api/news-list.js';
import { notificationsQueryOptions } from '../features/notifications/api/notifications-api.js';
import { readNewsUrlState } from '../features/news/hooks/use-news-url-state.js';
import { isAuthorised } from '../lib/auth/session.js';
import { currentLanguage } from '../lib/labels/i18n.js';
import { labelsQueryOptions } from '../lib/labels/labels-query.js';
import { previewLanguage } from '../lib/labels/preview-language.js';
import { rememberedLanguage } from '../lib/labels/remembered-language.js';
import { productsQueryOptions } from '../lib/products/products-query.js';
import { profileQueryOptions } from '../lib/profile/profile-query.js';
import { nextTask } from '../lib/tasks/next-task.js';
import {
  footerQueryOptions,
  headerQueryOptions,
  spriteQueryOptions,
} from './shell/shell-queries.js';
import { hasPaintedSprite } from './shell/icon-sprite.js';
import { userCookieFor } from './start-up.js';

/**
 * Starts, side by side and before the first render, every request the first screen needs
 * (ADR 0021), instead of each component asking in turn once the one before has answered
 * (config → auth → labels and profile → header and footer → news → images). The components
 * then find them in the query cache, in flight or answered, under the same keys. Signed out,
 * nothing starts: the guard sends the visitor to sign in.
 *
 * - profile, labels (in the remembered language) and the header's product list, then the
 *   header for that profile and the footer in those labels' language;
 * - on the news list: its code and its first page, with the criteria the page itself will
 *   read from the address (and the session's saved query);
 * - on /invoices and the My Solutions dashboard (the other pages the server paints, ADR 0057):
 *   their code and their calls (the invoices' in first-requests-invoices.ts, which brings zod);
 * - then, not waited for by the first render: the icon sprite and the bell's list.
 *
 * Three tasks (ADR 0059): the shell's calls, the page's, then the sprite and the bell's.
 */
/** The outcome (or error) stays in the cache for the component that reads it. */
const ignore = (): undefined => undefined;

export function startFirstRequests(queryClient: QueryClient, location: Location): Promise<void> {
  if (!isAuthorised()) return Promise.resolve();
  const settled: Promise<unknown>[] = [];
  const profile = queryClient.query(profileQueryOptions());
  settled.push(
    profile
      .then((answer) => queryClient.query(headerQueryOptions(userCookieFor(answer))))
      .catch(ignore),
  );
  // The footer follows the labels' language (English comes with the first HTML).
  settled.push(
    queryClient
      .query(labelsQueryOptions(previewLanguage() ?? rememberedLanguage()))
      .then(() => queryClient.query(footerQueryOptions(currentLanguage())))
      .catch(ignore),
  );
  settled.push(queryClient.query(productsQueryOptions()).catch(ignore));
  // The page's own requests in the next task: each call costs a few milliseconds of a slow
  // phone's main thread, and all of them in one task made it a long one (issue 25, TBT).
  const page = pageRequests(queryClient, location);
  const pageTask = nextTask();
  if (page) settled.push(pageTask.then(page));
  // Then the icon sprite and the bell's list, which the first render does not wait for: asked
  // here, in a task of their own, instead of in the task where React runs the first screen's
  // effects (one long task on a slow phone, issue 25).
  void pageTask.then(nextTask).then(() => startLaterRequests(queryClient));
  return Promise.all(settled).then(ignore, ignore);
}

/**
 * The icon sprite and the bell's list, which no first render waits for. A page the server
 * painted has its sprite already (icon-sprite.tsx draws none then).
 */
export function startLaterRequests(queryClient: QueryClient): void {
  if (!hasPaintedSprite()) void queryClient.query(spriteQueryOptions()).catch(ignore);
  void queryClient.query(notificationsQueryOptions()).catch(ignore);
}

/**
 * The code and calls of the pages the server may paint (news list, /invoices, the My Solutions
 * dashboard), to be started in a task of their own; null on other pages.
 */
function pageRequests(
  queryClient: QueryClient,
  location: Location,
): (() => Promise<unknown>) | null {
  const path = location.pathname;
  const list =
    matchPath(routePaths.news, path) ??
    (matchPath(routePaths.newsItem, path) ? null : matchPath(routePaths.newsPage, path));
  if (list) {
    const criteria = readNewsUrlState(location.search, list.params[routeParams.page]);
    return () => {
      void import('../features/news/news.route.js');
      return queryClient.query(newsListQueryOptions(criteria)).catch(ignore);
    };
  }
  if (matchPath(routePaths.invoices, path))
    return () =>
      import('./first-requests-invoices.js').then(({ startInvoiceRequests }) =>
        startInvoiceRequests(queryClient, location.search),
      );
  if (matchPath(routePaths.mySolutions, path))
    return () =>
      Promise.all([
        import('../features/my-solutions/my-solutions.route.js').catch(ignore),
        import('../features/my-solutions/api/products.js')
          .then(({ productListQueryOptions }) => queryClient.query(productListQueryOptions()))
          .catch(ignore),
      ]);
  return null;
}
