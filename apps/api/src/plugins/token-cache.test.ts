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
    return { verify, cached, advance: (ms: number) => (clock += ms) };
  }

  it('verifies a token once and answers the same subject again for a while', async () => {
    const { verify, cached, advance } = setUp(start + 3_600_000);
    expect(await cached('a')).toMatchObject({ userId: 'user-a' });
    advance(59_000);
    expect(await cached('a')).toMatchObject({ userId: 'user-a' });
    expect(verify).toHaveBeenCalledTimes(1);
    // After the maximum age it is verified again.
    advance(2_000);
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never reuses a verification past the token expiry', async () => {
    const { verify, cached, advance } = setUp(start + 5_000);
    await cached('a');
    advance(5_000);
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('remembers no failure and no token without an expiry', async () => {
    const { verify, cached } = setUp(undefined);
    await expect(cached('bad')).rejects.toThrow('bad signature');
    await expect(cached('bad')).rejects.toThrow('bad signature');
    await cached('a');
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(4);
  });

  it('forgets the oldest token when full', async () => {
    const { verify, cached } = setUp(start + 3_600_000, { maxEntries: 2 });
    await cached('a');
    await cached('b');
    await cached('c');
    await cached('b');
    expect(verify).toHaveBeenCalledTimes(3);
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(4);
  });

  it('keeps a token that was used recently and forgets the least recently used one', async () => {
    const { verify, cached } = setUp(start + 3_600_000, { maxEntries: 2 });
    await cached('a');
    await cached('b');
    await cached('a'); // a is used again: b is now the least recently used
    await cached('c');
    expect(verify).toHaveBeenCalledTimes(3);
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(3);
    await cached('b');
    expect(verify).toHaveBeenCalledTimes(4);
  });

  it('reuses a verification up to the millisecond before the expiry, not at it', async () => {
    const { verify, cached, advance } = setUp(start + 5_000);
    await cached('a');
    advance(4_999);
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(1);
    advance(1);
    await cached('a');
    expect(verify).toHaveBeenCalledTimes(2);
  });
});
