import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type Provider from 'oidc-provider';
import { rootPlugin } from '../../lib/root-plugin.js';
import { HashQueue } from './hash-queue.js';
import { interactionRoutes } from './interaction.routes.js';
import {
  createOidcProvider,
  OIDC_PREFIX,
  oidcSettings,
  portalOrigins,
  type EmbeddedProvider,
  type OidcSettings,
} from './oidc-provider.js';
import { warmUpSignIn } from './sign-in.service.js';
import { SlowLane } from './slow-lane.js';
import { clearedSessionCookie } from '../services/index.js';

/** Answers the slow lane holds, and connections it rests, at most (each about 2 KB). */
const SLOW_LANE_MAX_HELD = 4096;
/** Resting connections are read again at most one every 5 ms: 200 a second per instance. */
const SLOW_LANE_PACE_MS = 5;

/** The embedded OpenID Connect provider, as the rest of the server sees it. */
export interface EmbeddedOidc {
  settings: OidcSettings;
  /** The provider, built on first use (it reads its keys from the migrated database). */
  provider(): Promise<Provider>;
  /** The public signing keys, what the provider publishes at its jwks_uri. */
  publicJwks(): Promise<JSONWebKeySet>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when an external issuer is configured (OIDC_ISSUER). */
    embeddedOidc: EmbeddedOidc | null;
  }
}

/**
 * Replaces the X-Forwarded-* headers of an /oidc request before oidc-provider (Koa, `proxy`
 * on) reads them. The client address is what Fastify concluded under TRUST_PROXY (ADR 0015).
 * The host and protocol are PUBLIC_URL's (ADR 0060): every absolute address the provider
 * writes (form actions, redirects, discovery) is under PUBLIC_URL whatever Host or
 * X-Forwarded-Host said, and under an https PUBLIC_URL its cookies are Secure even when the
 * proxy sends no X-Forwarded-Proto. The one exception is another loopback name of a loopback
 * PUBLIC_URL (ADR 0014): the browser's cookies live under the name it opened.
 */
function pinForwardedHeaders(
  request: FastifyRequest,
  publicUrl: URL,
  portals: readonly string[],
): void {
  const headers = request.raw.headers;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
  const asked = `${publicUrl.protocol}//${request.host}`;
  headers['x-forwarded-host'] = portals.includes(asked) ? request.host : publicUrl.host;
}

/**
 * Adds the portal `origins` to the form-action directive of a Content-Security-Policy. The
 * provider's forms (sign-in, sign-out) redirect to the portal after the post, and browsers
 * apply form-action to those redirects too: a portal opened at http://127.0.0.1 must be a
 * permitted target when PUBLIC_URL says localhost (ADR 0014).
 */
export function withFormTargets(csp: string, origins: readonly string[]): string {
  return csp.replace(/(^|;\s*)form-action ([^;]*)/, (_match, before: string, list: string) => {
    const sources = new Set(list.trim().split(/\s+/));
    for (const origin of origins) sources.add(formActionSource(origin));
    return `${before}form-action ${[...sources].join(' ')}`;
  });
}

/**
 * Sets the /oidc policy on the response. The policy every response starts with is one string
 * per app, so the rewrite is done once and remembered: under a flood of sign-in posts it ran
 * for every refused attempt (ADR 0042).
 */
function allowFormTargets(
  reply: FastifyReply,
  origins: readonly string[],
  rewritten: Map<string, string>,
): void {
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  let updated = rewritten.get(csp);
  if (updated === undefined) {
    updated = withFormTargets(csp, origins);
    if (rewritten.size < 8) rewritten.set(csp, updated); // a route may set its own policy
  }
  reply.raw.setHeader('content-security-policy', updated);
}

/**
 * The CSP source for a portal origin. CSP's host grammar has no IPv6 literals, so Chrome drops
 * `http://[::1]:8080` as invalid; the portal at [::1] is then allowed by its scheme, `http:`.
 * Only loopback portals (an http PUBLIC_URL on localhost) have such an origin (ADR 0014).
 */
export function formActionSource(origin: string): string {
  const url = new URL(origin);
  return url.hostname.startsWith('[') ? url.protocol : origin;
}

/**
 * Cache policy of the provider's public metadata (ADR 0015): discovery and JWKS may be kept
 * five minutes by browsers and shared caches; everything else the provider answers decides
 * for itself (no-store on tokens).
 */
const DISCOVERY_PATH = '/.well-known/openid-configuration';
const PUBLIC_METADATA = new Set([DISCOVERY_PATH, '/jwks']);
export const METADATA_CACHE_CONTROL = 'public, max-age=300';
/** The provider's end-session confirmation (the sign-out itself). */
const END_SESSION_CONFIRM = `${OIDC_PREFIX}/session/end/confirm`;

/**
 * Discovery is cached publicly (ADR 0015, addendum): it names PUBLIC_URL's own host even for
 * a loopback alias, so one caller's address never reaches everybody.
 */
function pinToPublicUrl(raw: IncomingMessage, publicUrl: URL): void {
  raw.headers['x-forwarded-host'] = publicUrl.host;
}

/**
 * Mounts the embedded OpenID Connect provider (oidc-provider, a Koa app) under /oidc, unless
 * OIDC_ISSUER points at an external one. Our own sign-in pages are Fastify routes under
 * /oidc/interaction; everything else under /oidc goes to the provider untouched: the reply is
 * hijacked before Fastify parses the body, and the provider sees the path without the prefix
 * (with the original in req.originalUrl, from which it derives its mount path).
 */
export const oidcPlugin = rootPlugin('portico-oidc', async (app) => {
  if (app.env.OIDC_ISSUER) {
    app.decorate('embeddedOidc', null);
    return;
  }
  const settings = oidcSettings(app.env);

  // Built lazily: buildApp() may run before the migrations (readiness turns on after them).
  let pending: Promise<EmbeddedProvider> | undefined;
  const load = (): Promise<EmbeddedProvider> => {
    pending ??= createOidcProvider(app.db, app.env, (error) =>
      app.log.error(error, 'oidc provider error'),
    ).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const embedded: EmbeddedOidc = {
    settings,
    provider: async () => (await load()).provider,
    publicJwks: async () => ({ keys: (await load()).signingKeys.publicJwks }),
  };
  app.decorate('embeddedOidc', embedded);
  warmUpSignIn();

  const portals = portalOrigins(settings.publicUrl);
  const publicUrl = new URL(settings.publicUrl);
  const rewrittenCsp = new Map<string, string>();
  const deskCookieCleared = clearedSessionCookie(settings.publicUrl.startsWith('https://'));
  app.addHook('onRequest', (request, reply, next) => {
    if (request.url === OIDC_PREFIX || request.url.startsWith(`${OIDC_PREFIX}/`)) {
      pinForwardedHeaders(request, publicUrl, portals);
      if (portals.length > 1) allowFormTargets(reply, portals, rewrittenCsp);
      // Signing out of the portal ends the support desk's session in this browser too
      // (ADR 0005, addendum); the provider adds its own cookies to this header.
      if (request.method === 'POST' && request.url.startsWith(END_SESSION_CONFIRM))
        reply.raw.setHeader('set-cookie', [deskCookieCleared]);
    }
    next();
  });

  // Password checks of this instance: a few at once, a short line, then 503 (ADR 0014).
  const hashQueue = new HashQueue({
    concurrency: app.env.SIGN_IN_HASH_CONCURRENCY,
    maxWaiting: app.env.SIGN_IN_HASH_QUEUE,
  });
  app.addHook('onClose', () => hashQueue.close());
  app.metrics.gauge(
    'portico_sign_in_line',
    'Password checks of this node: running (holding a slot) and waiting in line.',
    ['state'],
    function collect() {
      const { running, waiting } = hashQueue.line;
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  );
  // Attempts refused meanwhile are answered late (ADR 0042, addendum 2), and at once when
  // the app closes, so that shutting down never waits for them.
  const slowLane = new SlowLane({
    delayMs: app.env.SIGN_IN_BUSY_DELAY_MS,
    paceMs: SLOW_LANE_PACE_MS,
    maxHeld: SLOW_LANE_MAX_HELD,
  });
  app.addHook('preClose', (done) => {
    slowLane.close();
    done();
  });
  await app.register(interactionRoutes, {
    getProvider: () => embedded.provider(),
    settings,
    hashQueue,
    slowLane,
  });

  let handle: ReturnType<Provider['callback']> | undefined;
  const passToProvider = async (request: FastifyRequest, reply: FastifyReply) => {
    const { provider } = await load();
    handle ??= provider.callback();
    reply.hijack();
    const raw: IncomingMessage & { originalUrl?: string } = request.raw;
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_PREFIX.length) || '/';
    const path = raw.url.split('?', 1)[0] ?? '';
    if (path === DISCOVERY_PATH) pinToPublicUrl(raw, publicUrl);
    if (PUBLIC_METADATA.has(path) && (raw.method === 'GET' || raw.method === 'HEAD'))
      reply.raw.setHeader('cache-control', METADATA_CACHE_CONTROL);
    await handle(raw, reply.raw);
  };

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    url: `${OIDC_PREFIX}/*`,
    // onRequest: before Fastify reads the body, which the provider parses itself.
    onRequest: passToProvider,
    handler: (_request, reply) => reply.code(500).send(), // not reached: onRequest hijacks
  });
});
