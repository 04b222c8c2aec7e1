import type { Queryable } from '../../db/db.js';
import { SEARCH_WINDOW } from './news.repository.js';
import { MAX_POSTED_LEXEME_BYTES, orWordsSql } from './news-query-words.repository.js';
import { postedWordsSql } from './news-postings.repository.js';

// The news list's total for a search, counted up to SEARCH_WINDOW (issue 38). Searches that
// only join words and phrases, some words negated ("invoice automation", "payroll
// -compliance", "\"cloud migration\""), are answered from the postings (migration 028): the
// rarest required word's postings are walked and every other word is one index probe per
// posting; a phrase is then tested on the words' own positions, which the postings hold. One
// word is its postings' first range. Words joined by OR ("ledger OR budget") are counted from
// their postings too: the window is full as soon as one word fills it alone, else their few
// postings' union is counted. Any other search (OR beside AND or NOT, a negated phrase, no
// word) counts the tsquery's matches over the rows.

/** The lexemes every match holds (`required`) and those none holds (`excluded`). */
export interface PostedWords {
  required: string[];
  excluded: string[];
  /** The tsquery's text when it holds a phrase (`<->`, `<N>`), tested on the words' positions. */
  phrase: string | null;
}

/** A search's words as the count reads them (searchTerms), in SQL from its tsquery. */
interface SearchTerms {
  /** Only words joined by AND and phrases (allWordsSql), the rarest required word first. */
  all: PostedWords | null;
  /** Only words joined by OR (`'ledger' | 'budget'`). */
  any: string[] | null;
}

/**
 * A search's words, read in SQL by the one reading of a tsquery (postedWordsSql, orWordsSql),
 * in one round trip. Every word must be short enough to have postings (migration 028), and
 * words joined by AND must hold one not negated; else the rows answer (null). The required
 * words come rarest first: the first is walked.
 */
async function searchTerms(db: Queryable, query: string): Promise<SearchTerms> {
  const { rows } = await db.query<{
    required: string[] | null;
    excluded: string[] | null;
    phrase: string | null;
    any: string[] | null;
  }>(
    `with a as (select websearch_to_tsquery('english', $1)::text as text)
     select pw.required, pw.excluded, pw.phrase,
            (select case when bool_and(octet_length(o) <= $2) then array_agg(distinct o) end
               from unnest(${orWordsSql('a.text')}) o) as any
       from a, lateral (${postedWordsSql('a.text')}) pw`,
    [query, MAX_POSTED_LEXEME_BYTES],
    { prepare: true },
  );
  const row = rows[0];
  return {
    all: row?.required
      ? { required: row.required, excluded: row.excluded ?? [], phrase: row.phrase }
      : null,
    any: row?.any ?? null,
  };
}

/** One posting of `lexeme` ($n) for the walked posting p's item: an index-only probe. */
const probe = (param: string, column = 'true') =>
  `(select ${column} from news_terms o where o.lexeme = ${param}
     and o.publication_date = p.publication_date and o.news_id = p.news_id limit 1)`;

/**
 * The count of a search that only joins words and phrases, some words negated
 * (allWordsSql). A phrase is tested on a vector of the query's words alone, each with its
 * positions in the item (the postings' entries, read index-only): the tsquery names no other
 * word, so it matches that vector exactly when it matches the item's (`"cloud migration"` at a
 * million items: 130 ms through the rows, most of them read for nothing).
 * The same walk as the hits' window (postedWindowSql), written per shape of search with each
 * word a parameter: the window's one statement for every shape, counted, was 30–60 % slower
 * here (`invoice automation` 3.2 → 5.3 ms, `"cloud migration"` 16 → 22 ms at 200 000 news),
 * while the hits need it to stay one prepared statement.
 */
function allWordsCount(words: PostedWords): { sql: string; params: unknown[] } {
  const [driver, ...others] = words.required;
  const otherParam = (i: number) => `$${i + 3}`;
  const excludedParam = (i: number) => `$${i + 3 + others.length}`;
  const params = [driver, SEARCH_WINDOW, ...others, ...words.excluded];
  if (words.phrase === null) {
    const conditions = [
      'p.lexeme = $1',
      ...others.map((_, i) => probe(otherParam(i))),
      ...words.excluded.map((_, i) => `${probe(excludedParam(i))} is null`),
    ];
    return {
      sql: `select count(*) as n from (
      select 1 from news_terms p where ${conditions.join(' and ')} limit $2) m`,
      params,
    };
  }
  // Each other word's entry, probed once (OFFSET 0 keeps the probes out of both conditions).
  const entries = others.map((_, i) => `${probe(otherParam(i), 'o.entry')} as e${i}`);
  const conditions = [
    ...others.map((_, i) => `e.e${i} is not null`),
    ...words.excluded.map((_, i) => `${probe(excludedParam(i))} is null`),
    `(concat_ws(' ', p.entry::text, ${others.map((_, i) => `e.e${i}::text`).join(', ') || "''"})::tsvector
       @@ $${params.length + 1}::tsquery)`,
  ];
  return {
    sql: `select count(*) as n from (
      select 1 from news_terms p
        cross join lateral (select ${entries.join(', ') || 'null as none'} offset 0) e
       where p.lexeme = $1 and ${conditions.join(' and ')} limit $2) m`,
    params: [...params, words.phrase],
  };
}

/**
 * The count of words joined by OR (orWordsSql): a word that fills the window alone fills it
 * for them all (its postings' first range, index-only); when none does, each has fewer
 * postings than the window and their union is counted (`ledger OR budget` at a million
 * items: 14–28 ms over the rows, under 1 ms here).
 */
function anyWordCount(words: string[]): { sql: string; params: unknown[] } {
  return {
    sql: `select case
        when exists (select 1 from unnest($1::text[]) w(lexeme)
                      where (select count(*) from (select 1 from news_terms p
                              where p.lexeme = w.lexeme limit $2) x) >= $2) then $2
        else least($2, (select count(distinct p.news_id) from news_terms p
                         where p.lexeme = any($1::text[])))
      end as n`,
    params: [words, SEARCH_WINDOW],
  };
}

/**
 * How many news items match a search, up to SEARCH_WINDOW: the news list's total for it
 * without dates (its window is the newest SEARCH_WINDOW matches, so the window's size is this
 * count), found without dating or ranking a match. Words, some negated: the rarest required
 * word's postings in index order, each probed for the other words (the walk stops at the
 * bound; `payroll -compliance` at a million items, 84 ms over the rows, 21 ms here). Words
 * joined by OR: their postings (anyWordCount). Anything else: the GIN index or the table,
 * stopping at the bound. The list's window of two frequent words read every match's row to
 * date it: 480 ms at 1 000 000 items against 40 ms here.
 */
export async function countNewsMatches(db: Queryable, query: string): Promise<number> {
  // One word (around stop words) is the same walk without probes: its postings' first range.
  const { all, any } = await searchTerms(db, query);
  // A word both required and excluded (`payroll -payroll`): no item holds it and lacks it,
  // and the walk would read every posting of the word to find none (230 ms at a million).
  if (all?.required.some((word) => all.excluded.includes(word))) return 0;
  const { sql, params } = all
    ? allWordsCount(all)
    : any
      ? anyWordCount(any)
      : {
          sql: `select count(*) as n from (
            select 1 from news where search @@ websearch_to_tsquery('english', $1) limit $2) m`,
          params: [query, SEARCH_WINDOW],
        };
  const { rows } = await db.query<{ n: number | string }>(sql, params, {
    // The postings' plans are one per shape of query; other searches are planned on their words.
    prepare: all !== null || any !== null,
  });
  return Number(rows[0]?.n ?? 0);
}

/** The words of a search that only joins words and phrases (allWordsSql), rarest first; or null. */
export async function postedWordsOfSearch(
  db: Queryable,
  query: string,
): Promise<PostedWords | null> {
  return (await searchTerms(db, query)).all;
}

/** The OR-ed words of the search's tsquery that its postings count (orWordsSql), or null. */
export async function anyWordsOfSearch(db: Queryable, query: string): Promise<string[] | null> {
  return (await searchTerms(db, query)).any;
}
