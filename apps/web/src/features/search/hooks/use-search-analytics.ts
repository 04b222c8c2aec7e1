import { useCallback, useEffect, useRef } from 'react';
import { analytics } from '../../../lib/analytics/analytics.js';
import type { SearchCardId, SearchSourceResults } from '../utils/search-cards.js';
import type { SearchCriteria } from './use-search-criteria.js';

/**
 * §7 Analytics events. "Site search query" goes once per criteria, when every source the
 * page asked has answered or failed, with the §7 metrics (product news, documentation,
 * downloads and general news counts; null when a source did not answer). New criteria on the
 * same page report again. Returns the "site search navigate" sender for the cards.
 */
export function useSearchAnalytics(
  criteria: SearchCriteria,
  sources: SearchSourceResults,
  settled: boolean,
): (card: SearchCardId, url: string) => void {
  const { query, productId } = criteria;
  const reported = useRef<string | null>(null);
  const product = sources.product.status === 'success' ? sources.product.data : null;
  const news = sources.news.status === 'success' ? sources.news.data : null;
  const productNews = product?.productNews ?? null;
  const productDocumentation = product?.productDocumentation ?? null;
  const productSoftwareDownloads = product?.productSoftwareDownloads ?? null;

  useEffect(() => {
    if (!settled || query === '') return;
    const key = JSON.stringify([query, productId]);
    if (reported.current === key) return;
    reported.current = key;
    // analytics() keeps a failing implementation away from the page (lib/analytics).
    analytics().siteSearchQuery({
      query,
      ...(productId === '' ? {} : { productId }),
      metrics: { productNews, productDocumentation, productSoftwareDownloads, news },
    });
  }, [
    settled,
    query,
    productId,
    productNews,
    productDocumentation,
    productSoftwareDownloads,
    news,
  ]);

  return useCallback(
    (card: SearchCardId, url: string) =>
      analytics().siteSearchNavigate({
        query,
        ...(productId === '' ? {} : { productId }),
        card,
        url,
      }),
    [query, productId],
  );
}
