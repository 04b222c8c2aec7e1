import Provider, {
  errors,
  interactionPolicy,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { Env } from '../../config/env.js';
import type { Queryable } from '../../db/db.js';
import { loadKeyRing } from '../../lib/key-encryption.js';
import { createDbAdapterFactory } from './oidc-adapter.js';
import { loadCookieKeys, loadSigningKeys, SIGNING_ALG, type SigningKeys } from './oidc-keys.js';
import { loggedOutPage, logoutPage, messagePage, pageTexts } from './oidc-pages.js';
import { findUserById } from './oidc.repository.js';

/** Where the provider is mounted in our server (the issuer is PUBLIC_URL + this). */
export const OIDC_PREFIX = '/oidc';
export const SCOPES = ['openid', 'profile', 'email'] as const;
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export interface OidcSettings {
  issuer: string;
  /** The `aud` of access tokens: the API. */
  audience: string;
  clientId: string;
  publicUrl: string;
}

export function oidcSettings(env: Env): OidcSettings {
  return {
    issuer: `${env.PUBLIC_URL}${OIDC_PREFIX}`,
    audience: env.OIDC_AUDIENCE ?? `${env.PUBLIC_URL}/api`,
    clientId: env.OIDC_CLIENT_ID,
    publicUrl: env.PUBLIC_URL,
  };
}

/** The API as a resource server: it receives JWT access tokens it can verify on its own. */
export function apiResourceServer(settings: OidcSettings): ResourceServer {
  return {
    scope: SCOPES.join(' '),
    audience: settings.audience,
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: SIGNING_ALG } },
  };
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The addresses of the portal the client may be redirected to (ADR 0014): PUBLIC_URL, and when
 * that is a loopback http:// address, the same port under every loopback name, because people
 * type http://127.0.0.1:8080 or http://[::1]:8080 for http://localhost:8080 and the SPA sends
 * its own origin as redirect_uri (RFC 8252 §7.3, §8.3).
 */
export function portalOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:' || !LOOPBACK_NAMES.includes(url.hostname)) return [url.origin];
  const variants = LOOPBACK_NAMES.map((name) => {
    const variant = new URL(url.href);
    variant.hostname = name;
    return variant.origin;
  });
  return [url.origin, ...variants.filter((origin) => origin !== url.origin)];
}

export function interactionPath(uid: string): string {
  return `${OIDC_PREFIX}/interaction/${encodeURIComponent(uid)}`;
}

/**
 * Our client is first-party: the user consents by signing in. The grant covers every scope
 * we offer, so the provider never asks for consent. (oidc-provider would also ask every
 * "native" client for consent on each request; that check is removed from the policy.)
 */
function firstPartyPolicy(): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  policy.get('consent')?.checks.remove('native_client_prompt');
  return policy;
}

async function loadFirstPartyGrant(ctx: KoaContextWithOIDC, settings: OidcSettings) {
  const { session, client, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!session || !client || !accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  const grant =
    existing?.accountId === accountId
      ? existing
      : new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(SCOPES.join(' '));
  grant.addResourceScope(settings.audience, SCOPES.join(' '));
  await grant.save();
  return grant;
}

/**
 * A provider page's texts (issue 16): the request's `ui_locales` (authorization or end-session
 * parameters), else Accept-Language. `ctx.oidc` is missing for some early errors.
 */
function textsOfContext(db: Queryable, ctx: KoaContextWithOIDC) {
  const params = (ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.params;
  return pageTexts(db, params?.ui_locales, ctx.get('accept-language') || undefined);
}

async function renderError(
  db: Queryable,
  ctx: KoaContextWithOIDC,
  out: errors.OIDCProviderError | { error: string; error_description?: string | undefined },
  settings: OidcSettings,
) {
  const page = await textsOfContext(db, ctx);
  const { t } = page;
  ctx.type = 'html';
  const detail = out.error_description ? `${out.error}: ${out.error_description}` : out.error;
  ctx.body = messagePage(page, t('signin.error.title'), `${t('signin.error')} (${detail})`, {
    href: `${settings.publicUrl}/`,
    text: t('signin.back-to-portal'),
  });
}

export interface EmbeddedProvider {
  provider: Provider;
  signingKeys: SigningKeys;
}

/**
 * Builds the embedded OpenID Connect provider (issue 2 §3): one public client (the SPA) with
 * authorization code + PKCE and the implicit `id_token token` flow, JWT access tokens for the
 * API, RS256 keys and all state in the database.
 */
export async function createOidcProvider(
  db: Queryable,
  env: Env,
  onServerError: (error: unknown) => void,
): Promise<EmbeddedProvider> {
  const settings = oidcSettings(env);
  const encryptionKey = loadKeyRing(env);
  const signingKeys = await loadSigningKeys(db, encryptionKey);
  const cookieKeys = await loadCookieKeys(db, env.OIDC_COOKIE_KEYS, encryptionKey);
  // PUBLIC_URL's path, if any, under each allowed origin.
  const basePath = new URL(settings.publicUrl).pathname.replace(/\/$/, '');
  const portals = portalOrigins(settings.publicUrl).map((origin) => `${origin}${basePath}`);

  const provider = new Provider(settings.issuer, {
    adapter: createDbAdapterFactory(db),
    clients: [
      {
        client_id: settings.clientId,
        client_name: 'Portico',
        // "native" because oidc-provider refuses http:// and localhost redirect URIs for web
        // clients using the implicit flow, and the demo runs on http://localhost.
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'implicit'],
        response_types: ['code', 'id_token token'],
        redirect_uris: portals.map((portal) => `${portal}/state-redirect`),
        post_logout_redirect_uris: portals.flatMap((portal) => [`${portal}/`, `${portal}/login`]),
      },
    ],
    // The SPA's origins (those of its redirect URIs) may call the token endpoint (code
    // exchange) from the browser.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) === true,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
    },
    scopes: [...SCOPES],
    // The id token carries the profile claims even when an access token is issued with it
    // (the access token is for the API, not for the userinfo endpoint).
    conformIdTokenClaims: false,
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => settings.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== settings.audience) throw new errors.InvalidTarget();
          return apiResourceServer(settings);
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          // A verified id_token_hint from our own client proves the portal asked: sign out
          // without the extra click (the buttons stay for browsers without JavaScript).
          const fromPortal =
            ctx.oidc.entities.IdTokenHint !== undefined &&
            ctx.oidc.client?.clientId === settings.clientId;
          const page = await textsOfContext(db, ctx);
          ctx.type = 'html';
          ctx.body = logoutPage(page, form, fromPortal);
        },
        postLogoutSuccessSource: async (ctx) => {
          const page = await textsOfContext(db, ctx);
          ctx.type = 'html';
          ctx.body = loggedOutPage(page, `${settings.publicUrl}/`);
        },
      },
    },
    // iat has whole seconds: a sign-in in the second of a revocation needs a finer time to
    // be told from a token before it (ADR 0027, addendum). `gid` names the grant behind the
    // token: every sign-out of the portal revokes it, and the support desk's session ends
    // with it (ADR 0060). Signed with the token.
    extraTokenClaims: (_ctx, token) =>
      Promise.resolve({
        iat_ms: Date.now(),
        ...('grantId' in token && typeof token.grantId === 'string' ? { gid: token.grantId } : {}),
      }),
    findAccount: async (_ctx, sub) => {
      const user = await findUserById(db, sub);
      if (!user || user.status !== 'Active') return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.email,
          email_verified: true,
          given_name: user.firstName,
          family_name: user.lastName,
          name: `${user.firstName} ${user.lastName}`.trim(),
          locale: user.language,
        }),
      };
    },
    interactions: {
      policy: firstPartyPolicy(),
      url: (_ctx, interaction) => interactionPath(interaction.uid),
    },
    jwks: { keys: signingKeys.privateJwks },
    loadExistingGrant: (ctx) => loadFirstPartyGrant(ctx, settings),
    pkce: { required: () => true },
    responseTypes: ['code', 'id_token token'],
    renderError: (ctx, out) => renderError(db, ctx, out, settings),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 30 * 60,
      Session: 8 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
  });
  // The provider reads the request's address, host and protocol from X-Forwarded-For/-Host/
  // -Proto; its plugin (oidc.plugin.ts) sets them before every /oidc request: the address Fastify decided
  // under TRUST_PROXY (ADR 0015), PUBLIC_URL's host and protocol (ADR 0060).
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, error: unknown) => onServerError(error));
  return { provider, signingKeys };
}
