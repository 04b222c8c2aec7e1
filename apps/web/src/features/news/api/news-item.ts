import { newsItemSchema, safeHeaderImage, type NewsItem } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpGet } from '../../../lib/http/http-client.js';
import { generalNewsSource, type NewsSource } from './news-source.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';

/**
 * `GET {news base}/{id}` (§7). Errors are not handled by the catalogue's notification: the
 * detail page shows the catalogue text itself (an unknown id gives the 404 message in the
 * page, not a blank page), so the HttpError reaches the query.
 */
export async function fetchNewsItem(
  id: string,
  signal?: AbortSignal,
  source: NewsSource = generalNewsSource,
): Promise<NewsItem> {
  const item = await httpGet(source.itemUrl(id), newsItemSchema, {
    ...(signal ? { signal } : {}),
  });
  // Only http(s) and same-origin image addresses reach an <img> (issue 11); else the default.
  return { ...item, headerImage: safeHeaderImage(item.headerImage) };
}

export function newsItemQueryOptions(id: string, source: NewsSource = generalNewsSource) {
  return queryOptions({
    queryKey: [...source.key, 'item', id] as const,
    queryFn: ({ signal }) => fetchNewsItem(id, signal, source),
    meta: shownByCaller, // the detail page shows its catalogue text
  });
}

/** One news item for the detail page. */
export function useNewsItem(id: string, enabled = true, source?: NewsSource) {
  return useQuery({ ...newsItemQueryOptions(id, source), enabled });
}
