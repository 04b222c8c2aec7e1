import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginCallback } from 'fastify';
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
 * The Content-Security-Policy of every response (issue 2 §7). Scripts only from our own
 * origin (no inline, no eval); styles allow inline because React style props and sanitised
 * server HTML use style attributes. Everything the runtime configuration points at that the
 * browser must reach (issuer, absolute API bases, frames, analytics when configured) is added.
 */
export function contentSecurityPolicy(env: Env): string {
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
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...ga4Scripts]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', unique(["'self'", 'data:', ...ga4Collect])],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', unique(["'self'", issuerOrigin, ...apiOrigins, ...ga4Collect])],
    ['frame-src', unique(["'self'", ...frameOrigins(env)])],
    ['frame-ancestors', ["'self'"]],
    ['form-action', unique(["'self'", publicOrigin, issuerOrigin])],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export function securityHeaders(env: Env): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(env),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  };
  if (env.PUBLIC_URL.startsWith('https://')) {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
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
