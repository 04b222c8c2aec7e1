import type { FastifyInstance } from 'fastify';
import { ReadCache } from '../lib/cache/read-cache.js';
import { ChangeFeed } from '../lib/change-feed.js';
import type { CacheOutcome } from '../lib/metrics/metrics.js';
import { rootPlugin } from '../lib/root-plugin.js';
import type { CachedNewsPage } from '../modules/news/index.js';
import { FacetIndexCache, loadFacetIndex } from '../modules/my-solutions/index.js';
import { createSearchCaches, type SearchCaches } from '../modules/search/index.js';
import type { TokenStateReader } from '../modules/user-management/index.js';

/** The channel the triggers of migration 016 notify on; payload "<schema> <what> [<id>]". */
export const CHANGES_CHANNEL = 'portico_changes';

/** A user's token state (ADR 0027) as the users table holds it. */
export type TokenStateRow = NonNullable<Awaited<ReturnType<TokenStateReader>>>;

export interface ReadCaches {
  /** users.id → status and tokens_valid_after; only Active users are kept. */
  tokenState: ReadCache<string, TokenStateRow | undefined>;
  /** The list query's criteria → the page. The list is the same for every signed-in user. */
  newsList: ReadCache<string, CachedNewsPage>;
  /** product id → its documents as facet bitmaps (ADR 0055 addendum), built in the background. */
  documentFacets: FacetIndexCache;
  /** A search's answers (hits, counts, suggestions, corrections) by query and scope. */
  search: SearchCaches;
  /** Whether they serve: on, and hearing the database's notifications. */
  serving(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCaches: ReadCaches;
    /** The node's one listener for the database's change notifications (ADR 0043, 0054). */
    changes: ChangeFeed;
  }
}

const TTL_MS = 60_000;
/** A product's bitmaps cost one read of its documents to build: kept longer (notifications drop them). */
const FACETS_TTL_MS = 10 * 60_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Read caches for the two reads every news-list call made (ADR 0043): the caller's token
 * state and the list page; a product's document facets; a search's answers (ADR 0066
 * addendum). Several instances stay one portal: each listens for the database's change
 * notifications (triggers, migrations 016, 024, 041), which reach every instance on commit, and
 * serves from cache only while it is listening. A write through this instance also drops its
 * own caches before it answers, so its caller reads what it wrote even before the
 * notification arrives. READ_CACHE=0 turns them off (every read goes to the database).
 */
export const readCachesPlugin = rootPlugin('portico-read-caches', (app: FastifyInstance) => {
  let listening = false;
  const serving = () => app.env.READ_CACHE && listening;
  const counted = (cache: string) => (outcome: CacheOutcome) =>
    app.metrics.cacheLookups.inc({ cache, outcome });
  const caches: ReadCaches = {
    tokenState: new ReadCache({
      maxEntries: 10_000,
      ttlMs: TTL_MS,
      serving,
      onLookup: counted('token_state'),
    }),
    newsList: new ReadCache({
      maxEntries: 500,
      ttlMs: TTL_MS,
      serving,
      onLookup: counted('news_list'),
    }),
    documentFacets: new FacetIndexCache({
      maxProducts: 20,
      ttlMs: FACETS_TTL_MS,
      serving,
      load: (productId) => loadFacetIndex(app.db, productId),
      onError: (error) => app.log.warn(error, 'could not build document facet bitmaps'),
    }),
    search: createSearchCaches({ ttlMs: TTL_MS, serving, onLookup: counted }),
    serving,
  };
  // Not the document bitmaps: no API call writes documents, so only their notification (or
  // a lost feed) drops them, not every write through this node.
  const clearAll = () => {
    caches.tokenState.clear();
    caches.newsList.clear();
    caches.search.clear();
  };
  app.decorate('readCaches', caches);
  const changes = new ChangeFeed(app.db, CHANGES_CHANNEL);
  app.decorate('changes', changes);
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    await changes.close();
  });
  if (!app.env.READ_CACHE) return Promise.resolve();

  const onNotify = (payload: string) => {
    const [schema, what, id] = payload.split(' ');
    if (schema !== app.db.schema) return;
    // A user's notifications (migration 022) are in no cache: the streams hear those.
    if (what?.startsWith('notification')) return;
    // News and documents are searched too; 'search' is every other searchable table, and
    // 'callers' what the search's gates read of users (041).
    if (what === 'news') {
      caches.newsList.clear();
      caches.search.clear();
    } else if (what === 'documents') {
      caches.documentFacets.clear();
      caches.search.clear();
    } else if (what === 'search') caches.search.clear();
    else if (what === 'callers') caches.search.callers.clear();
    else if (what === 'user' && id) {
      caches.tokenState.forget(id);
      caches.search.callers.clear();
    } else clearAll();
  };
  app.addHook('onReady', async () => {
    try {
      await changes.subscribe({
        onNotify,
        onConnected(connected) {
          // Either way the entries may be older than a missed notification: drop them.
          clearAll();
          caches.documentFacets.clear();
          listening = connected;
          if (!connected && !closing) {
            app.log.warn('change notifications lost: read caches off until back');
          }
        },
      });
    } catch (error) {
      app.log.error(error, 'could not listen for change notifications: read caches off');
    }
  });
  // A signed-in write through this instance: drop before answering (the handler's
  // transaction has committed), so this caller's next read is fresh without waiting for the
  // notification. Anonymous calls change nothing cached (and must not empty it at will).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.caller && MUTATING.has(request.method) && request.url.startsWith('/api/'))
      clearAll();
    return payload;
  });
  return Promise.resolve();
});
