/**
 * A read-through cache of what the database says, dropped by change notifications (ADR 0043).
 *
 * It serves only while `serving()` says the change feed is connected: a lost feed may have
 * missed a change, so every read goes to the database until it is back (and the entries are
 * dropped meanwhile by the owner). A load that was running when something changed is answered
 * but not kept: every forget/clear moves the generation on, and a load keeps its value only
 * when the generation it started in is still current. Entries also expire after `ttlMs`, the
 * bound on staleness should a notification ever go astray.
 */
export interface ReadCacheOptions {
  maxEntries: number;
  ttlMs: number;
  serving: () => boolean;
  now?: () => number;
  /** Hears each look-up's outcome (the /metrics hit and miss counters). */
  onLookup?: (outcome: 'hit' | 'miss' | 'bypass') => void;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class ReadCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: ReadCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The cached value, else `load()`'s, kept when `keep` allows it (e.g. only active users). */
  async get(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (!this.options.serving()) {
      this.options.onLookup?.('bypass');
      return load();
    }
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      this.options.onLookup?.('hit');
      return hit.value;
    }
    this.options.onLookup?.('miss');
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.options.serving() && keep(value)) {
      this.entries.delete(key);
      // Oldest first out: a Map iterates in insertion order.
      if (this.entries.size >= this.options.maxEntries) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
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
