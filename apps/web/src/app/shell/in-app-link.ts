import type { RuntimeConfig } from '@portico/contracts';

/**
 * Which clicks inside the shared header/footer the SPA handles itself: a plain primary click
 * on a same-origin link into the app. Links into server-owned areas (API, shared assets,
 * sign-in provider, health) and anything opening elsewhere stay ordinary browser navigations.
 */

const FIXED_SERVER_PATHS = ['/health', '/config.json'];

function pathOf(address: string): string | null {
  if (address === '') return null;
  const url = new URL(address, window.location.origin);
  if (url.origin !== window.location.origin) return null;
  return url.pathname.replace(/\/+$/, '') || null;
}

/** Path prefixes on this origin that the server, not the SPA, answers. */
export function serverOwnedPaths(config: RuntimeConfig): string[] {
  const fromConfig = [
    config.apiBase,
    config.contentBase,
    config.newsBase,
    config.sharedBase,
    config.supportFrameBase,
    config.auth.issuer,
  ].map(pathOf);
  return [...fromConfig, ...FIXED_SERVER_PATHS].filter((p): p is string => p !== null);
}

const underPrefix = (pathname: string, prefix: string): boolean =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The in-app path (path + query + hash) a click should navigate to client-side, or null when
 * the browser should handle it.
 */
export function inAppHref(event: MouseEvent, serverPaths: readonly string[]): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const origin = event.target instanceof Element ? event.target : null;
  const anchor = origin?.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.hasAttribute('download')) return null;
  const target = anchor.getAttribute('target');
  if (target && target !== '_self') return null;

  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (serverPaths.some((prefix) => underPrefix(url.pathname, prefix))) return null;
  // A jump within the current page (e.g. '#top') stays with the browser.
  const samePage =
    url.pathname === window.location.pathname && url.search === window.location.search;
  if (samePage && url.hash !== '') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
