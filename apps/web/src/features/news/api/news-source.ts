import { getConfig, newsUrl } from '../../../config/runtime-config.js';
import { paths } from '../../../config/paths.js';
import type { SubscriptionTarget } from '../components/subscribe-tile.js';

/** The list page's state, read from the address on every navigation (§4 News list;
 * hooks/use-news-url-state). */
export interface NewsUrlState {
  /** 1-based; 1 when absent or not a page number. */
  page: number;
  /** The query in effect: from the address, else restored from session storage (§4). */
  query: string;
  startDate: string | undefined;
  endDate: string | undefined;
}

/**
 * Where a news list and its detail pages come from and link to. `/news` reads the general
 * news; a product's news tab (issue 13) reads `GET {api}/products/{id}/news` with the same
 * list and detail components.
 */
export interface NewsSource {
  /** The first part of the query keys. */
  key: readonly string[];
  /** The list address (page, size, query, fromDateTime, toDateTime; §7). */
  listUrl: () => string;
  /** The address of one item. */
  itemUrl: (id: string) => string;
  /** In-app address of the list with this state. */
  listHref: (state: Partial<NewsUrlState>) => string;
  /** In-app address of one item's page. */
  itemHref: (title: string, id: number) => string;
  /** §4: /news keeps its query in session storage (NewsQuery); others do not. */
  remembersQuery: boolean;
  /** The heading of the list (a label text); the news title when absent. */
  title?: string;
  /** Where the Stay informed tile leads; the general news subscription when absent. */
  subscription?: SubscriptionTarget;
}

/** The general news (§2 News list and News detail). */
export const generalNewsSource: NewsSource = {
  key: ['news'],
  listUrl: () => getConfig().newsBase,
  itemUrl: (id) => newsUrl(encodeURIComponent(id)),
  listHref: (state) =>
    paths.news({
      page: state.page,
      query: state.query,
      startDate: state.startDate,
      endDate: state.endDate,
    }),
  itemHref: (title, id) => paths.newsItem(title, id),
  remembersQuery: true,
};
