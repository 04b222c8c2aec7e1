import {
  base64url,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { http, HttpResponse, type HttpHandler } from 'msw';

/**
 * A fake OpenID Connect provider for unit tests: a real RSA key made with jose, its JWKS and
 * discovery document served through MSW, id tokens signed like a real provider signs them,
 * and a token endpoint that records what it was sent.
 */
export interface FakeProvider {
  issuer: string;
  handlers: HttpHandler[];
  /** Signs an id token; claims override the defaults (iss, aud, sub, iat, exp). */
  signIdToken(claims?: JWTPayload, options?: { key?: CryptoKey; kid?: string }): Promise<string>;
  /** at_hash of an access token for RS256. */
  atHash(accessToken: string): Promise<string>;
  /** Bodies posted to the token endpoint. */
  tokenRequests: URLSearchParams[];
  /** What the token endpoint answers next (status and JSON). */
  setTokenResponse(status: number, body: unknown): void;
  /** A key that is not in the provider's key set (for signature tests). */
  foreignKey: CryptoKey;
}

export async function createFakeProvider(issuer: string, clientId: string): Promise<FakeProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const tokenRequests: URLSearchParams[] = [];
  let tokenResponse: { status: number; body: unknown } = { status: 500, body: {} };

  const handlers = [
    http.get(`${issuer}/.well-known/openid-configuration`, () =>
      HttpResponse.json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        end_session_endpoint: `${issuer}/session/end`,
        response_types_supported: ['code', 'id_token token'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    ),
    http.get(`${issuer}/jwks`, () => HttpResponse.json({ keys: [jwk] })),
    http.post(`${issuer}/token`, async ({ request }) => {
      tokenRequests.push(new URLSearchParams(await request.text()));
      return HttpResponse.json(tokenResponse.body as Record<string, unknown>, {
        status: tokenResponse.status,
      });
    }),
  ];

  return {
    issuer,
    handlers,
    tokenRequests,
    foreignKey: foreign.privateKey,
    setTokenResponse(status, body) {
      tokenResponse = { status, body };
    },
    async signIdToken(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: issuer,
        aud: clientId,
        sub: 'user-1',
        iat: now,
        exp: now + 300,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key' })
        .sign(options.key ?? privateKey);
    },
    async atHash(accessToken) {
      const digest = new Uint8Array(
        await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken)),
      );
      return base64url.encode(digest.slice(0, 16));
    },
  };
}
