import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

function cache(options: { serving?: () => boolean; maxEntries?: number } = {}) {
  let now = 1_000;
  const c = new ReadCache<string, number>({
    maxEntries: options.maxEntries ?? 10,
    ttlMs: 100,
    serving: options.serving ?? (() => true),
    now: () => now,
  });
  return { c, advance: (ms: number) => (now += ms) };
}

describe('ReadCache (ADR 0043)', () => {
  it('reports each look-up as a hit, a miss or a bypass (the /metrics counters, ADR 0052)', async () => {
    let serving = true;
    const outcomes: string[] = [];
    const c = new ReadCache<string, number>({
      maxEntries: 10,
      ttlMs: 1000,
      serving: () => serving,
      onLookup: (outcome) => outcomes.push(outcome),
    });
    await c.get('k', () => Promise.resolve(1));
    await c.get('k', () => Promise.resolve(2));
    serving = false;
    await c.get('k', () => Promise.resolve(3));
    expect(outcomes).toEqual(['miss', 'hit', 'bypass']);
  });

  it('loads once, then answers from the cache until the entry expires', async () => {
    const { c, advance } = cache();
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await c.get('k', load)).toBe(1);
    expect(await c.get('k', load)).toBe(1);
    advance(100);
    expect(await c.get('k', load)).toBe(2);
  });

  it('does not keep what a load read while a change came in', async () => {
    const { c } = cache();
    let release: (value: number) => void = () => undefined;
    const slow = c.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    c.forget('k'); // the change notification arrives while the old value is on its way
    release(1);
    expect(await slow).toBe(1);
    expect(await c.get('k', () => Promise.resolve(2))).toBe(2);
  });

  it('reads through while not serving, and keeps only what `keep` allows', async () => {
    let serving = false;
    const { c } = cache({ serving: () => serving });
    await c.get('k', () => Promise.resolve(1));
    expect(c.size).toBe(0);
    serving = true;
    await c.get(
      'k',
      () => Promise.resolve(1),
      (value) => value > 1,
    );
    expect(c.size).toBe(0);
    await c.get(
      'k',
      () => Promise.resolve(2),
      (value) => value > 1,
    );
    expect(c.size).toBe(1);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const { c } = cache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await c.get(key, () => Promise.resolve(1));
    expect(c.size).toBe(2);
    expect(await c.get('a', () => Promise.resolve(9))).toBe(9);
    expect(await c.get('c', () => Promise.resolve(9))).toBe(1);
  });

  it('keeps an entry that was read recently and drops the least recently used one', async () => {
    const { c } = cache({ maxEntries: 2 });
    await c.get('a', () => Promise.resolve(1));
    await c.get('b', () => Promise.resolve(1));
    expect(await c.get('a', () => Promise.resolve(9))).toBe(1); // a read: b is now the oldest read
    await c.get('c', () => Promise.resolve(1));
    expect(c.size).toBe(2);
    expect(await c.get('a', () => Promise.resolve(9))).toBe(1);
    expect(await c.get('b', () => Promise.resolve(9))).toBe(9);
  });

  it('answers from the cache up to the millisecond before the entry expires', async () => {
    const { c, advance } = cache();
    await c.get('k', () => Promise.resolve(1));
    advance(99);
    expect(await c.get('k', () => Promise.resolve(2))).toBe(1);
    advance(1);
    expect(await c.get('k', () => Promise.resolve(3))).toBe(3);
  });
});
