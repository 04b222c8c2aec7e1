import type { Product } from '@portico/contracts';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, type MouseEvent } from 'react';
import { Outlet, useMatches } from 'react-router';
import { currentRouteHandle, FULL_WIDTH_CLASS } from '../../config/route-handle.js';
import { usePageViews } from '../../lib/analytics/use-page-views.js';
import { useHydrated } from '../../lib/render/use-hydrated.js';
import { NotificationBar } from '../../components/ui/notification-bar/notification-bar.js';
import { NotificationBell } from '../../features/notifications/components/notification-bell.js';
import { useT } from '../../lib/labels/use-t.js';
import { productsQueryOptions } from '../../lib/products/products-query.js';
import { useStartUp } from '../start-up.js';
import { IconSprite } from './icon-sprite.js';
import { IdleLogout } from './idle-logout.js';
import { KeepAlive } from './keep-alive.js';
import { LoadingBar } from './loading-bar.js';
import { ModalHost } from '../../components/ui/modal/modal-host.js';
import { SharedHtml } from './shared-html.js';
import { inlineShellHtml } from './inline-shell.js';
import { footerQueryOptions, headerQueryOptions } from './shell-queries.js';
import { useLocale } from '../../lib/labels/use-locale.js';
import { useNavigationEffects } from './use-navigation-effects.js';
import './shell.labels.js';
import '@portico/design-tokens/tokens.css';
import './theme.css';
import '../../components/ui/ui.css';
import './shell.css';
import './shared-chrome.css';
import './header-fit.css';
// The list pages' shared parts (nearly every page's): their styles ride in the start style
// sheet, after the shell's as when they came on their own, so a painted list asks for two
// style sheets, not seven. Over HTTP/1.1's six connections the first screen's pictures
// waited behind the five small ones (issue 36).
import '../../components/ui/date-filter/date-filter.css';
import '../../components/ui/error-state/error-state.css';
import '../../components/ui/pagination/pagination.css';
import '../../components/ui/search-box/search-box.css';
import '../../components/ui/toolbar/toolbar.css';

const NO_PRODUCTS: readonly Product[] = [];

/** The User Timing mark of the moment the app first runs the page. */
export const APP_RUNNING_MARK = 'portico:app-running';

/** Loaded, or failed: a header or footer that cannot load must not keep the page hidden. */
const settled = (query: UseQueryResult<string>): boolean =>
  (query.isSuccess && !query.isPlaceholderData) || query.isError;

function focusMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById('main');
  if (!main) return;
  // Focus moves without a hash navigation (which the router would treat as a new page).
  event.preventDefault();
  main.focus();
}

/**
 * Issue 12: the notification bell is an item of the header's bar (in each new header): after
 * the account links on a desktop, beside the Search and Menu buttons on a phone. Portico's own
 * header holds the bell's place; another header source gets it at the end.
 */
function findBellHost(): Element | null {
  return (
    document.querySelector('.app-header .portico-header__bell') ??
    document.querySelector('.app-header .portico-header__bar')
  );
}

/**
 * The app shell (§1): skip link, loading bar, icon sprite, shared header, notification bar,
 * the routed page in <main>, shared footer and the modal host. The page stays hidden until
 * the app is ready (signed in with labels loaded, or a signed-out visit to a public route)
 * and both header and footer have loaded or failed.
 */
export function AppShell() {
  const t = useT();
  const startUp = useStartUp();
  useNavigationEffects();
  // Once the app runs the page, hydrated or rendered: a User Timing mark (bench:web reads it)
  // and the document says so (`data-app="running"`: tests wait for it, their fake clocks
  // replace the page's performance API).
  useEffect(() => {
    performance.mark(APP_RUNNING_MARK);
    document.documentElement.dataset['app'] = 'running';
  }, []);
  usePageViews();
  const fullWidth = currentRouteHandle(useMatches()).layout === 'fullWidth';

  const inlineHeader = inlineShellHtml('header');
  const header = useQuery({
    ...headerQueryOptions(startUp.userCookie),
    enabled: startUp.headerCanLoad,
    // A refreshed profile keeps the current header until the new greeting arrives. The first
    // signed-in header stands in for the signed-out one the first HTML carries (ADR 0021);
    // without that one, it is waited for.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] != null ? keepPreviousData(previous) : inlineHeader,
  });
  // The footer follows the labels' language; the one shown stays until the next has loaded.
  const footer = useQuery({
    ...footerQueryOptions(useLocale()),
    placeholderData: (previous) => previous ?? inlineShellHtml('footer'),
  });
  const products = useQuery({ ...productsQueryOptions(), enabled: startUp.authorised });

  // The header from the first HTML has loaded: the page need not wait for the greeting.
  const headerReady =
    settled(header) ||
    (inlineHeader !== undefined && header.isPlaceholderData && header.data === inlineHeader);
  const visible = startUp.ready && headerReady && settled(footer);
  // The bell is a portal into a node of the browser's making: after the server's markup is
  // taken over (ADR 0075).
  const hydrated = useHydrated();
  return (
    <>
      <a className="app-skip-link" href="#main" onClick={focusMain}>
        {t('shell.skipToContent')}
      </a>
      <LoadingBar />
      <IconSprite />
      {!visible && (
        <p className="ui-visually-hidden" role="status">
          {t('shell.pageLoading')}
        </p>
      )}
      <div
        className={fullWidth ? `app-page ${FULL_WIDTH_CLASS}` : 'app-page'}
        hidden={!visible}
        aria-busy={!visible}
        data-testid="app-page"
      >
        {header.data && (
          <SharedHtml
            as="header"
            html={header.data}
            className="app-header"
            search={{
              catalogue: products.data ?? NO_PRODUCTS,
              connected: startUp.profile?.connectedProducts ?? NO_PRODUCTS,
            }}
          />
        )}
        {startUp.authorised && header.data && hydrated && (
          <NotificationBell findHost={findBellHost} hostKey={header.data} />
        )}
        <main id="main" className="app-main" tabIndex={-1}>
          <NotificationBar />
          <Outlet />
        </main>
        {footer.data && <SharedHtml as="footer" html={footer.data} className="app-footer" />}
      </div>
      <ModalHost />
      {startUp.authorised && <KeepAlive />}
      {startUp.authorised && <IdleLogout />}
    </>
  );
}
