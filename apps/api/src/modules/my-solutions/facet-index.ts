import { DOCUMENTS_PAGE_SIZE } from '@portico/contracts';
import { TypedFastBitSet } from 'typedfastbitset';
import type { Queryable } from '../../db/db.js';
import {
  FACET_COLUMNS,
  findPackedFacets,
  type CountRow,
  type SearchResult,
} from './product-documents.repository.js';

/**
 * One product's documents as bitmaps (ADR 0055 addendum): ordinal i is the i-th document in
 * the list's order (newest first, then id descending), and each facet value has the set of
 * ordinals that carry it. Derived from PostgreSQL, never written to: a node builds it from one
 * statement and drops it when the documents change (migration 024's notification).
 */
export class DocumentFacetIndex {
  private constructor(
    /** Ordinal → document id. */
    private readonly ids: Float64Array,
    /** Facet → code → ordinals carrying it (codes are small: the vocabulary's). */
    private readonly bits: readonly (readonly (TypedFastBitSet | undefined)[])[],
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /**
   * From the two byte strings of `loadFacetIndex`: ids as 8-byte big-endian integers and, per
   * document, its nine codes as 2-byte big-endian integers, both in the list's order.
   */
  static fromBytes(ids: Uint8Array, codes: Uint8Array): DocumentFacetIndex {
    const n = ids.byteLength / 8;
    const idView = new DataView(ids.buffer, ids.byteOffset, ids.byteLength);
    const codeView = new DataView(codes.buffer, codes.byteOffset, codes.byteLength);
    const ordinalIds = new Float64Array(n);
    const bits: TypedFastBitSet[][] = FACET_COLUMNS.map(() => []);
    const width = FACET_COLUMNS.length;
    for (let i = 0; i < n; i++) ordinalIds[i] = Number(idView.getBigInt64(i * 8));
    bits.forEach((byCode, f) => {
      for (let i = 0; i < n; i++) {
        const code = codeView.getInt16((i * width + f) * 2);
        let set = byCode[code];
        if (set === undefined) {
          set = new TypedFastBitSet();
          set.resize(n);
          byCode[code] = set;
        }
        set.add(i);
      }
    });
    return new DocumentFacetIndex(ordinalIds, bits);
  }

  /** The ordinals having one of `codes` in `facet` (a new set: the caller may change it). */
  private anyOf(facet: number, codes: readonly number[]): TypedFastBitSet {
    const union = new TypedFastBitSet();
    for (const code of codes) {
      const set = this.bits[facet]?.[code];
      if (set) union.union(set);
    }
    return union;
  }

  /**
   * No query, facets selected: the same answer as the SQL of ADR 0034 (a facet's counts apply
   * every other facet's selection; the total and the page apply all of them), from ANDs and
   * popcounts of bitmaps, then a walk of the matches in the list's order to the page.
   */
  filter(selected: ReadonlyMap<number, readonly number[]>, page: number): SearchResult {
    const chosen = [...selected].map(([facet, codes]) => ({
      facet,
      set: this.anyOf(facet, codes),
    }));
    const intersect = (sets: readonly TypedFastBitSet[]): TypedFastBitSet | null => {
      const [first, ...rest] = sets;
      if (!first) return null; // no selection: every document
      const result = first.clone();
      for (const set of rest) result.intersection(set);
      return result;
    };
    const all = intersect(chosen.map((c) => c.set));
    const counts: CountRow[] = [];
    this.bits.forEach((byCode, facet) => {
      const scope = selected.has(facet)
        ? intersect(chosen.filter((c) => c.facet !== facet).map((c) => c.set))
        : all;
      byCode.forEach((set, code) => {
        if (!set) return;
        const n = scope ? set.intersection_size(scope) : set.size();
        if (n > 0) counts.push({ facet, code, n });
      });
    });
    const ids: number[] = [];
    const skip = (page - 1) * DOCUMENTS_PAGE_SIZE;
    let seen = 0;
    if (all) {
      for (const ordinal of all) {
        if (seen++ < skip) continue;
        const id = this.ids[ordinal];
        if (id !== undefined) ids.push(id);
        if (ids.length === DOCUMENTS_PAGE_SIZE) break;
      }
    } else {
      ids.push(...this.ids.subarray(skip, skip + DOCUMENTS_PAGE_SIZE));
    }
    return { total: all ? all.size() : this.ids.length, windowed: false, ids, counts };
  }
}

/**
 * The product's documents in the list's order, packed by PostgreSQL into two byte strings
 * (one round trip, no row objects: a million documents are 8 + 18 MB).
 */
export async function loadFacetIndex(
  db: Queryable,
  productId: string,
): Promise<DocumentFacetIndex> {
  const packed = await findPackedFacets(db, productId);
  return DocumentFacetIndex.fromBytes(packed.ids, packed.codes);
}

export interface FacetIndexCacheOptions {
  /** Whether it may serve: on, and hearing the database's change notifications (ADR 0043). */
  serving: () => boolean;
  /** Bound on staleness should a notification ever go astray. */
  ttlMs: number;
  maxProducts: number;
  load: (productId: string) => Promise<DocumentFacetIndex>;
  onError?: (error: unknown) => void;
  now?: () => number;
}

/**
 * Each product's index, built in the background on first use: until it is there (and while
 * the node does not hear notifications) callers answer from SQL, so a build never delays a
 * request. A build that was running when the documents changed is thrown away (generation).
 */
export class FacetIndexCache {
  private readonly entries = new Map<string, { index: DocumentFacetIndex; expiresAt: number }>();
  private readonly building = new Map<string, Promise<void>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: FacetIndexCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The product's index if built and fresh; otherwise starts a build and says undefined. */
  peek(productId: string): DocumentFacetIndex | undefined {
    if (!this.options.serving()) return undefined;
    const entry = this.entries.get(productId);
    if (entry && entry.expiresAt > this.now()) return entry.index;
    void this.build(productId);
    return undefined;
  }

  /** Builds the product's index (once at a time); resolves when it is kept or thrown away. */
  build(productId: string): Promise<void> {
    const running = this.building.get(productId);
    if (running) return running;
    const generation = this.generation;
    const done = this.options
      .load(productId)
      .then((index) => {
        if (generation !== this.generation || !this.options.serving()) return;
        this.entries.delete(productId);
        if (this.entries.size >= this.options.maxProducts) {
          const oldest = this.entries.keys().next();
          if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.set(productId, { index, expiresAt: this.now() + this.options.ttlMs });
      })
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => this.building.delete(productId));
    this.building.set(productId, done);
    return done;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
