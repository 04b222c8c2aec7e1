import type { NewsListItem } from '@portico/contracts';
import { hasRowBy, type Queryable } from '../../db/db.js';
import { RANKED_PAGE, SEARCH_WINDOW, toNewsListItem, type NewsListRow } from './news.repository.js';
import { phraseMatchSql } from './news-query-words.repository.js';
import { productTermCountSql } from './product-term-counts.repository.js';

// SQL of a product's news (§1, the product news tab): the news list's query narrowed to the
// items linked to the product in news_products.

/** What the product news list asks for (validated by the news query contract). */
export interface ProductNewsFilter {
  productId: string;
  limit: number;
  offset: number;
  query?: string;
  from?: number;
  to?: number;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * One page of the product's news and the number of matches, in one round trip: the
 * `GET /api/news` query (ADR 0004) narrowed to the items linked in news_products. A search
 * ranks and counts the newest SEARCH_WINDOW matches, like the news list.
 */
export async function listProductNews(
  db: Queryable,
  filter: ProductNewsFilter,
): Promise<{ items: NewsListItem[]; total: number }> {
  const params: unknown[] = [filter.limit, filter.offset, filter.productId];
  // A search reads the news GIN index over the words and the item's products (migration 042):
  // the window of `invoice automation` in one product's news at a million items took 750 ms
  // through the links, 35 ms so. The plain list walks the product's links in date order.
  const conditions = [
    filter.query === undefined
      ? 'exists (select 1 from news_products np where np.news_id = n.id and np.product_id = $3)'
      : 'n.product_ids @> array[$3::text]',
  ];
  if (filter.from !== undefined) {
    params.push(new Date(filter.from).toISOString());
    conditions.push(`n.publication_date >= $${params.length}`);
  }
  if (filter.to !== undefined) {
    params.push(new Date(filter.to).toISOString());
    conditions.push(`n.publication_date <= $${params.length}`);
  }
  let rank = '0::real';
  if (filter.query !== undefined) {
    params.push(filter.query);
    const tsquery = `websearch_to_tsquery('english', $${params.length})`;
    conditions.push(`n.search @@ ${tsquery}`);
    rank = `ts_rank_cd(n.search, ${tsquery})`;
  }
  params.push(filter.query === undefined ? null : SEARCH_WINDOW);
  const windowParam = `$${params.length}`;
  const sql = /* sql */ `
    with hits as materialized (
      select n.id, n.publication_date from news n
       where ${conditions.join(' and ')}
       order by n.publication_date desc, n.id desc
       limit ${windowParam}
    ),
    ranked as materialized (
      select h.id, h.publication_date, ${rank} as rank from hits h join news n on n.id = h.id
    )
    ${RANKED_PAGE}`;
  const { rows } = await db.query<Nullable<NewsListRow> & { total: number | string }>(sql, params);
  const total = Number(rows[0]?.total ?? 0);
  const items = rows
    .filter((row): row is typeof row & NewsListRow => row.id !== null)
    .map(toNewsListItem);
  return { items, total };
}

/**
 * How many of a product's news items match a search, up to SEARCH_WINDOW: the product news
 * tab's total for it (its window is the newest SEARCH_WINDOW matches), and the product card's
 * count, found without dating or ranking a match (issue 38). One word, or words joined by OR
 * of which one fills the bound: the words' counts (migration 045, one row each). A phrase:
 * the index of side-by-side words and products (migration 046). Anything else: the news GIN
 * index over the words and the item's products (migration 042). Both stop at the bound.
 * The index built all 149 000 matches of `customers` in one product's news at a million
 * items to count 1 000 of them (200 ms; a walk of the word's postings through the product's
 * links, which replaced it, 11 ms); the word's count reads one row.
 * `termCounts: false` counts by the index of words alone (the tests compare the ways).
 */
export async function countProductNewsMatches(
  db: Queryable,
  productId: string,
  query: string,
  { termCounts = true }: { termCounts?: boolean } = {},
): Promise<number> {
  const tsquery = `websearch_to_tsquery('english', $2)`;
  const matches = (match: string) => `(select count(*) from (
      select 1 from news where product_ids @> array[$1::text] and ${match} limit $3) g)`;
  const indexed = matches(`search @@ ${tsquery}`);
  const count = termCounts
    ? productTermCountSql(
        'news',
        { product: '$1', query: '$2', bound: '$3' },
        { phrase: matches(phraseMatchSql('s.pairs', tsquery)), indexed },
      )
    : indexed;
  const { rows } = await db.query<{ n: number | string }>(`select ${count} as n`, [
    productId,
    query,
    SEARCH_WINDOW,
  ]);
  return Number(rows[0]?.n ?? 0);
}

/** Whether the news item is linked to the product. */
export const isProductNews = hasRowBy<[productId: string, newsId: number]>(
  'select 1 from news_products where product_id = $1 and news_id = $2',
);

/** The newest news item linked to each of these products (none for a product without news). */
export async function listLatestProductNews(
  db: Queryable,
  productIds: readonly string[],
): Promise<{ productId: string; id: number; title: string; publicationDate: string }[]> {
  if (productIds.length === 0) return [];
  const { rows } = await db.query<{
    product_id: string;
    id: string | number;
    title: string;
    publication_date: string | Date;
  }>(
    `select p.product_id, n.id, n.title, n.publication_date
       from unnest($1::text[]) as p (product_id)
       cross join lateral (
         select n.id, n.title, n.publication_date
           from news_products np join news n on n.id = np.news_id
          where np.product_id = p.product_id
          order by n.publication_date desc, n.id desc limit 1
       ) n`,
    [productIds],
  );
  return rows.map((r) => ({
    productId: r.product_id,
    id: Number(r.id),
    title: r.title,
    publicationDate: new Date(r.publication_date).toISOString(),
  }));
}
