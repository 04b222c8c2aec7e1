import type { TokenVerifier, VerifiedToken } from './auth.js';

export interface TokenCacheOptions {
  /** How many verified tokens are remembered (the oldest is forgotten first). */
  maxEntries?: number;
  /** How long a verification is reused at most, in milliseconds (never past the token's exp). */
  maxAgeMs?: number;
  now?: () => number;
}

interface Entry {
  verified: VerifiedToken;
  /** Epoch ms from which the token is verified again. */
  until: number;
}

/**
 * Reuses a successful verification of the same bearer token for a short while (ADR 0021):
 * checking an RS256 signature was a fifth of the CPU of a news list call, and a browser sends
 * the same token with every call. A verification is a pure function of the token, the
 * issuer's keys and the clock, so reusing it until the earlier of the token's expiry and
 * `maxAgeMs` answers as verifying again would, except that a key taken out of the issuer's
 * set is still honoured for at most `maxAgeMs`. Failures and tokens without an expiry are
 * never remembered. Nothing here matters if lost: another instance, or a restart, simply
 * verifies again.
 */
export function withTokenCache(
  verify: TokenVerifier,
  { maxEntries = 10_000, maxAgeMs = 60_000, now = Date.now }: TokenCacheOptions = {},
): TokenVerifier {
  const cache = new Map<string, Entry>();
  return async (token) => {
    const hit = cache.get(token);
    if (hit) {
      if (now() < hit.until) return hit.verified;
      cache.delete(token);
    }
    const verified = await verify(token);
    if (verified.expiresAt !== undefined) {
      if (cache.size >= maxEntries) {
        // A Map iterates in insertion order: the first key is the oldest entry.
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      cache.set(token, {
        verified,
        until: Math.min(verified.expiresAt, now() + maxAgeMs),
      });
    }
    return verified;
  };
}
