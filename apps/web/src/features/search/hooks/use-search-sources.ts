import type { CombinedSearchCounts, ProductSearchCounts } from '@portico/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { HttpError } from '../../../lib/http/http-error.js';
import { combinedCountQueryOptions } from '../api/combined-count.js';
import { communityCountQueryOptions } from '../api/community-count.js';
import { newsTotalQueryOptions } from '../api/news-total.js';
import { supportCountQueryOptions } from '../api/support-count.js';
import { universityCountQueryOptions } from '../api/university-count.js';
import type { SearchSourceResults, SourceResult } from '../utils/search-cards.js';

export interface SearchSourcesInput {
  /** Trimmed; '' asks nothing (§8 'No query entered'). */
  query: string;
  /** '' = no product selected. */
  productId: string;
  /** The signed-in user's id, for the support count (their own only). */
  userId: string;
  /** §6 SUPPORT_SERVICE_NOW. */
  canSearchSupport: boolean;
}

function resultOf<T, R>(
  query: UseQueryResult<T>,
  enabled: boolean,
  read: (data: T) => SourceResult<R>,
): SourceResult<R> {
  if (!enabled) return { status: 'idle' };
  if (query.isError) return { status: 'failed' };
  if (query.isSuccess) return read(query.data);
  return { status: 'loading' };
}

const success = <T>(data: T): SourceResult<T> => ({ status: 'success', data });

function productPart(counts: CombinedSearchCounts): SourceResult<ProductSearchCounts> {
  const { productDocumentation, productSoftwareDownloads, productNews } = counts;
  if (productDocumentation === null || productSoftwareDownloads === null || productNews === null) {
    return { status: 'failed' };
  }
  return success({ productDocumentation, productSoftwareDownloads, productNews });
}

/**
 * Asks every source of the page, each on its own so one failing never hides the others:
 * - query + product: the combined count (product, community, general news; §7 Combined count).
 *   §4: it runs only when both are present, and the criteria are its query key, so the same
 *   criteria do not ask again.
 * - query without product (or the combined count failed as a whole): community and the
 *   general news total directly.
 * - University always; the support system only with SUPPORT_SERVICE_NOW (§6).
 */
/** The sources' results, and whether one was refused for the user's search budget. */
export interface SearchSources extends SearchSourceResults {
  /** A source answered 429 (ADR 0061): the page says to wait, not that search is broken. */
  rateLimited: boolean;
}

export function useSearchSources(input: SearchSourcesInput): SearchSources {
  const { query, productId, userId, canSearchSupport } = input;
  const hasQuery = query !== '';

  const combinedEnabled = hasQuery && productId !== '';
  const combined = useQuery({
    ...combinedCountQueryOptions(productId, query),
    enabled: combinedEnabled,
  });
  const direct = hasQuery && (!combinedEnabled || combined.isError);
  const community = useQuery({ ...communityCountQueryOptions(query), enabled: direct });
  const news = useQuery({ ...newsTotalQueryOptions(query), enabled: direct });

  const supportEnabled = hasQuery && canSearchSupport && userId !== '';
  const support = useQuery({ ...supportCountQueryOptions(userId, query), enabled: supportEnabled });
  const universityEnabled = hasQuery;
  const university = useQuery({
    ...universityCountQueryOptions(query),
    enabled: universityEnabled,
  });

  const fromCombined = combinedEnabled && !combined.isError;
  const rateLimited = [combined, community, news, support, university].some(
    ({ error }) => error instanceof HttpError && error.status === 429,
  );
  return {
    rateLimited,
    product: resultOf(combined, combinedEnabled, productPart),
    community: fromCombined
      ? resultOf(combined, true, (c) =>
          c.communitySearch === null ? { status: 'failed' } : success(c.communitySearch),
        )
      : resultOf(community, direct, success),
    news: fromCombined
      ? resultOf(combined, true, (c) => (c.news === null ? { status: 'failed' } : success(c.news)))
      : resultOf(news, direct, success),
    support: resultOf(support, supportEnabled, success),
    university: resultOf(university, universityEnabled, success),
  };
}
