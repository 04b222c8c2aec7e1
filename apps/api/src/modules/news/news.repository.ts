import {
  safeHeaderImage,
  storedHeaderImage,
  type NewsItem,
  type NewsListItem,
} from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { searchLexeme } from './news-query-words.repository.js';

/** A news item as a writer (seed, benchmark, editors) hands it over. */
export interface NewNewsItem {
  /**
   * The id to store it under: the editor's items keep one id whether live or not (ADR 0032),
   * taken from the news identity when created. Absent: the next identity value.
   */
  id?: number;
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

export interface NewsListRow {
  id: number | string;
  title: string;
  publication_ms: number | string;
  header_image_large: string | null;
  header_image_medium: string | null;
  header_image_small: string | null;
  sales: boolean;
}

interface NewsRow extends NewsListRow {
  subtitle: string | null;
  location: string | null;
  introduction: string | null;
  content: string;
}

/** How many of the newest matches a search ranks and counts (see listNews). */
export const SEARCH_WINDOW = 1000;

/** What a list row carries: what the cards show (ADR 0022). */
export const LIST_COLUMNS = /* sql */ `n.id, n.title,
  floor(extract(epoch from n.publication_date) * 1000)::bigint as publication_ms,
  n.header_image_large, n.header_image_medium, n.header_image_small, n.sales`;
/**
 * The page ($1 rows from offset $2) of a search's ranked window (a CTE `ranked` of id,
 * publication_date and rank), best first, with the window's size as every row's total.
 */
export const RANKED_PAGE = /* sql */ `
      select t.total, ${LIST_COLUMNS}
      from (select count(*) as total from ranked) t
      left join lateral (
        select id, publication_date, rank from ranked
        order by rank desc, publication_date desc, id desc
        limit $1 offset $2
      ) p on true
      left join news n on n.id = p.id
      order by p.rank desc, p.publication_date desc, p.id desc`;

const COLUMNS = /* sql */ `${LIST_COLUMNS}, n.subtitle, n.location, n.introduction, n.content`;

/**
 * Stores news items, sanitising every body on the way in (issue 3: seed and any writer).
 * One statement whatever the count (unnest over one array per column, so no parameter
 * limit). Returns the new ids in the order of `items`.
 */
export async function insertNews(db: Queryable, items: readonly NewNewsItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  const column = <T>(pick: (item: NewNewsItem) => T): T[] => items.map(pick);
  // Only an editor's item brings its own id; the seed's bulk insert keeps the plain identity.
  const withIds = items.some((item) => item.id !== undefined);
  const { rows } = await db.query<{ id: number | string }>(
    /* sql */ `
    insert into news (${withIds ? 'id, ' : ''}title, subtitle, location, publication_date, introduction, content,
                      header_image_large, header_image_medium, header_image_small, sales)
    ${withIds ? 'overriding system value' : ''}
    select ${withIds ? "coalesce(own_id, nextval(pg_get_serial_sequence('news', 'id'))), " : ''}title, subtitle, location, publication_date, introduction, content, large, medium, small, sales
    from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[],
                $7::text[], $8::text[], $9::text[], $10::boolean[], $11::bigint[])
           with ordinality as i(title, subtitle, location, publication_date, introduction, content,
                                large, medium, small, sales, own_id, n)
    order by i.n
    returning id`,
    [...newsColumns(column), column((item) => item.id ?? null)],
  );
  // Identity values follow the ORDER BY of the insert's SELECT, so ids ascend with `items`.
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** The stored values of items, one array per column, sanitised (body) and checked (image). */
function newsColumns(column: <T>(pick: (item: NewNewsItem) => T) => T[]): unknown[][] {
  return [
    column((item) => item.title),
    column((item) => item.subtitle ?? null),
    column((item) => item.location ?? null),
    column((item) => new Date(item.publicationDate).toISOString()),
    column((item) => item.introduction ?? null),
    column((item) => sanitizeHtml(item.content)),
    // Only http(s) and same-origin image addresses are stored (never javascript:, data:…).
    column((item) => safeHeaderImage(item.headerImage)?.large ?? null),
    column((item) => safeHeaderImage(item.headerImage)?.medium ?? null),
    column((item) => safeHeaderImage(item.headerImage)?.small ?? null),
    column((item) => item.sales ?? false),
  ];
}

/**
 * Replaces the fields of a live item in place (an editor changed a published item), with the
 * same sanitising as insertNews. Returns whether the row existed. An update, not a
 * delete and insert: rows that refer to the item (product targets, notifications) stay.
 */
export async function updateNews(
  db: Queryable,
  id: number,
  item: Omit<NewNewsItem, 'id'>,
): Promise<boolean> {
  const values = newsColumns((pick) => [pick(item)]).map(([value]) => value);
  const { rows } = await db.query<{ id: number | string }>(
    /* sql */ `
    update news set title = $2, subtitle = $3, location = $4, publication_date = $5,
                    introduction = $6, content = $7, header_image_large = $8,
                    header_image_medium = $9, header_image_small = $10, sales = $11
     where id = $1
    returning id`,
    [id, ...values],
  );
  return rows.length > 0;
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
 * the rows it needs; the total is a count over the same index within a date range, or the
 * trigger-kept news_count without one.
 *
 * With a query: a search answers the newest SEARCH_WINDOW matches (within the date range),
 * ranked by ts_rank_cd, then newest first; its total counts those, so it is at most
 * SEARCH_WINDOW. Why, with the plans: docs/decisions/0004-news-search-query-plan.md. In short,
 * ranking and counting every match of a word found in most items reads most of the table
 * (seconds under load at 100 000 rows), while the window bounds the work: the planner walks
 * the date index for frequent words (the window fills after a few rows) and uses the GIN
 * index for rare ones (it knows the window cannot fill), so a word that matches nothing
 * never walks the date index through every row. The window is a MATERIALIZED CTE so the
 * page's ORDER BY rank … LIMIT is not pushed into it; the rank is computed for the window
 * rows only.
 *
 * A search for one word gives the same answer from that word's postings (migration 028, ADR
 * 0055 addendum 2): the window is the first entries of its range, no news row is read to
 * find or rank it. At 1 000 000 items a word with 5 263 matches read 5 209 heap pages above.
 *
 * The outer LEFT JOIN keeps one row carrying the total when the page is empty.
 */
export async function listNews(
  db: Queryable,
  filter: NewsListFilter,
): Promise<{ items: NewsListItem[]; total: number }> {
  const lexeme = filter.query === undefined ? null : await searchLexeme(db, filter.query);
  const { sql, params } = listNewsQuery(filter, lexeme);
  // The LEFT JOIN makes every item column null on the row that only carries the total.
  // The list without a search is the hot path (every visit to /news): prepared, it is parsed
  // and planned once per connection, and so is a one-word search (its plan is the postings'
  // range whatever the word). Other searches are not: their plan depends on the words (the
  // planner must see the tsquery, ADR 0004), which a generic plan would not.
  const { rows } = await db.query<Nullable<NewsListRow> & { total: number | string }>(sql, params, {
    prepare: filter.query === undefined || lexeme !== null,
  });
  const total = Number(rows[0]?.total ?? 0);
  const items = rows.filter(isNewsRow).map(toNewsListItem);
  return { items, total };
}

/**
 * The SQL of listNews, exported for the benchmark's EXPLAIN (one definition of the query).
 * `lexeme`: what searchLexeme found for the filter's query (null: the tsquery's own plan).
 */
export function listNewsQuery(
  filter: NewsListFilter,
  lexeme: string | null = null,
): { sql: string; params: unknown[] } {
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
    // Without dates the total is the trigger-kept count (migration 003), not a count(*).
    const total = where
      ? `select count(*) as total from news ${where}`
      : 'select total from news_count';
    sql = /* sql */ `
      select t.total, ${LIST_COLUMNS}
      from (${total}) t
      left join lateral (
        select id, publication_date from news ${where}
        order by publication_date desc, id desc
        limit $1 offset $2
      ) p on true
      left join news n on n.id = p.id
      order by p.publication_date desc, p.id desc`;
  } else if (lexeme !== null) {
    params.push(filter.query, SEARCH_WINDOW, lexeme);
    const tsquery = `websearch_to_tsquery('english', $${params.length - 2})`;
    const where = [`t.lexeme = $${params.length}`, ...dateConditions.map((c) => `t.${c}`)];
    // One word: its newest matches are the first entries of its postings' range (migration
    // 028), read index-only in the list's date order, and ranked from the positions stored
    // with them. Neither step visits a news row; only the page's rows are read.
    sql = /* sql */ `
      with ranked as materialized (
        select h.id, h.publication_date, ts_rank_cd(h.entry, ${tsquery}) as rank
        from (
          select t.news_id as id, t.publication_date, t.entry
          from news_terms t
          where ${where.join(' and ')}
          order by t.publication_date desc, t.news_id desc
          limit $${params.length - 1}
        ) h
      )
      ${RANKED_PAGE}`;
  } else {
    params.push(filter.query, SEARCH_WINDOW);
    const queryParam = `$${params.length - 1}`;
    const windowParam = `$${params.length}`;
    // The tsquery is written inline (not taken from a CTE) so the planner sees its value and
    // estimates how many rows match: that estimate is what picks the right plan below.
    const tsquery = `websearch_to_tsquery('english', ${queryParam})`;
    const where = [`n.search @@ ${tsquery}`, ...dateConditions.map((c) => `n.${c}`)].join(' and ');
    sql = /* sql */ `
      with hits as materialized (
        select n.id, n.publication_date
        from news n
        where ${where}
        order by n.publication_date desc, n.id desc
        limit ${windowParam}
      ),
      ranked as materialized (
        select h.id, h.publication_date, ts_rank_cd(n.search, ${tsquery}) as rank
        from hits h join news n on n.id = h.id
      )
      ${RANKED_PAGE}`;
  }
  return { sql, params };
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

function isNewsRow<R extends Nullable<NewsListRow>>(row: R): row is R & NewsListRow {
  return row.id !== null;
}

export function toNewsListItem(row: NewsListRow): NewsListItem {
  return {
    id: Number(row.id),
    title: row.title,
    publicationDate: Number(row.publication_ms),
    // A row written straight to the database with an unsafe address gets no image (the default logo).
    headerImage: storedHeaderImage(
      row.header_image_large,
      row.header_image_medium,
      row.header_image_small,
    ),
    sales: row.sales,
  };
}

function toNewsItem(row: NewsRow): NewsItem {
  return {
    ...toNewsListItem(row),
    subtitle: row.subtitle,
    location: row.location,
    introduction: row.introduction,
    content: row.content,
  };
}
