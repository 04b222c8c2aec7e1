import type { NewsItem, NewsListCriteria, NewsListItem } from '@portico/contracts';
import type { Db } from '../../db/db.js';
import type { ReadCache } from '../../lib/cache/read-cache.js';
import { NotFoundError } from '../../lib/errors.js';
import { findNewsById, listNews } from './news.repository.js';

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

export async function getNewsItem(db: Db, id: number): Promise<NewsItem> {
  const item = await findNewsById(db, id);
  if (!item) throw new NotFoundError(`There is no news item with id ${id}.`);
  return item;
}
