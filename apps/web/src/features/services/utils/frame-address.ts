/**
 * Frame addresses of the Support4U pages (§2 services, docs/decisions/0010).
 *
 * - The address is the configured frame base (`supportFrameBase`, relative to this origin or
 *   absolute) plus `/` and the page's frame path; a query or fragment of the base stays.
 * - The route's query parameters are passed on to the frame (§2 "some routes append query
 *   parameters").
 * - Only a frame on this origin (the built-in desk) gets the frame token as `t`; it replaces
 *   any `t` from the route, so a link cannot sign the frame in as someone else. An external
 *   support system never sees it (docs/decisions/0005).
 */
export function frameAddress(
  base: string,
  framePath: string,
  routeSearch: string,
  origin: string,
): URL {
  const address = new URL(base, `${origin}/`);
  address.pathname = `${address.pathname.replace(/\/+$/, '')}/${framePath}`;
  for (const [name, value] of new URLSearchParams(routeSearch)) {
    address.searchParams.append(name, value);
  }
  return address;
}

/** Is the frame on the portal's own origin (the built-in desk)? */
export const isSameOrigin = (address: URL, origin: string): boolean => address.origin === origin;

/** The query parameter that carries the frame token (docs/decisions/0005). */
export const FRAME_TOKEN_PARAM = 't';

/** The same-origin frame address with the frame token, as an in-app path. */
export function withFrameToken(address: URL, token: string): string {
  const signed = new URL(address);
  signed.searchParams.set(FRAME_TOKEN_PARAM, token);
  return `${signed.pathname}${signed.search}${signed.hash}`;
}

/**
 * Sandbox flags (docs/decisions/0010). The built-in desk has no script: forms, its own
 * origin (its session cookie and form posts) and portal links that open in a new tab,
 * unsandboxed. Scripts are never allowed together with the same origin as the portal, which
 * would let the frame lift its own sandbox. An external support system is on another origin,
 * so its scripts cannot reach the portal; it gets what such systems need.
 */
export const SAME_ORIGIN_SANDBOX =
  'allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox';
export const EXTERNAL_SANDBOX =
  'allow-forms allow-same-origin allow-scripts allow-popups allow-popups-to-escape-sandbox allow-downloads';
