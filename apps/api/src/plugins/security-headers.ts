import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyPluginCallback } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../config/env.js';
import { issuerOf } from '../config/issuer.js';
import { originOf } from '../lib/origins.js';
import { rootPlugin } from '../lib/root-plugin.js';

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))];
}

/** Origins the SPA may frame: the support frames, the keep-alive frame and FRAME_ORIGINS. */
export function frameOrigins(env: Env): string[] {
  const extra = env.FRAME_ORIGINS.split(/[\s,]+/).map(originOf);
  return unique([originOf(env.SUPPORT_FRAME_URL), originOf(env.KEEP_ALIVE_URL), ...extra]);
}

/**
 * What Google Analytics 4 (gtag.js) needs, and only when ANALYTICS_ID is set (ADR 0008): the
 * script from Tag Manager, and its collection endpoints for fetch/beacon and pixel fallbacks.
 */
export const GA4_SCRIPT_SOURCES = ['https://www.googletagmanager.com'] as const;
export const GA4_COLLECT_SOURCES = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
] as const;

/**
 * The Content-Security-Policy's directives (issue 2 §7). Scripts only from our own origin (no
 * eval; inline only the ones `scriptHashes` name, by their SHA-256); styles allow inline
 * because React style props and sanitised server HTML use style attributes. Everything the
 * runtime configuration points at that the browser must reach (issuer, absolute API bases,
 * frames, analytics when configured) is added.
 */
function cspDirectives(env: Env, scriptHashes: readonly string[]): Record<string, string[]> {
  const issuerOrigin = originOf(issuerOf(env));
  const publicOrigin = originOf(env.PUBLIC_URL);
  const apiOrigins = [
    env.API_BASE,
    env.CONTENT_BASE,
    env.NEWS_BASE,
    env.SHARED_BASE,
    // §7 configured endpoints (issue 27): the SPA fetches each of them too.
    env.INVOICES_URL,
    env.CLOUD_URL,
    env.REPORTS_URL,
    env.INVOICE_EXPORT_URL,
    env.USER_EXPORT_URL,
    env.NOTIFICATIONS_URL,
  ].map(originOf);
  // No analytics id, no analytics: the policy stays as strict as without the feature.
  const analytics = env.ANALYTICS_ID.trim() !== '';
  const ga4Scripts = analytics ? GA4_SCRIPT_SOURCES : [];
  const ga4Collect = analytics ? GA4_COLLECT_SOURCES : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...ga4Scripts],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', ...ga4Collect]),
    'font-src': ["'self'", 'data:'],
    'connect-src': unique(["'self'", issuerOrigin, ...apiOrigins, ...ga4Collect]),
    'frame-src': unique(["'self'", ...frameOrigins(env)]),
    'frame-ancestors': ["'self'"],
    'form-action': unique(["'self'", publicOrigin, issuerOrigin]),
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
  };
}

/**
 * The site's policy for helmet (ADR 0064): the CSP above (no helmet defaults mixed in), HSTS
 * on an https site, frames and opener/resource sharing same-origin only, no referrer path to
 * other origins. Helmet's other headers are left off, as the site never sent them.
 */
export function helmetOptions(
  env: Env,
  scriptHashes: readonly string[] = [],
): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(env, scriptHashes) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'sameorigin' },
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  };
}

/** Helmet has no Permissions-Policy: the powerful features the site never uses, off. */
const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/**
 * The security headers of every response, as helmet writes them for this configuration. The
 * policy depends on configuration only (no per-request nonce), so helmet writes them once, onto
 * a response that is never sent, and every response gets those values.
 */
export function securityHeaders(
  env: Env,
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(helmetOptions(env, scriptHashes))(request, response, (error?: unknown) => {
    if (error instanceof Error) throw error; // only with directives computed per request
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) headers[name] = String(value);
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * The Content-Security-Policy header of every response; a page with inline scripts of its own
 * (a painted page's boot script) gets the same policy with their hashes in `script-src`.
 */
export function contentSecurityPolicy(env: Env, scriptHashes: readonly string[] = []): string {
  const csp = securityHeaders(env, scriptHashes)['content-security-policy'];
  if (csp === undefined) throw new Error('helmet wrote no Content-Security-Policy');
  return csp;
}

/**
 * Puts the security headers on every response: routes, static files, 404s, errors, and
 * replies written straight to the Node response (the embedded provider), because they are
 * set on the raw response as soon as the request arrives. A route may still override one
 * with reply.header(), which takes precedence when the head is written.
 */
const headersHook: FastifyPluginCallback = (app, _options, done) => {
  const headers = Object.entries(securityHeaders(app.env));
  // Responses the server's listener has covered: the hook below skips them rather than set
  // every header twice on each request (a cost every answer paid, refused sign-ins included).
  const covered = new WeakSet<ServerResponse>();
  const apply = (response: ServerResponse): void => {
    for (const [name, value] of headers) response.setHeader(name, value);
  };
  // Ahead of Fastify's own listener: also covers what Fastify answers before any hook runs
  // (a malformed URL, the 503 while closing).
  app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    apply(response);
    covered.add(response);
  });
  // Requests that do not come through the server (app.inject in tests).
  app.addHook('onRequest', (_request, reply, next) => {
    if (!covered.has(reply.raw)) apply(reply.raw);
    next();
  });
  done();
};

export const securityHeadersPlugin = rootPlugin('portico-security-headers', headersHook);
