import type { Queryable } from '../../db/db.js';

// How a search's words are read (issue 38): a tsquery's lexemes, whether it only joins words
// (AND, a phrase, some negated), OR-ed words, one word less others, a phrase's side-by-side
// pairs, and its one lexeme, each in SQL from the tsquery's text, so a statement chooses its
// plan inside itself (no round trip). The one reading for the news list and counts, a
// product's counts (product-term-counts.repository.ts) and the search page's hits.

/** Lexemes longer than this have no postings (migration 028). */
export const MAX_POSTED_LEXEME_BYTES = 256;

/**
 * A lexeme in a tsquery's text, as the SQL string of a regular expression: negated or not,
 * quoted, a quote inside it doubled; the negation and the characters captured.
 */
const LEXEME_MATCH = `'(!?)''((?:[^'']|'''')*)'''`;

/**
 * SQL for the lexemes of a tsquery's text (`text`, an expression), one row each (column
 * `lexeme`, in their order, numbered `i`, and whether a `!` stands before it, `negated`): each
 * stands quoted there, a quote inside it doubled. The one reading of a tsquery's words: the
 * news count's words and their frequencies, the search hits' rare test and a product count's
 * words and pairs.
 */
export const tsqueryLexemesSql = (text: string): string =>
  `select replace(m[2], '''''', '''') as lexeme, i, m[1] = '!' as negated
     from regexp_matches(${text}, ${LEXEME_MATCH}, 'g') with ordinality as x(m, i)`;

/** A tsquery's lexeme as its text writes it (quoted, a quote inside doubled; no backslash). */
const QUOTED_LEXEME = `''(?:[^''\\\\]|'''')*''`;

/** SQL: whether a tsquery's text is two or more lexemes, each joined by `operator` alone. */
const chainOf = (text: string, operator: string) =>
  `${text} ~ '^${QUOTED_LEXEME}(?: ${operator} ${QUOTED_LEXEME})+$'`;

/**
 * SQL: whether a tsquery's text only joins lexemes, some negated, with AND and a phrase's
 * "followed by" (`<->`, `<N>`), and no negated word stands inside a phrase (`'a' <-> !'b'` is
 * no word every match lacks): `'payrol' & !'complianc'`, `'cloud' <-> 'migrat'`, one word.
 */
export const allWordsSql = (text: string): string =>
  `(${text} ~ '^!?${QUOTED_LEXEME}(?: (?:&|<(?:-|[0-9]+)>) !?${QUOTED_LEXEME})*$'
    and ${text} !~ '> !|!${QUOTED_LEXEME} <')`;

/**
 * SQL for the lexemes of a tsquery's text (`text`, an expression) that only joins lexemes with
 * OR, `'ledger' | 'budget'` → {ledger,budget}; null for any other tsquery.
 */
export const orWordsSql = (text: string): string =>
  `case when ${chainOf(text, '\\|')} then array(select lexeme from (${tsqueryLexemesSql(text)}) l) end`;

/**
 * SQL for a tsquery's text (`text`, an expression) that is one word less some others,
 * `'payrol' & !'complianc'` → {payrol,complianc}: the word first, then the negated ones; null
 * for any other tsquery (two words, a phrase, OR, no negation). A count of such a search is at
 * least the word's less each negated word's (a product's counts, migration 045).
 */
export const oneWordExceptSql = (text: string): string =>
  `case when ${allWordsSql(text)} and ${text} !~ '<' then (
     select case when count(*) filter (where not l.negated) = 1 and bool_or(l.negated)
                 then array_agg(l.lexeme order by l.negated, l.i) end
       from (${tsqueryLexemesSql(text)}) l) end`;

/**
 * SQL for the pairs of side-by-side lexemes of a tsquery's text (`text`, an expression) that
 * is one phrase, `'cloud' <-> 'migrat'` → {'cloud migrat'}, as search_word_pairs (migration
 * 046) writes them; null for any other tsquery (a phrase with a stop word inside, `<2>`, too).
 */
export const phrasePairsSql = (text: string): string =>
  `case when ${chainOf(text, '<->')} then array(
     select w1.lexeme || ' ' || w2.lexeme
       from (${tsqueryLexemesSql(text)}) w1 join (${tsqueryLexemesSql(text)}) w2
         on w2.i = w1.i + 1) end`;

/**
 * SQL matching a phrase (`tsquery`) by its side-by-side pairs (`pairs`, phrasePairsSql) in the
 * index of migration 046, then the tsquery on each row found. The tsquery is asked as the
 * function behind `@@` (ts_match_vq), which no index serves: given `@@`, the planner ANDed
 * the words' index, whose phrase re-check then ran search_word_pairs on every row (150–290 ms
 * for `"cloud migration"` at a million news, against 15 ms).
 */
export const phraseMatchSql = (pairs: string, tsquery: string): string =>
  `search_word_pairs(search) @> ${pairs} and ts_match_vq(search, ${tsquery})`;

/**
 * SQL for the one lexeme a search is about, when its tsquery (`tsquery`, an expression) is
 * that lexeme alone, around any stop words: such a search is answered from the postings of
 * migration 028 (at most MAX_POSTED_LEXEME_BYTES long). Null for every other tsquery
 * (several words, phrases, negations, OR, no word at all): those keep the plan of ADR 0004.
 * A one-operand tsquery prints as its quoted lexeme, which reads back as a tsvector of that
 * lexeme. The one definition for the news list and counts (searchLexeme) and the search
 * page's hits, which choose inside their own statement (no round trip).
 */
export function soleLexemeSql(tsquery: string): string {
  return `case when numnode(${tsquery}) = 1 then
             (select l from unnest(tsvector_to_array((${tsquery})::text::tsvector)) l
               where octet_length(l) <= ${MAX_POSTED_LEXEME_BYTES})
           end`;
}

/** The one lexeme of a search (soleLexemeSql), or null: one prepared round trip. */
export async function searchLexeme(db: Queryable, query: string): Promise<string | null> {
  const { rows } = await db.query<{ lexeme: string | null }>(
    `select ${soleLexemeSql('q')} as lexeme from (select websearch_to_tsquery('english', $1) as q) a`,
    [query],
    { prepare: true },
  );
  return rows[0]?.lexeme ?? null;
}
