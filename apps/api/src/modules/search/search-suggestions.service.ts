import {
  SEARCH_MIN_LENGTH,
  SEARCH_SUGGESTIONS_LIMIT,
  type RecentSearches,
  type SearchSuggestion,
  type SearchSuggestions,
} from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { findSuggestions, titlePrefixQuery } from './search-suggestions.repository.js';
import { hitHref, planHits, type SearchHitsContext } from './search-hits.service.js';
import { listRecentSearches, rememberSearch as remember } from './search-history.repository.js';
import { throughCache } from './search-cache.js';
import { toSegments } from './search-segments.js';

/**
 * As-you-type suggestions of the header's search box (issue 38): up to
 * SEARCH_SUGGESTIONS_LIMIT titles whose words begin with what was typed, from every source
 * the caller may search (the hits' gates, planHits), newest first per source and taken in
 * turn across sources in §2's card order, so one busy source cannot fill the list. Nothing
 * before §9's minimum of three characters.
 */
export async function getSuggestions(
  ctx: SearchHitsContext,
  callerId: string,
  criteria: { query: string; productId?: string | undefined },
): Promise<SearchSuggestions> {
  const { query } = criteria;
  const tsquery = titlePrefixQuery(query);
  if (query.length < SEARCH_MIN_LENGTH || tsquery === null) return { suggestions: [] };
  const plan = await planHits(ctx, callerId, criteria.productId);
  const { rows } = await throughCache(
    ctx.caches?.suggestions,
    [plan.sources, query, SEARCH_SUGGESTIONS_LIMIT],
    () => findSuggestions(ctx.db, plan.sources, query, SEARCH_SUGGESTIONS_LIMIT),
  );
  const perSource = plan.sources.map(({ source }) =>
    rows
      .filter((row) => row.source === source)
      .map((row): SearchSuggestion => ({
        source,
        title: toSegments(row.title),
        href: hitHref(ctx, plan.product, source, row, query),
      })),
  );
  const suggestions: SearchSuggestion[] = [];
  const seen = new Set<string>();
  for (let i = 0; suggestions.length < SEARCH_SUGGESTIONS_LIMIT; i += 1) {
    const round = perSource.map((list) => list[i]).filter((s) => s !== undefined);
    if (round.length === 0) break;
    for (const suggestion of round) {
      if (suggestions.length === SEARCH_SUGGESTIONS_LIMIT || seen.has(suggestion.href)) continue;
      seen.add(suggestion.href);
      suggestions.push(suggestion);
    }
  }
  return { suggestions };
}

/** The caller's own recent searches (the header box offers them while it is empty). */
export async function getRecentSearches(
  ctx: SearchHitsContext,
  callerId: string,
): Promise<RecentSearches> {
  return { searches: await listRecentSearches(ctx.db, callerId) };
}

/** Records a results page's search (what the header box offers again while empty). */
export const rememberSearch = (
  db: Queryable,
  userId: string,
  query: string,
  productId: string | undefined,
): Promise<void> => remember(db, userId, query, productId);
