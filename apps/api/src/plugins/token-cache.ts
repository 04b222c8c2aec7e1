import { LRUCache } from 'lru-cache';
import { lruClock, lruTtl } from '../lib/cache/read-cache.js';
import type { TokenVerifier, VerifiedToken } from './verified-token.js';

export interface TokenCacheOptions {
  /** How many verified tokens are remembered (the least recently used is forgotten first). */
  maxEntries?: number;
  /** How long a verification is reused at most, in milliseconds (never past the token's exp). */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Reuses a successful verification of the same bearer token for a short while (ADR 0021):
 * checking an RS256 signature was a fifth of the CPU of a news list call, and a browser sends
 * the same token with every call. A verification is a pure function of the token, the
 * issuer's keys and the clock, so reusing it until the earlier of the token's expiry and
 * `maxAgeMs` answers as verifying again would, except that a key taken out of the issuer's
 * set is still honoured for at most `maxAgeMs`. Failures and tokens without an expiry are
 * never remembered. Nothing here matters if lost: another instance, or a restart, simply
 * verifies again. When full, the least recently used token makes room (lru-cache, ADR 0064):
 * the tokens of people at work stay, the one-off ones go.
 */
export function withTokenCache(
  verify: TokenVerifier,
  { maxEntries = 10_000, maxAgeMs = 60_000, now }: TokenCacheOptions = {},
): TokenVerifier {
  const cache = new LRUCache<string, VerifiedToken>({
    max: maxEntries,
    ttlResolution: 0,
    ...lruClock(now),
  });
  const clock = now ?? Date.now;
  return async (token) => {
    // A hit becomes the most recently used; an expired entry is dropped and verified again.
    const hit = cache.get(token);
    if (hit) return hit;
    const verified = await verify(token);
    if (verified.expiresAt !== undefined) {
      const at = clock();
      const ttl = lruTtl(Math.min(verified.expiresAt, at + maxAgeMs), at);
      if (ttl !== undefined) cache.set(token, verified, { ttl });
    }
    return verified;
  };
}
