import {
  phraseMatchSql,
  phrasePairsSql,
  postedWindowSql,
  postedWordsSql,
  tsqueryLexemesSql,
} from '../news/index.js';
import { commonWordsSql } from '../../lib/common-words.repository.js';
import { HIT_WINDOW, type SourceSql, TSQUERY } from './search-hit-sources.repository.js';

// The hits statement's reading of the query itself (issue 38, ADR 0066): the query parsed
// once, its words as the postings and the statistics read them, and whether it is too rare
// for a source's newest rows. Each is a CTE or a condition of search-hits.repository.ts's
// one statement.

/**
 * The user's query parsed once, as a CTE (ADR 0066, session 38): the hits statement names it
 * by this scalar subquery, which PostgreSQL evaluates once (an InitPlan), so no plan depends on
 * the query's text and the statement is kept prepared with a generic plan. Planning it cost
 * 6–12 ms a call at a million items, longer than most of its reads; written as the function of
 * $1, each row's match would parse the query again in a generic plan.
 */
export const QUERY_CTE = `tsq as materialized (select ${TSQUERY} as q)`;
export const QUERY = '(select q from tsq)';

/**
 * The query's side-by-side lexemes when it is one phrase (phrasePairsSql), else null. A phrase
 * too rare for the newest rows asked its words' index, whose every item holding both words
 * was read to test that they stand side by side: `"cloud migration"` in one product's
 * documents, where the two words are often apart and never together, 3 675 rows for no hit.
 */
export const PHRASE_PAIRS = `phrase_pairs as (
  select ${phrasePairsSql('a.q::text')} as pairs from (select ${QUERY} as q) a
)`;

/** A phrase's match by its pairs in the index of migration 046, then the tsquery itself. */
export const PAIRS_MATCH = phraseMatchSql('(select pairs from phrase_pairs)', QUERY);

/**
 * The query's words as the news postings read them (postedWordsSql): all null when they
 * cannot answer it (OR, a negated phrase, no word that is not negated, a word too long).
 */
export const POSTED = `posted as materialized (
  select w.*, w.required is not null as yes from (${postedWordsSql('(select q from tsq)::text')}) w
)`;

/** The table a source's matches are read from by its GIN index (its `search` statistics). */
export const indexedTable = (s: SourceSql): string =>
  (s.indexed?.from ?? s.from).split(' ')[0] ?? '';

/**
 * The words every match of the query holds (ADR 0066, session 33): its lexemes when it only
 * joins them (words, phrases: `&`, `<->`), none when it has OR or a negation (a match of
 * `a -b` or `a or b` need not hold each word). Read from the tsquery's text, where each
 * lexeme stands quoted, a quote inside it doubled.
 */
export const QUERY_WORDS = `query_words as (
  select array_agg(distinct l.lexeme) as lexemes, count(distinct l.lexeme) > 1 as several
    from (select ${QUERY} as q) a, lateral (${tsqueryLexemesSql('a.q::text')}) l
   where a.q::text !~ '[|!]'
)`;

/**
 * How often each of the query's words is in the `search` column of each of `tables`, as
 * ANALYZE last saw it (commonWordsSql; `items` for the probe). The whole view took about 1 ms
 * a call.
 */
export const wordFrequency = (tables: readonly string[]) =>
  `word_frequency as (${commonWordsSql(tables, '(select lexemes from query_words)')})`;

/**
 * Whether the query is too rare for the walk through a source's newest rows to fill the
 * window (ADR 0066, sessions 32 and 33): every match holds each of the query's words
 * (QUERY_WORDS), so the query is at most as frequent as its rarest word; when that word would
 * be found in fewer than HIT_WINDOW of `walkRows` rows, the walk reads them all for nothing (a
 * misspelt word or pair: 2 000 rows in each of six sources) before the GIN index answers
 * anyway. Such a query asks the index at once; the index reads at most the matches of a word
 * below pg_stats's common lexemes. Without statistics (a table ANALYZE has not seen yet) every
 * word counts as rare: the same hits either way.
 */
export function rareWord(s: SourceSql, walkRows: number): string {
  return `exists (
      select 1 from query_words w, unnest(w.lexemes) as l(e)
       where coalesce((select max(x.f) from word_frequency x
                        where x.tbl = '${indexedTable(s)}' and x.e = l.e), 0) < ${HIT_WINDOW / walkRows})`;
}

/**
 * News's window for words joined by AND and phrases, some negated (ADR 0066, sessions 31 and
 * 40): their newest matches in the list's order, from the postings alone (postedWindowSql,
 * migration 028). The walk read 2 000 rows and the index every match for a word in few items
 * (`Reykjavik`, 5 263 at a million: 16 → under 1 ms); the walk read each row's vector for
 * several words (`payroll -compliance`: 9.5 → 1 ms).
 */
export const POSTINGS_WINDOW = postedWindowSql('posted', HIT_WINDOW);
