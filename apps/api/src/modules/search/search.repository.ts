import type { Queryable } from '../../db/db.js';

// SQL of the built-in search count sources (migration 004). Every query matches with
// websearch_to_tsquery('english', …) over the table's generated tsvector (GIN indexed), written
// inline so the planner sees the query's value.
const MATCHES = (param: string) => `search @@ websearch_to_tsquery('english', ${param})`;

export interface ProductRef {
  id: string;
  contentId: string;
}

/** The product whose contentId is given (the id the web and external systems use), or null. */
export async function findProductByContentId(
  db: Queryable,
  contentId: string,
): Promise<ProductRef | null> {
  const { rows } = await db.query<{ id: string; content_id: string }>(
    'select id, content_id from products where content_id = $1',
    [contentId],
  );
  const row = rows[0];
  return row ? { id: row.id, contentId: row.content_id } : null;
}

export interface ProductContentCountRow {
  documentation: number;
  software: number;
  news: number;
}

/** Matches among one product's documentation, software downloads and product news. */
export async function countProductContent(
  db: Queryable,
  productId: string,
  query: string,
): Promise<ProductContentCountRow> {
  const { rows } = await db.query<{ kind: string; n: number | string }>(
    `select kind, count(*) as n from product_content
      where product_id = $1 and ${MATCHES('$2')}
      group by kind`,
    [productId, query],
  );
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { documentation: of('documentation'), software: of('software'), news: of('news') };
}

export async function countCommunityPosts(db: Queryable, query: string): Promise<number> {
  return countOne(db, `select count(*) as n from community_posts where ${MATCHES('$1')}`, [query]);
}

export async function countUniversityCourses(db: Queryable, query: string): Promise<number> {
  return countOne(db, `select count(*) as n from university_courses where ${MATCHES('$1')}`, [
    query,
  ]);
}

export interface SupportCountRow {
  cases: number;
  catalog: number;
  articles: number;
}

/**
 * Support matches in one round trip: the account's own cases, the (shared) service catalogue,
 * and the knowledge articles published to every account or to this account only.
 */
export async function countSupport(
  db: Queryable,
  accountId: string,
  query: string,
): Promise<SupportCountRow> {
  const { rows } = await db.query<{
    cases: number | string;
    catalog: number | string;
    articles: number | string;
  }>(
    `select
       (select count(*) from support_cases where account_id = $1 and ${MATCHES('$2')}) as cases,
       (select count(*) from service_catalog_items where ${MATCHES('$2')}) as catalog,
       (select count(*) from knowledge_articles
         where (account_id is null or account_id = $1) and ${MATCHES('$2')}) as articles`,
    [accountId, query],
  );
  const row = rows[0];
  return {
    cases: Number(row?.cases ?? 0),
    catalog: Number(row?.catalog ?? 0),
    articles: Number(row?.articles ?? 0),
  };
}

export interface SearchCallerRow {
  accountId: string;
  permissions: string[];
}

/** The caller's account and permissions (what the support count is authorised against). */
export async function findSearchCaller(
  db: Queryable,
  userId: string,
): Promise<SearchCallerRow | null> {
  const { rows } = await db.query<{ account_id: string; permissions: string[] }>(
    'select account_id, permissions from users where id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { accountId: row.account_id, permissions: row.permissions } : null;
}

async function countOne(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}
