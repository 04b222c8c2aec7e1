import type { UIMatch } from 'react-router';

/**
 * What a route tells the shell about itself (React Router's `handle`):
 * - `layout: 'fullWidth'` puts the class `cpp-layout--full-width` on the page (§2 services);
 * - `noTitle: true` means the page shows no heading of its own (§2 "unless the route says no title").
 */
export interface RouteHandle {
  layout?: 'fullWidth';
  noTitle?: boolean;
}

export const FULL_WIDTH_CLASS = 'cpp-layout--full-width';

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null;

/** The deepest matched route's handle wins. */
export function currentRouteHandle(matches: readonly UIMatch[]): RouteHandle {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return {};
}
