import type { ProviderMetadata } from './discovery-schema.js';
import { getConfig } from '../../config/runtime-config.js';

/**
 * OpenID Connect plumbing shared by sign-in, callback and sign-out: provider discovery,
 * the provider's key set, PKCE and at_hash. Results are cached per issuer / key-set address.
 */

export type { ProviderMetadata };

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** The configured issuer as an absolute URL (a relative one is resolved against this origin). */
export function configuredIssuer(): string {
  return withoutTrailingSlash(new URL(getConfig().auth.issuer, window.location.origin).href);
}

const discoveries = new Map<string, Promise<ProviderMetadata>>();

async function fetchDiscovery(issuer: string): Promise<ProviderMetadata> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new Error(`OpenID discovery failed: HTTP ${response.status}`);
  // The schema (and zod) load with the first discovery (sign-in, callback, sign-out), never
  // with a signed-in page's start-up (ADR 0047).
  const { discoverySchema } = await import('./discovery-schema.js');
  const metadata = discoverySchema.parse(await response.json());
  // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
  if (withoutTrailingSlash(metadata.issuer) !== issuer) {
    throw new Error(`OpenID discovery names issuer ${metadata.issuer}, expected ${issuer}`);
  }
  return metadata;
}

/** The provider metadata of the configured issuer, fetched once (a failure is retried next time). */
/** Tests: the next call asks the provider again. */
export function forgetProviderMetadata(): void {
  discoveries.clear();
}

export function providerMetadata(): Promise<ProviderMetadata> {
  const issuer = configuredIssuer();
  let pending = discoveries.get(issuer);
  if (!pending) {
    pending = fetchDiscovery(issuer);
    discoveries.set(issuer, pending);
    void pending.catch(() => discoveries.delete(issuer));
  }
  return pending;
}

/**
 * RFC 4648 §5 base64url without padding. Local rather than jose's: jose (id token checks)
 * is loaded only by the sign-in callback, off the start-up path (ADR 0039).
 */
export function base64urlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random URL-safe token (nonce, PKCE verifier): 32 bytes of entropy. */
export function randomToken(): string {
  return base64urlEncode(crypto.getRandomValues(new Uint8Array(32)));
}

async function digest(algorithm: string, text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest(algorithm, new TextEncoder().encode(text)));
}

/** RFC 7636 S256 code challenge of a verifier. */
export async function pkceChallenge(verifier: string): Promise<string> {
  return base64urlEncode(await digest('SHA-256', verifier));
}

/** The hash an id token's signing algorithm implies (OpenID Connect Core §3.2.2.9). */
function hashFor(alg: string): string {
  if (alg === 'EdDSA' || alg === 'Ed25519') return 'SHA-512';
  const bits = /(256|384|512)$/.exec(alg)?.[1];
  if (!bits) throw new Error(`Unsupported id token algorithm ${alg}`);
  return `SHA-${bits}`;
}

/** at_hash of an access token: base64url of the left half of its hash. */
export async function accessTokenHash(accessToken: string, alg: string): Promise<string> {
  const hash = await digest(hashFor(alg), accessToken);
  return base64urlEncode(hash.slice(0, hash.length / 2));
}
