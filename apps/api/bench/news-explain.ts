import type { Db } from '../src/db/db.js';
import { searchLexeme } from '../src/modules/news/news-query-words.repository.js';
import { listNewsQuery, type NewsListFilter } from '../src/modules/news/news.repository.js';
import { FILL_WORDS } from './news-fill.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Prints EXPLAIN (ANALYZE, BUFFERS) of the list query for each benchmark kind, and of the
 * naive "filter then ORDER BY date LIMIT" shape that falls into the planner trap
 * (docs/decisions/0004-news-search-query-plan.md). Run with BENCH_EXPLAIN=1.
 */
export async function explainKinds(db: Db): Promise<void> {
  const newest = Date.now();
  const cases: [string, NewsListFilter][] = [
    ['first page', { limit: 30, offset: 0 }],
    ['deep page (1000)', { limit: 30, offset: 999 * 30 }],
    ['common-word search', { limit: 30, offset: 0, query: FILL_WORDS.common }],
    ['rare-word search', { limit: 30, offset: 0, query: FILL_WORDS.rare }],
    ['no-match search', { limit: 30, offset: 0, query: FILL_WORDS.none }],
    ['no-match phrase of two common words', { limit: 30, offset: 0, query: '"finance customers"' }],
    [
      'date range (30 days)',
      { limit: 30, offset: 0, from: newest - 400 * DAY, to: newest - 370 * DAY },
    ],
  ];
  for (const [name, filter] of cases) {
    // As listNews plans it: a one-word search reads the postings (migration 028).
    const lexeme = filter.query === undefined ? null : await searchLexeme(db, filter.query);
    const { sql, params } = listNewsQuery(filter, lexeme);
    await printPlan(db, `ours: ${name}`, sql, params);
  }
  // The shape we avoid: the planner may walk the date index and test every row.
  const naive = `select id from news where search @@ websearch_to_tsquery('english', $1)
                 order by publication_date desc, id desc limit 30`;
  for (const query of [FILL_WORDS.none, '"finance customers"', FILL_WORDS.common]) {
    await printPlan(db, `naive ORDER BY date LIMIT 30: ${query}`, naive, [query]);
  }
}

async function printPlan(db: Db, title: string, sql: string, params: unknown[]): Promise<void> {
  const { rows } = await db.query<Record<string, string>>(
    `explain (analyze, buffers) ${sql}`,
    params,
  );
  console.log(`\n--- ${title}`);
  for (const row of rows) console.log(Object.values(row)[0]);
}
