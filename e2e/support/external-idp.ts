// A second, separately started OpenID Connect provider that plays a company's identity
// provider (Entra ID, Okta, Keycloak) for the external-identity tests (issue 15, ADR 0029).
// It is node-oidc-provider on its own port and origin, with one public client (Portico's SPA),
// a fixed list of people whose e-mail addresses it vouches for (email_verified), its own
// sign-in page, JWT access tokens for Portico's API that carry email and email_verified, and
// RP-initiated sign-out. Nothing in it knows Portico's user ids. Its state lives in memory
// (oidc-provider's development adapter): it lives only as long as one test file.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';

export interface ExternalPerson {
  /** The provider's own subject: never a Portico user id. */
  readonly subject: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
}

export interface ExternalIdp {
  /** The issuer (its own origin, 127.0.0.1, unlike the portal on localhost). */
  readonly issuer: string;
  /** People who may sign in; add more before they sign in. */
  readonly people: ExternalPerson[];
  close(): Promise<void>;
}

const SCOPES = 'openid profile email';

/** The names the tests use for the provider's own pages. */
export const externalIdpTexts = {
  emailLabel: 'Company e-mail',
  signIn: 'Sign in with Example Corp',
  signOut: 'Yes, sign me out',
} as const;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function signInPage(uid: string, error = ''): string {
  return page(
    'Example Corp sign-in',
    `${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/interaction/${encodeURIComponent(uid)}">
      <label for="email">${externalIdpTexts.emailLabel}</label>
      <input id="email" name="email" type="email" autocomplete="username" required>
      <button type="submit">${externalIdpTexts.signIn}</button>
    </form>`,
  );
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** One grant covering every scope and the API: the portal is the company's own app. */
async function loadGrant(ctx: KoaContextWithOIDC, audience: string) {
  const { session, client, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!session || !client || !accountId) return undefined;
  const grantId = session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  const grant =
    existing?.accountId === accountId
      ? existing
      : new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(SCOPES);
  grant.addResourceScope(audience, SCOPES);
  await grant.save();
  return grant;
}

/**
 * Starts the provider on a free port of 127.0.0.1 for the portal at `portalUrl` (its SPA's
 * client id, redirect URI and API audience are derived from it as Portico's defaults are).
 */
export async function startExternalIdp(
  portalUrl: string,
  people: ExternalPerson[],
): Promise<ExternalIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const audience = `${portalUrl}/api`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'example-1', alg: 'RS256' };

  const policy = interactionPolicy.base();
  policy.get('consent')?.checks.remove('native_client_prompt');

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'portico-spa',
        // native: oidc-provider refuses http:// localhost redirect URIs for web clients.
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${portalUrl}/state-redirect`],
        post_logout_redirect_uris: [`${portalUrl}/`],
      },
    ],
    clientBasedCORS: (_ctx, origin) => origin === new URL(portalUrl).origin,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    cookies: { keys: [randomBytes(32).toString('hex')] },
    extraTokenClaims: (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const person = people.find((p) => p.subject === accountId);
      return person ? { email: person.email, email_verified: true } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: SCOPES,
          audience,
          accessTokenTTL: 3600,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = page(
            'Sign out of Example Corp?',
            `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">${externalIdpTexts.signOut}</button>`,
          );
        },
      },
    },
    findAccount: (_ctx, sub) => {
      const person = people.find((p) => p.subject === sub);
      if (!person) return undefined;
      return {
        accountId: person.subject,
        claims: () => ({
          sub: person.subject,
          email: person.email,
          email_verified: true,
          given_name: person.givenName,
          family_name: person.familyName,
          name: `${person.givenName} ${person.familyName}`,
        }),
      };
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `/interaction/${encodeURIComponent(interaction.uid)}`,
    },
    jwks: { keys: [signingKey] },
    loadExistingGrant: (ctx) => loadGrant(ctx, audience),
    pkce: { required: () => true },
    responseTypes: ['code'],
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
    },
  });

  const oidc = provider.callback();
  async function signInInteraction(request: IncomingMessage, response: ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    if (request.method !== 'POST') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(signInPage(details.uid));
      return;
    }
    const email = (await readForm(request)).get('email')?.trim().toLowerCase() ?? '';
    const person = people.find((p) => p.email.toLowerCase() === email);
    if (!person) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(signInPage(details.uid, 'No such person at Example Corp.'));
      return;
    }
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: person.subject } },
      { mergeWithLastSubmission: false },
    );
  }
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      signInInteraction(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
      return;
    }
    void oidc(request, response);
  });

  return {
    issuer,
    people,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
