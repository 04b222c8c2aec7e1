import type { NewsItem } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';

/** A news item as a writer (seed, benchmark, editors) hands it over. */
export interface NewNewsItem {
  title: string;
  subtitle?: string | null;
  location?: string | null;
  /** Epoch milliseconds or a Date. */
  publicationDate: number | Date;
  introduction?: string | null;
  /** HTML; sanitised here, before it is stored. */
  content: string;
  headerImage?: { large: string; medium: string; small: string } | null;
  sales?: boolean;
}

/** What the list query asks for (already validated). `from`/`to` are inclusive epoch ms. */
export interface NewsListFilter {
  limit: number;
  offset: number;
  query?: string;
  from?: number;
  to?: number;
}

interface NewsRow {
  id: number | string;
  title: string;
  subtitle: string | null;
  location: string | null;
  publication_ms: number | string;
  introduction: string | null;
  content: string;
  header_image_large: string | null;
  header_image_medium: string | null;
  header_image_small: string | null;
  sales: boolean;
}

const COLUMNS = /* sql */ `n.id, n.title, n.subtitle, n.location,
  floor(extract(epoch from n.publication_date) * 1000)::bigint as publication_ms,
  n.introduction, n.content, n.header_image_large, n.header_image_medium, n.header_image_small, n.sales`;

// 11 parameters per row keeps a batch of 500 rows far below the 65 535-parameter limit.
const INSERT_BATCH = 500;

/**
 * Stores news items, sanitising every body on the way in (issue 3: seed and any writer).
 * Returns the new ids in the order of `items`.
 */
export async function insertNews(db: Queryable, items: readonly NewNewsItem[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    const batch = items.slice(start, start + INSERT_BATCH);
    const params: unknown[] = [];
    const tuples = batch.map((item) => {
      const values = [
        item.title,
        item.subtitle ?? null,
        item.location ?? null,
        new Date(item.publicationDate).toISOString(),
        item.introduction ?? null,
        sanitizeHtml(item.content),
        item.headerImage?.large ?? null,
        item.headerImage?.medium ?? null,
        item.headerImage?.small ?? null,
        item.sales ?? false,
      ];
      const placeholders = values.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const { rows } = await db.query<{ id: number | string }>(
      `insert into news (title, subtitle, location, publication_date, introduction, content,
                         header_image_large, header_image_medium, header_image_small, sales)
       values ${tuples.join(',\n')}
       returning id`,
      params,
    );
    ids.push(...rows.map((r) => Number(r.id)));
  }
  return ids;
}

export async function findNewsById(db: Queryable, id: number): Promise<NewsItem | null> {
  const { rows } = await db.query<NewsRow>(`select ${COLUMNS} from news n where n.id = $1`, [id]);
  const row = rows[0];
  return row ? toNewsItem(row) : null;
}

/**
 * One page of news and the total number of matches, in one round trip.
 *
 * Without a query: newest first. The page is picked from the (publication_date desc, id desc)
 * index alone (an index-only scan, so deep pages do not read 30 000 rows), then joined to
 * the rows it needs; the total is a count over the same index.
 *
 * With a query: the matches are computed first, in a MATERIALIZED CTE, so the planner cannot
 * turn "ORDER BY … LIMIT" into a walk down the date index that filters every row through
 * the text search (the trap documented in docs/decisions/0004-news-search-query-plan.md).
 * They are ranked by ts_rank_cd, then newest first.
 *
 * The outer LEFT JOIN keeps one row carrying the total when the page is empty.
 */
export async function listNews(
  db: Queryable,
  filter: NewsListFilter,
): Promise<{ items: NewsItem[]; total: number }> {
  const params: unknown[] = [filter.limit, filter.offset];
  const dateConditions: string[] = [];
  if (filter.from !== undefined) {
    params.push(new Date(filter.from).toISOString());
    dateConditions.push(`publication_date >= $${params.length}`);
  }
  if (filter.to !== undefined) {
    params.push(new Date(filter.to).toISOString());
    dateConditions.push(`publication_date <= $${params.length}`);
  }

  let sql: string;
  if (filter.query === undefined) {
    const where = dateConditions.length ? `where ${dateConditions.join(' and ')}` : '';
    sql = /* sql */ `
      select t.total, ${COLUMNS}
      from (select count(*) as total from news ${where}) t
      left join lateral (
        select id, publication_date from news ${where}
        order by publication_date desc, id desc
        limit $1 offset $2
      ) p on true
      left join news n on n.id = p.id
      order by p.publication_date desc, p.id desc`;
  } else {
    params.push(filter.query);
    const queryParam = `$${params.length}`;
    const where = ['search @@ q.q', ...dateConditions].join(' and ');
    sql = /* sql */ `
      with q as (select websearch_to_tsquery('english', ${queryParam}) as q),
      matches as materialized (
        select id, publication_date, ts_rank_cd(search, q.q) as rank
        from news, q
        where ${where}
      )
      select t.total, ${COLUMNS}
      from (select count(*) as total from matches) t
      left join lateral (
        select id, publication_date, rank from matches
        order by rank desc, publication_date desc, id desc
        limit $1 offset $2
      ) p on true
      left join news n on n.id = p.id
      order by p.rank desc, p.publication_date desc, p.id desc`;
  }

  // The LEFT JOIN makes every item column null on the row that only carries the total.
  const { rows } = await db.query<Nullable<NewsRow> & { total: number | string }>(sql, params);
  const total = Number(rows[0]?.total ?? 0);
  const items = rows.filter(isNewsRow).map(toNewsItem);
  return { items, total };
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

function isNewsRow<R extends Nullable<NewsRow>>(row: R): row is R & NewsRow {
  return row.id !== null;
}

function toNewsItem(row: NewsRow): NewsItem {
  const large = row.header_image_large;
  return {
    id: Number(row.id),
    title: row.title,
    subtitle: row.subtitle,
    location: row.location,
    publicationDate: Number(row.publication_ms),
    introduction: row.introduction,
    content: row.content,
    // The smaller variants fall back to the large one when a writer gave only that.
    headerImage:
      large === null
        ? null
        : { large, medium: row.header_image_medium ?? large, small: row.header_image_small ?? large },
    sales: row.sales,
  };
}
