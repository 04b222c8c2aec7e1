import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, importJWK, SignJWT } from 'jose';
import { loadKeyEncryptionKey } from '../src/lib/key-encryption.js';
import { loadSigningKeys, SIGNING_ALG } from '../src/modules/oidc/oidc-keys.js';
import { apiResourceServer, SCOPES } from '../src/modules/oidc/oidc-provider.js';
import { findUserByEmail } from '../src/modules/oidc/oidc.repository.js';
import type { EmbeddedOidc } from '../src/modules/oidc/oidc.plugin.js';

function embeddedOf(app: FastifyInstance): EmbeddedOidc {
  if (!app.embeddedOidc)
    throw new Error('tokens.ts needs the embedded provider (OIDC_ISSUER must be unset)');
  return app.embeddedOidc;
}

async function userIdFor(app: FastifyInstance, email: string): Promise<string> {
  const user = await findUserByEmail(app.db, email);
  if (!user) throw new Error(`no user ${email} in the test database`);
  return user.id;
}

/**
 * A valid access token for a demo user, issued by the embedded provider itself (its
 * persisted key, its issuer, the API audience, the same claims as after a real sign-in).
 * Use it as `headers: { authorization: \`Bearer ${token}\` }` in app.inject().
 */
export async function bearerFor(app: FastifyInstance, email: string): Promise<string> {
  const embedded = embeddedOf(app);
  const provider = await embedded.provider();
  const client = await provider.Client.find(embedded.settings.clientId);
  if (!client) throw new Error('the embedded provider has no client');
  const accountId = await userIdFor(app, email);
  // A stored grant, as a sign-in makes: the desk's session lasts as long as it (ADR 0060).
  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(SCOPES.join(' '));
  grant.addResourceScope(embedded.settings.audience, SCOPES.join(' '));
  const token = new provider.AccessToken({
    accountId,
    client,
    grantId: await grant.save(),
    gty: 'authorization_code',
    scope: SCOPES.join(' '),
    resourceServer: new provider.ResourceServer(
      embedded.settings.audience,
      apiResourceServer(embedded.settings),
    ),
  });
  return token.save();
}

export interface MintOptions {
  /** Seconds from now until `exp`; negative for an expired token; null for no `exp`. Default 3600. */
  expiresIn?: number | null;
  audience?: string;
  issuer?: string;
  /** Header typ; real access tokens say "at+jwt" (an id token says "JWT"). */
  typ?: string;
  /** Sign with a freshly generated key instead of the provider's persisted one. */
  foreignKey?: boolean;
  /** Override the subject (default: the user's id). */
  subject?: string;
  /** Seconds from now of `iat` (default: now, or earlier for a short-lived token). */
  issuedIn?: number;
}

/**
 * A hand-made token shaped like the provider's, for negative tests: expired, wrong audience,
 * wrong issuer, wrong type, foreign key. Without options it is valid.
 */
export async function mintToken(
  app: FastifyInstance,
  email: string,
  options: MintOptions = {},
): Promise<string> {
  const { settings } = embeddedOf(app);
  const { privateJwks } = await loadSigningKeys(
    app.db,
    loadKeyEncryptionKey(app.env.OIDC_KEY_ENCRYPTION_KEY, app.env.DATA_DIR),
  );
  const jwk = privateJwks[0]!;
  const key = options.foreignKey
    ? (await generateKeyPair(SIGNING_ALG, { modulusLength: 2048 })).privateKey
    : await importJWK(jwk, SIGNING_ALG);
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = options.expiresIn === undefined ? 3600 : options.expiresIn;
  const jwt = new SignJWT({ scope: SCOPES.join(' '), client_id: settings.clientId })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: options.typ ?? 'at+jwt', kid: jwk.kid })
    .setJti(randomUUID())
    .setSubject(options.subject ?? (await userIdFor(app, email)))
    .setIssuer(options.issuer ?? settings.issuer)
    .setAudience(options.audience ?? settings.audience)
    .setIssuedAt(
      options.issuedIn !== undefined
        ? now + options.issuedIn
        : expiresIn === null
          ? now
          : Math.min(now, now + expiresIn - 60),
    );
  if (expiresIn !== null) jwt.setExpirationTime(now + expiresIn);
  return jwt.sign(key);
}
