import type { NewsListItem } from '@portico/contracts';
// The zod-free parts of the contracts: the list is on the start-up path (ADR 0047).
import { safeHeaderImage } from '@portico/contracts/html-policy';
import { NEWS_DEFAULT_PAGE_SIZE } from '@portico/contracts/values';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deferredSchema } from '../../../lib/http/deferred-schema.js';
import { httpGetWithTotal } from '../../../lib/http/http-client.js';
import { toEpochRange } from '../utils/news-dates.js';
import { generalNewsSource, type NewsSource } from './news-source.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';

// The first page's answer: checked once the page settles (ADR 0047).
const newsList = deferredSchema('list', () =>
  import('@portico/contracts/news').then(({ newsListSchema }) => newsListSchema),
);

/** §9: the news list shows 30 items a page. */
export const NEWS_PAGE_SIZE = NEWS_DEFAULT_PAGE_SIZE;

/** What the list page asks for: the URL state (§4 News list). */
export interface NewsListCriteria {
  page: number;
  /** As typed (§5 "the news query is used as given"); '' = no query. */
  query: string;
  /** yyyy-mm-dd; only used when both dates make an active filter. */
  startDate?: string | undefined;
  endDate?: string | undefined;
}

export interface NewsListPage {
  items: NewsListItem[];
  /** X-Total-Count: every match of the filters. */
  total: number;
}

/** The request parameters of `GET {news base}` (§7): page, size, query, fromDateTime, toDateTime. */
export function newsListParams(criteria: NewsListCriteria) {
  const range = toEpochRange(criteria.startDate, criteria.endDate);
  return {
    page: criteria.page,
    size: NEWS_PAGE_SIZE,
    query: criteria.query === '' ? undefined : criteria.query,
    fromDateTime: range?.fromDateTime,
    toDateTime: range?.toDateTime,
  };
}

/**
 * `GET {news base}?page&size&query&fromDateTime&toDateTime`. A failure is the query's error:
 * the page shows it with a retry (ADR 0049's one error path; a 401 goes to the login).
 */
export async function fetchNewsList(
  criteria: NewsListCriteria,
  signal?: AbortSignal,
  source: NewsSource = generalNewsSource,
): Promise<NewsListPage> {
  const result = await httpGetWithTotal(source.listUrl(), newsList, {
    query: newsListParams(criteria),
    ...(signal ? { signal } : {}),
  });
  // Only http(s) and same-origin image addresses reach an <img> (issue 11); else the logo.
  const items = result.data.map((item) => ({
    ...item,
    headerImage: safeHeaderImage(item.headerImage),
  }));
  return { items, total: result.total };
}

export function newsListQueryOptions(
  criteria: NewsListCriteria,
  source: NewsSource = generalNewsSource,
) {
  const params = newsListParams(criteria);
  return queryOptions({
    queryKey: [...source.key, 'list', params] as const,
    queryFn: ({ signal }) => fetchNewsList(criteria, signal, source),
    meta: shownByCaller, // the page's error state with a retry
    // Paging keeps the current cards on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

/** A page of news for the list page. */
export function useNewsList(criteria: NewsListCriteria, source?: NewsSource) {
  return useQuery(newsListQueryOptions(criteria, source));
}
