import {
  oneWordExceptSql,
  orWordsSql,
  phrasePairsSql,
  soleLexemeSql,
} from './news-query-words.repository.js';

// A product's count of a search from the words' counts (migration 045, issue 38): how many
// of the product's news items or documents hold each word, kept by triggers. One word is its
// count (up to the bound); words joined by OR fill the bound when one of them does; one word
// less others (`payroll -compliance`) fills it when the word's count less theirs does. A phrase
// is counted from the index of side-by-side words (migration 046); any other search, or words
// joined by OR below the bound, from the index of words.

/** The products' words of which source (the `source` column of product_term_counts). */
export type TermCountSource = 'news' | 'documents';

/**
 * SQL of a product's bounded count of a search (a scalar subquery). `product`, `query` and
 * `bound` are the parameters' places. When the words' counts cannot tell: `phrase`, the count
 * of a one-phrase search, which may read `s.pairs` (its side-by-side lexemes, migration 046),
 * and `indexed`, of any other. Only the branch taken runs (PostgreSQL runs a subquery of a
 * CASE when it is first asked for).
 */
export function productTermCountSql(
  source: TermCountSource,
  places: { product: string; query: string; bound: string },
  counts: { phrase: string; indexed: string },
): string {
  const { product, query, bound } = places;
  const kept = `product_term_counts c where c.source = '${source}' and c.product_id = ${product}`;
  return `(select case
      when s.lexeme is not null
        then least(${bound}, coalesce((select c.items from ${kept} and c.lexeme = s.lexeme), 0))
      when s.words is not null
        and exists (select 1 from ${kept} and c.lexeme = any(s.words) and c.items >= ${bound})
        then ${bound}
      when s.except_words is not null
        and coalesce((select c.items from ${kept} and c.lexeme = s.except_words[1]), 0)
            - coalesce((select sum(c.items) from ${kept} and c.lexeme = any(s.except_words[2:])), 0)
            >= ${bound}
        then ${bound}
      when s.pairs is not null then ${counts.phrase}
      else ${counts.indexed}
    end
    from (select ${soleLexemeSql('a.q')} as lexeme,
                 ${orWordsSql('a.q::text')} as words,
                 ${oneWordExceptSql('a.q::text')} as except_words,
                 ${phrasePairsSql('a.q::text')} as pairs
            from (select websearch_to_tsquery('english', ${query}) as q) a) s)`;
}
