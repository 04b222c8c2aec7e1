import type { Queryable } from '../../db/db.js';
import { ReadCache } from '../../lib/cache/read-cache.js';
import type { CacheOutcome } from '../../lib/metrics/metrics.js';
import type { SourceHitRows } from './search-hits.repository.js';
import {
  findProductByContentId,
  findSearchCaller,
  type ProductContentCountRow,
  type ProductRef,
  type SearchCallerRow,
  type SupportCountRow,
} from './search.repository.js';
import type { Suggestions } from './search-suggestions.repository.js';

/** A product's counts: documentation and downloads (search.repository), news (modules/news). */
export type ProductCountRow = ProductContentCountRow & { news: number };

/**
 * What a search costs the database, kept per instance (issue 38, ADR 0066 addendum): the same
 * words over the same scope give the same answer to every caller, so the answers are read
 * caches like the news list's (ADR 0043). Keys hold the query and the scope only (a product's
 * or an account's id, the sources a caller may search); who may search what is decided on
 * every call before a key is made (planHits, the support count's permission check). Dropped
 * on commit of any change to a searchable table (migrations 016, 024, 041), served only while
 * the instance hears those notifications, and kept at most the read caches' ttl.
 */
export interface SearchCaches {
  /**
   * user id → what the gates read: account, permissions, employee, connected products.
   * Dropped on any change of those: the user's row ('user <id>', migrations 016 and 029) or
   * anyone's product links ('callers', 041).
   */
  callers: ReadCache<string, SearchCallerRow | null>;
  /** contentId → the product (id, slug). */
  products: ReadCache<string, ProductRef | null>;
  /** [sources with scopes, query] → each source's hits (one statement, findHits). */
  hits: ReadCache<string, SourceHitRows[]>;
  /** query → its spelling correction, or null. */
  corrections: ReadCache<string, string | null>;
  /** [sources with scopes, typed text, limit] → the titles to suggest. */
  suggestions: ReadCache<string, Suggestions>;
  /** [product id, query] → documentation, downloads and product news counts. */
  productCounts: ReadCache<string, ProductCountRow>;
  /** [account id, query] → cases, service catalogue and knowledge article counts. */
  supportCounts: ReadCache<string, SupportCountRow>;
  /** [source, query] → one source's count (community, University, news). */
  textCounts: ReadCache<string, number>;
  clear(): void;
}

export interface SearchCachesOptions {
  ttlMs: number;
  serving: () => boolean;
  /** Hears each look-up's outcome, by cache (the /metrics counters). */
  onLookup?: (cache: string) => (outcome: CacheOutcome) => void;
}

/** Distinct searches kept per cache; an answer is a few KB at most. */
const MAX_ENTRIES = 2_000;

export function createSearchCaches(options: SearchCachesOptions): SearchCaches {
  const cache = <V>(name: string) =>
    new ReadCache<string, V>({
      maxEntries: MAX_ENTRIES,
      ttlMs: options.ttlMs,
      serving: options.serving,
      ...(options.onLookup ? { onLookup: options.onLookup(`search_${name}`) } : {}),
    });
  const caches = {
    callers: cache<SearchCallerRow | null>('callers'),
    products: cache<ProductRef | null>('products'),
    hits: cache<SourceHitRows[]>('hits'),
    corrections: cache<string | null>('corrections'),
    suggestions: cache<Suggestions>('suggestions'),
    productCounts: cache<ProductCountRow>('product_counts'),
    supportCounts: cache<SupportCountRow>('support_counts'),
    textCounts: cache<number>('text_counts'),
  };
  return {
    ...caches,
    clear() {
      for (const each of Object.values(caches)) each.clear();
    },
  };
}

/**
 * `load()` through `cache` under the key made of `parts`, or straight when there is none;
 * kept only when `keep` allows it.
 */
export function throughCache<V>(
  cache: ReadCache<string, V> | undefined,
  parts: readonly unknown[],
  load: () => Promise<V>,
  keep?: (value: V) => boolean,
): Promise<V> {
  return cache ? cache.get(JSON.stringify(parts), load, keep) : load();
}

/** What the gates read through the caches: the database, and the caches when there are. */
export interface SearchLookups {
  db: Queryable;
  caches?: SearchCaches | undefined;
}

// An unknown user or product is not kept: one made a moment later must be found.
const found = <V>(value: V | null) => value !== null;

/** The caller as the gates see it (account, permissions, products), or null. */
export const searchCaller = (ctx: SearchLookups, userId: string) =>
  throughCache(ctx.caches?.callers, [userId], () => findSearchCaller(ctx.db, userId), found);

/** The product of a contentId, or null. */
export const searchProduct = (ctx: SearchLookups, contentId: string) =>
  throughCache(
    ctx.caches?.products,
    [contentId],
    () => findProductByContentId(ctx.db, contentId),
    found,
  );
