import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { routePaths } from '../../config/paths.js';
import { analytics, isAnalyticsInitialised, subscribeAnalytics } from './analytics.js';

/** §9: page-view debounce. */
export const PAGE_VIEW_DEBOUNCE_MS = 300;

/** §7: no page views for the sign-in and sign-out hops (they are not pages a user reads). */
const SKIPPED_PATHS: ReadonlySet<string> = new Set([
  routePaths.login,
  routePaths.stateRedirect,
  routePaths.logout,
]);

export function isPageViewSkipped(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SKIPPED_PATHS.has(path);
}

/**
 * §7 page views, called by the shell: when a navigation has ended (the location changes only
 * then) and 300 ms pass without another one, the path with its query string is reported;
 * a burst of navigations reports only its last page, and nothing is reported when that is a
 * login or redirect path. Nothing is sent before analytics is initialised (§4 Start-up); the
 * page the user is on then is reported once it is.
 */
export function usePageViews(): void {
  const { pathname, search, key } = useLocation();
  const initialised = useSyncExternalStore(
    subscribeAnalytics,
    isAnalyticsInitialised,
    isAnalyticsInitialised,
  );

  // The location key makes a repeated navigation to the same address a new page view.
  useEffect(() => {
    if (!initialised || isPageViewSkipped(pathname)) return;
    const timer = setTimeout(
      () => analytics().pageView(`${pathname}${search}`),
      PAGE_VIEW_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [initialised, pathname, search, key]);
}
