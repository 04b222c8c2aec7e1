import { session } from '../../../lib/storage/storage.js';

/** §9: the session-storage key of the news query. */
export const NEWS_QUERY_KEY = 'NewsQuery';

/**
 * §4 News list, session rules for the query:
 * - an empty query (none in the address) is restored from session storage;
 * - a non-empty query that had results is saved there;
 * - a query without results is removed, and so is a cleared search.
 */
export const newsQueryStorage = {
  /** The query to use: the one from the address, or the saved one when that is empty. */
  restore(queryFromUrl: string): string {
    if (queryFromUrl !== '') return queryFromUrl;
    return session.get(NEWS_QUERY_KEY) ?? '';
  },
  /** Records the outcome of a search for a non-empty query. */
  remember(query: string, total: number): void {
    if (query === '') return;
    if (total > 0) session.set(NEWS_QUERY_KEY, query);
    else session.remove(NEWS_QUERY_KEY);
  },
  /** The user cleared the search. */
  clear(): void {
    session.remove(NEWS_QUERY_KEY);
  },
};
