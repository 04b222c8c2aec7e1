import { LRUCache } from 'lru-cache';

/**
 * A read-through cache of what the database says, dropped by change notifications (ADR 0043).
 *
 * It serves only while `serving()` says the change feed is connected: a lost feed may have
 * missed a change, so every read goes to the database until it is back (and the entries are
 * dropped meanwhile by the owner). A load that was running when something changed is answered
 * but not kept: every forget/clear moves the generation on, and a load keeps its value only
 * when the generation it started in is still current. Entries also expire after `ttlMs`, the
 * bound on staleness should a notification ever go astray. When full, the least recently
 * used entry makes room (lru-cache, ADR 0064).
 */
export interface ReadCacheOptions {
  maxEntries: number;
  ttlMs: number;
  serving: () => boolean;
  now?: () => number;
  /** Hears each look-up's outcome (the /metrics hit and miss counters). */
  onLookup?: (outcome: 'hit' | 'miss' | 'bypass') => void;
}

/**
 * lru-cache counts an entry fresh while its age is at most its ttl; ours are fresh strictly
 * before their deadline (a token at its `exp` is no longer valid), so each ttl is set one
 * millisecond short. With a clock in whole milliseconds that is the same bound exactly.
 */
export function lruTtl(deadline: number, now: number): number | undefined {
  const ttl = deadline - now - 1;
  // lru-cache reads a ttl of 0 as "never expires": an entry that short is not worth keeping.
  return ttl >= 1 ? ttl : undefined;
}

/** The clock an lru-cache measures ttls with: performance.now(), or the one a test gives. */
export function lruClock(now: (() => number) | undefined): { perf?: { now: () => number } } {
  // ttlResolution 0 (set by the callers) reads the clock on each look-up instead of caching
  // it behind a timer per look-up.
  return now ? { perf: { now } } : {};
}

export class ReadCache<K extends string, V> {
  // Wrapped: a cached value may itself be undefined (an unknown user), which lru-cache cannot hold.
  private readonly entries: LRUCache<K, { value: V }>;
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: ReadCacheOptions) {
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<K, { value: V }>({
      max: options.maxEntries,
      ttlResolution: 0,
      ...lruClock(options.now),
    });
  }

  /** The cached value, else `load()`'s, kept when `keep` allows it (e.g. only active users). */
  async get(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (!this.options.serving()) {
      this.options.onLookup?.('bypass');
      return load();
    }
    // A hit becomes the most recently used entry; an expired one is dropped and misses.
    const hit = this.entries.get(key);
    if (hit) {
      this.options.onLookup?.('hit');
      return hit.value;
    }
    this.options.onLookup?.('miss');
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.options.serving() && keep(value)) {
      const now = this.now();
      const ttl = lruTtl(now + this.options.ttlMs, now);
      // Full: the least recently used entry makes room.
      if (ttl !== undefined) this.entries.set(key, { value }, { ttl });
    }
    return value;
  }

  forget(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
