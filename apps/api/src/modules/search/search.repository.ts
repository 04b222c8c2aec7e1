import { SEARCH_COUNT_LIMIT } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { phraseMatchSql, productTermCountSql } from '../news/index.js';

// SQL of the built-in search count sources (migration 004). Every query matches with
// websearch_to_tsquery('english', …) over the table's generated tsvector (GIN indexed), written
// inline so the planner sees the query's value and estimates how many rows match.
const MATCHES = (param: string) => `search @@ websearch_to_tsquery('english', ${param})`;

/**
 * A count that stops at SEARCH_COUNT_LIMIT matches. An exact count of a word found in a fifth
 * of 100 000 rows visits every heap page of the table (tens of ms each, several per page
 * load); the bounded one stops after the limit: the planner walks the table for frequent
 * words (the limit fills within a few pages) and the GIN index for rare ones.
 */
const bounded = (from: string, where: string) =>
  `(select count(*) from (select 1 from ${from} where ${where} limit ${SEARCH_COUNT_LIMIT}) b)`;

export interface ProductRef {
  id: string;
  contentId: string;
  slug: string;
}

/** The product whose contentId is given (the id the web and external systems use), or null. */
export async function findProductByContentId(
  db: Queryable,
  contentId: string,
): Promise<ProductRef | null> {
  const { rows } = await db.query<{ id: string; content_id: string; slug: string }>(
    'select id, content_id, slug from products where content_id = $1',
    [contentId],
  );
  const row = rows[0];
  return row ? { id: row.id, contentId: row.content_id, slug: row.slug } : null;
}

/** Counts below are bounded: at most SEARCH_COUNT_LIMIT each. */
export interface ProductContentCountRow {
  documentation: number;
  software: number;
}

/**
 * Matches among one product's documentation and software downloads. The documentation count
 * reads what the My Solutions tab lists (the product's documents), so a card's count and its
 * tab agree (the product news count is the news module's, for the same reason). Downloads
 * have no text to search; their count stays with the search source table.
 */
export async function countProductContent(
  db: Queryable,
  productId: string,
  query: string,
): Promise<ProductContentCountRow> {
  // One word, or words joined by OR of which one fills the bound: the words' counts
  // (migration 045). A phrase: the side-by-side words' index (046). Else the product as the
  // documents' GIN index holds it, beside the words (044).
  const documents = (match: string) =>
    bounded('product_document_texts', `array[product_id] @> array[$1::text] and ${match}`);
  const documentation = productTermCountSql(
    'documents',
    { product: '$1', query: '$2', bound: String(SEARCH_COUNT_LIMIT) },
    {
      phrase: documents(phraseMatchSql('s.pairs', `websearch_to_tsquery('english', $2)`)),
      indexed: documents(MATCHES('$2')),
    },
  );
  const software = bounded(
    'product_content',
    `product_id = $1 and kind = 'software' and ${MATCHES('$2')}`,
  );
  const { rows } = await db.query<{
    documentation: number | string;
    software: number | string;
  }>(`select ${documentation} as documentation, ${software} as software`, [productId, query]);
  const row = rows[0];
  return {
    documentation: Number(row?.documentation ?? 0),
    software: Number(row?.software ?? 0),
  };
}

export async function countCommunityPosts(db: Queryable, query: string): Promise<number> {
  return countOne(db, `select ${bounded('community_posts', MATCHES('$1'))} as n`, [query]);
}

export async function countUniversityCourses(db: Queryable, query: string): Promise<number> {
  return countOne(db, `select ${bounded('university_courses', MATCHES('$1'))} as n`, [query]);
}

export interface SupportCountRow {
  cases: number;
  catalog: number;
  articles: number;
}

/**
 * Support matches in one round trip: the account's own cases, the (shared) service catalogue,
 * and the knowledge articles published to every account or to this account only. The cases'
 * account is matched as their GIN index holds it, beside the words (migration 047).
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
       ${bounded('support_cases', `array[account_id] @> array[$1::text] and ${MATCHES('$2')}`)} as cases,
       ${bounded('service_catalog_items', MATCHES('$2'))} as catalog,
       ${bounded('knowledge_articles', `(account_id is null or account_id = $1) and ${MATCHES('$2')}`)} as articles`,
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
  /** A vendor employee reaches every product (as My Solutions says). */
  employee: boolean;
  /** The products the caller is connected to. */
  productIds: string[];
}

/**
 * What a search is authorised against: the caller's account and permissions (the support
 * sources), and which products the caller reaches (the product sources).
 */
export async function findSearchCaller(
  db: Queryable,
  userId: string,
): Promise<SearchCallerRow | null> {
  const { rows } = await db.query<{
    account_id: string;
    permissions: string[];
    unit4_employee: boolean;
    product_ids: string[];
  }>(
    `select account_id, permissions, unit4_employee,
            array(select up.product_id from user_products up where up.user_id = u.id) as product_ids
       from users u where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  return row
    ? {
        accountId: row.account_id,
        permissions: row.permissions,
        employee: row.unit4_employee,
        productIds: row.product_ids,
      }
    : null;
}

async function countOne(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}
