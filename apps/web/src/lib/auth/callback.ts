import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ASYMMETRIC_JWT_ALGORITHMS } from '@portico/contracts/tokens';
import { z } from 'zod';
import { getConfig } from '../../config/runtime-config.js';
import { paths } from '../../config/paths.js';
import { session as sessionStorage } from '../storage/storage.js';
import { accessTokenHash, providerMetadata, type ProviderMetadata } from './oidc.js';
import { safeReturnPath } from './safe-redirect.js';
import { callbackUrl, clearPendingSignIn, CODE_VERIFIER_KEY, NONCE_KEY } from './session.js';
import { decodeState } from './state.js';
import { clearTokens, storeTokens } from './tokens.js';

/**
 * The sign-in callback (§4 "Sign-in callback", route state-redirect).
 *
 * completeSignIn(url) returns where to go next:
 * - an `error` in the query or fragment → the configured logout path with a timestamp
 *   (`/logout?t=1700000000000`);
 * - tokens missing or failing validation (signature via the provider's JWKS, iss, aud,
 *   exp, nonce, at_hash), an `iss` parameter naming another issuer (RFC 9207), or a failed
 *   code exchange → the same logout path; nothing is stored;
 * - otherwise both tokens are stored in localStorage and the result is the path decoded from
 *   `state`, or '/' when state is not base64, when the path contains the callback path, or
 *   when it is not a same-origin relative path.
 * The logout path comes from configuration and may be an absolute address; everything else
 * is an in-app path. The caller should navigate with history replacement so the tokens in
 * the callback URL do not stay in the history.
 */

const CLOCK_TOLERANCE_SECONDS = 60;

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  id_token: z.string().min(1),
  token_type: z.string().optional(),
});

const keySets = new Map<string, JWTVerifyGetKey>();

/** The provider's signing keys (fetched on demand and refreshed by jose when a new kid appears). */
export function providerKeys(jwksUri: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri));
    keySets.set(jwksUri, keys);
  }
  return keys;
}

export class SignInError extends Error {
  override readonly name = 'SignInError';
}

function logoutDestination(): string {
  const logoutPath = getConfig().logoutPath || paths.logout();
  return `${logoutPath}${logoutPath.includes('?') ? '&' : '?'}t=${Date.now()}`;
}

/** The in-app path the state names, or '/' (§4). */
export function pathFromState(state: string | null): string {
  const decoded = decodeState(state);
  if (decoded === null) return '/';
  if (decoded.includes(paths.stateRedirect())) return '/';
  return safeReturnPath(decoded);
}

async function exchangeCode(
  provider: ProviderMetadata,
  code: string,
): Promise<{ accessToken: string; idToken: string }> {
  const verifier = sessionStorage.get(CODE_VERIFIER_KEY);
  if (!verifier) throw new SignInError('No sign-in in progress (missing PKCE verifier)');
  if (!provider.token_endpoint) throw new SignInError('The provider has no token endpoint');
  const response = await fetch(new URL(provider.token_endpoint, window.location.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrl(),
      client_id: getConfig().auth.clientId,
      code_verifier: verifier,
    }),
    signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new SignInError(`Code exchange failed: HTTP ${response.status}`);
  const body = tokenResponseSchema.parse(await response.json());
  return { accessToken: body.access_token, idToken: body.id_token };
}

async function validateIdToken(
  provider: ProviderMetadata,
  idToken: string,
  accessToken: string,
  requireAtHash: boolean,
): Promise<void> {
  const expectedNonce = sessionStorage.get(NONCE_KEY);
  if (!expectedNonce) throw new SignInError('No sign-in in progress (missing nonce)');
  const clientId = getConfig().auth.clientId;
  const { payload, protectedHeader } = await jwtVerify(idToken, providerKeys(provider.jwks_uri), {
    issuer: provider.issuer,
    audience: clientId,
    algorithms: ASYMMETRIC_JWT_ALGORITHMS,
    requiredClaims: ['exp', 'iat', 'sub'],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  });
  if (payload.nonce !== expectedNonce) throw new SignInError('id_token nonce does not match');
  // OpenID Connect Core §3.1.3.7: with several audiences, azp must be this client.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload['azp'] !== clientId) {
    throw new SignInError('id_token azp does not name this client');
  }
  const atHash = payload['at_hash'];
  if (atHash === undefined) {
    if (requireAtHash) throw new SignInError('id_token has no at_hash');
    return;
  }
  if (atHash !== (await accessTokenHash(accessToken, protectedHeader.alg))) {
    throw new SignInError('id_token at_hash does not match the access token');
  }
}

/** Completes sign-in from the callback URL and returns the path to go to (see above). */
export async function completeSignIn(url: URL): Promise<string> {
  const query = url.searchParams;
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (query.has('error') || fragment.has('error')) {
    const error = query.get('error') ?? fragment.get('error');
    const description = query.get('error_description') ?? fragment.get('error_description');
    console.warn('Sign-in returned an error', error, description ?? '');
    clearPendingSignIn();
    return logoutDestination();
  }

  const implicit = getConfig().auth.responseType === 'id_token token';
  const state = implicit
    ? (fragment.get('state') ?? query.get('state'))
    : (query.get('state') ?? fragment.get('state'));
  try {
    const provider = await providerMetadata();
    // RFC 9207: an authorisation response naming another issuer is a mix-up attack.
    const answeredBy = query.get('iss') ?? fragment.get('iss');
    if (answeredBy !== null && answeredBy !== provider.issuer) {
      throw new SignInError(`The answer comes from issuer ${answeredBy}`);
    }
    let tokens: { accessToken: string; idToken: string };
    if (implicit) {
      const idToken = fragment.get('id_token');
      const accessToken = fragment.get('access_token');
      if (!idToken || !accessToken) throw new SignInError('The callback carries no tokens');
      tokens = { idToken, accessToken };
    } else {
      const code = query.get('code');
      if (!code) throw new SignInError('The callback carries no authorisation code');
      tokens = await exchangeCode(provider, code);
    }
    // In the implicit flow the access token travels beside the id token: at_hash binds them.
    await validateIdToken(provider, tokens.idToken, tokens.accessToken, implicit);
    storeTokens(tokens);
  } catch (error) {
    console.error('Sign-in could not be completed', error);
    clearTokens();
    return logoutDestination();
  } finally {
    clearPendingSignIn();
  }
  return pathFromState(state);
}
