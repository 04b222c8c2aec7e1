import { useMemo } from 'react';
import { apiUrl } from '../../../config/runtime-config.js';
import { paths, slugify } from '../../../config/paths.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useDocumentTitle } from '../../../lib/title/document-title.js';
import type { NewsSource } from '../api/news-source.js';
import { NewsDetailPage } from './news-detail-page.js';
import { NewsListPage } from './news-list-page.js';
import { useCurrentProduct } from '../../../lib/product/current-product.js';

/** The product's news as a source for the /news list and detail components (§7). */
function useProductNewsSource(): NewsSource {
  const t = useT();
  const product = useCurrentProduct();
  return useMemo<NewsSource>(() => {
    const base = paths.productSection(product.slug, product.contentId, 'news');
    const api = apiUrl(`products/${encodeURIComponent(product.id)}/news`);
    return {
      key: ['my-solutions', 'news', product.id],
      listUrl: () => api,
      itemUrl: (id) => `${api}/${encodeURIComponent(id)}`,
      listHref: (state) =>
        paths.productSection(product.slug, product.contentId, 'news', {
          page: state.page === 1 ? undefined : state.page,
          query: state.query,
          startDate: state.startDate,
          endDate: state.endDate,
        }),
      itemHref: (title, id) =>
        `${base}/news-item/${encodeURIComponent(slugify(title))}/${encodeURIComponent(id)}`,
      remembersQuery: false,
      title: t('my-solutions.news.title', { product: product.productName }),
      // Subscriptions name a product by its contentId (contracts/subscriptions.ts).
      subscription: { topic: 'product-news', productId: product.contentId },
    };
  }, [product, t]);
}

/**
 * The news tab: the /news list over `GET {api}/products/{productId}/news`. The browser title
 * is the product's name (issue 27), not the path's 'News'.
 */
export function ProductNewsTab() {
  useDocumentTitle(useCurrentProduct().productName);
  return <NewsListPage source={useProductNewsSource()} />;
}

/** A product news item: the /news detail over `GET {api}/products/{productId}/news/{id}`. */
export function ProductNewsItem() {
  useDocumentTitle(useCurrentProduct().productName);
  return <NewsDetailPage source={useProductNewsSource()} />;
}
