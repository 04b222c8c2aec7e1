import type { NewsItem, NewsListCriteria, NewsListItem } from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import type { ReadCache } from '../../lib/cache/read-cache.js';
import { NotFoundError } from '../../lib/errors.js';
import { countNewsMatches } from './news-search-count.repository.js';
import {
  findNewsById,
  insertNews,
  listNews,
  updateNews,
  type NewNewsItem,
} from './news.repository.js';
import {
  countProductNewsMatches,
  isProductNews,
  listLatestProductNews,
  listProductNews,
} from './product-news.repository.js';

export interface NewsPage {
  items: NewsListItem[];
  /** Every match of the filters, for X-Total-Count. */
  total: number;
}

/** A page as the read cache keeps it (ADR 0043): GET /api/news adds its JSON once. */
export interface CachedNewsPage extends NewsPage {
  json?: string;
}

/**
 * A page of the list through the instance's read cache, keyed by the validated criteria:
 * GET /api/news and the first paint of /news (ADR 0044) share it, so a page load and the
 * app's list call that follows it cost one query.
 */
export function getCachedNewsPage(
  cache: ReadCache<string, CachedNewsPage>,
  db: Db,
  criteria: NewsListCriteria,
): Promise<CachedNewsPage> {
  return cache.get(JSON.stringify(criteria), () => getNewsPage(db, criteria));
}

/**
 * §7 news rows: a page of news, newest first, or ranked by relevance when there is a query.
 * News is readable by every signed-in user (§6 sets no permission on it).
 */
export async function getNewsPage(db: Db, criteria: NewsListCriteria): Promise<NewsPage> {
  return listNews(db, {
    limit: criteria.size,
    offset: (criteria.page - 1) * criteria.size,
    ...(criteria.query === undefined ? {} : { query: criteria.query }),
    ...(criteria.from === undefined ? {} : { from: criteria.from }),
    ...(criteria.to === undefined ? {} : { to: criteria.to }),
  });
}

/** The news list's total for a search without dates (X-Total-Count of /news?news-query=…). */
export function countNewsSearch(db: Queryable, query: string): Promise<number> {
  return countNewsMatches(db, query);
}

export async function getNewsItem(db: Db, id: number): Promise<NewsItem> {
  const item = await findNewsById(db, id);
  if (!item) throw new NotFoundError(`There is no news item with id ${id}.`);
  return item;
}

/** The product news tab of My Solutions (§1): the list's criteria over the product's news. */
export async function getProductNewsPage(
  db: Db,
  productId: string,
  criteria: NewsListCriteria,
): Promise<NewsPage> {
  return listProductNews(db, {
    productId,
    limit: criteria.size,
    offset: (criteria.page - 1) * criteria.size,
    ...(criteria.query === undefined ? {} : { query: criteria.query }),
    ...(criteria.from === undefined ? {} : { from: criteria.from }),
    ...(criteria.to === undefined ? {} : { to: criteria.to }),
  });
}

/**
 * The product news tab's total for a search without dates: the product card's count on the
 * search page (issue 13: the card and its tab agree).
 */
export function countProductNewsSearch(
  db: Queryable,
  productId: string,
  query: string,
): Promise<number> {
  return countProductNewsMatches(db, productId, query);
}

/** Each product's newest news item, for My Solutions' tiles (issue 37). */
export function getLatestProductNews(db: Queryable, productIds: readonly string[]) {
  return listLatestProductNews(db, productIds);
}

/** One news item of the product; null when there is none or it is not linked to the product. */
export async function findProductNewsItem(
  db: Db,
  productId: string,
  id: number,
): Promise<NewsItem | null> {
  if (!(await isProductNews(db, productId, id))) return null;
  return findNewsById(db, id);
}

/** A news item as readers see it, written by the editor (modules/news-editor) under its id. */
export type LiveNewsItem = Omit<NewNewsItem, 'id'>;

/** Puts the editor's item `id` live: changed in place, or inserted under that id. */
export async function saveLiveNews(db: Queryable, id: number, item: LiveNewsItem): Promise<void> {
  if (!(await updateNews(db, id, item))) await insertNews(db, [{ ...item, id }]);
}
