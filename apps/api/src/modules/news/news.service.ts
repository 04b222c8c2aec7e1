import type { NewsItem, NewsListCriteria, NewsListItem } from '@portico/contracts';
import type { Db } from '../../db/db.js';
import { NotFoundError } from '../../lib/errors.js';
import { findNewsById, listNews } from './news.repository.js';

export interface NewsPage {
  items: NewsListItem[];
  /** Every match of the filters, for X-Total-Count. */
  total: number;
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
