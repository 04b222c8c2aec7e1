import { soleLexemeSql, tsqueryLexemesSql } from './news.repository.js';

// A product's count of a search from the words' counts (migration 045, issue 38): how many
// of the product's news items or documents hold each word, kept by triggers. One word is its
// count (up to the bound); words joined by OR fill the bound when one of them does. Any
// other search, or words joined by OR below the bound, is counted by `fallback`.

/** The products' words of which source (the `source` column of product_term_counts). */
export type TermCountSource = 'news' | 'documents';

/** A tsquery's text that only joins lexemes with OR: `'ledger' | 'budget'`. */
const ANY_WORD = `^''(?:[^''\\\\]|'''')*''(?: \\| ''(?:[^''\\\\]|'''')*'')+$`;

/**
 * SQL of a product's bounded count of a search (a scalar subquery). `product`, `query` and
 * `bound` are the parameters' places; `fallback` the count when the words' counts cannot
 * tell, run only then (PostgreSQL runs an uncorrelated subquery when it is first asked for).
 */
export function productTermCountSql(
  source: TermCountSource,
  places: { product: string; query: string; bound: string },
  fallback: string,
): string {
  const { product, query, bound } = places;
  const counts = `product_term_counts c where c.source = '${source}' and c.product_id = ${product}`;
  return `(select case
      when s.lexeme is not null
        then least(${bound}, coalesce((select c.items from ${counts} and c.lexeme = s.lexeme), 0))
      when s.words is not null
        and exists (select 1 from ${counts} and c.lexeme = any(s.words) and c.items >= ${bound})
        then ${bound}
      else ${fallback}
    end
    from (select ${soleLexemeSql('a.q')} as lexeme,
                 case when a.q::text ~ '${ANY_WORD}'
                      then array(${tsqueryLexemesSql('a.q::text')}) end as words
            from (select websearch_to_tsquery('english', ${query}) as q) a) s)`;
}
