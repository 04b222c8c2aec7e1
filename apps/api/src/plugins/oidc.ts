import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type Provider from 'oidc-provider';
import { rootPlugin } from '../lib/root-plugin.js';
import { interactionRoutes } from '../modules/oidc/interaction.routes.js';
import {
  createOidcProvider,
  OIDC_PREFIX,
  oidcSettings,
  type EmbeddedProvider,
  type OidcSettings,
} from '../modules/oidc/oidc-provider.js';
import { warmUpSignIn } from '../modules/oidc/sign-in.service.js';

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

  await app.register(interactionRoutes, { getProvider: () => embedded.provider(), settings });

  let handle: ReturnType<Provider['callback']> | undefined;
  const passToProvider = async (request: FastifyRequest, reply: FastifyReply) => {
    const { provider } = await load();
    handle ??= provider.callback();
    reply.hijack();
    const raw: IncomingMessage & { originalUrl?: string } = request.raw;
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_PREFIX.length) || '/';
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
