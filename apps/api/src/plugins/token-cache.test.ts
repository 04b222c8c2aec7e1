import { describe, expect, it, vi } from 'vitest';
import type { TokenVerifier } from './verified-token.js';
import { withTokenCache } from './token-cache.js';

describe('withTokenCache (ADR 0021)', () => {
  const start = Date.UTC(2026, 0, 1);

  function setUp(expiresAt: number | undefined, options = {}) {
    let clock = start;
    const verify = vi.fn<TokenVerifier>((token) => {
      if (token === 'bad') return Promise.reject(new Error('bad signature'));
      return Promise.resolve(
        expiresAt === undefined
          ? { userId: `user-${token}` }
          : { userId: `user-${token}`, expiresAt },
      );
    });
    const cached = withTokenCache(verify, { now: () => clock, ...options });
    /** Asks the cache for each token in turn; answers how often the verifier has run in all. */
    const verifiedAfter = async (...tokens: string[]) => {
      for (const token of tokens) await cached(token);
      return verify.mock.calls.length;
    };
    return { verify, cached, verifiedAfter, advance: (ms: number) => (clock += ms) };
  }

  it('verifies a token once and answers the same subject again for a while', async () => {
    const { verify, cached, verifiedAfter, advance } = setUp(start + 3_600_000);
    expect(await cached('a')).toMatchObject({ userId: 'user-a' });
    advance(59_000);
    expect(await cached('a')).toMatchObject({ userId: 'user-a' });
    expect(verify).toHaveBeenCalledTimes(1);
    // After the maximum age it is verified again.
    advance(2_000);
    expect(await verifiedAfter('a')).toBe(2);
  });

  it('remembers no failure and no token without an expiry', async () => {
    const { cached, verifiedAfter } = setUp(undefined);
    await expect(cached('bad')).rejects.toThrow('bad signature');
    await expect(cached('bad')).rejects.toThrow('bad signature');
    expect(await verifiedAfter('a', 'a')).toBe(4);
  });

  it('forgets the oldest token when full', async () => {
    const { verifiedAfter } = setUp(start + 3_600_000, { maxEntries: 2 });
    expect(await verifiedAfter('a', 'b', 'c', 'b')).toBe(3);
    expect(await verifiedAfter('a')).toBe(4);
  });

  it('keeps a token that was used recently and forgets the least recently used one', async () => {
    const { verifiedAfter } = setUp(start + 3_600_000, { maxEntries: 2 });
    // a is used again before c comes: b is then the least recently used.
    expect(await verifiedAfter('a', 'b', 'a', 'c')).toBe(3);
    expect(await verifiedAfter('a')).toBe(3);
    expect(await verifiedAfter('b')).toBe(4);
  });

  it.each([
    { elapsed: 4_999, times: 1 },
    { elapsed: 5_000, times: 2 },
  ])(
    'reuses a verification up to the millisecond before the token expiry, never at or past it: $elapsed ms on, $times verification(s)',
    async ({ elapsed, times }) => {
      const { verifiedAfter, advance } = setUp(start + 5_000);
      expect(await verifiedAfter('a')).toBe(1);
      advance(elapsed);
      expect(await verifiedAfter('a')).toBe(times);
    },
  );
});
