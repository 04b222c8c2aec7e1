import { commonWordsSql } from '../../lib/common-words.repository.js';
import {
  allWordsSql,
  MAX_POSTED_LEXEME_BYTES,
  tsqueryLexemesSql,
} from './news-query-words.repository.js';

// A search that only joins words and phrases, some words negated, read from the news
// postings (news_terms, migration 028): its words in SQL, and its newest matches in the list's
// order, index-only. The one reading for the news list's total (news-search-count) and the
// search page's news hits (issue 38).

/**
 * SQL of one row (a subquery's body) with a search's words as the postings read them, from
 * its tsquery's text (`text`, an expression): `required`, the lexemes every match holds, the
 * rarest first (by their frequency among the news search vectors as ANALYZE last saw them:
 * pg_stats's most common elements, a word not listed rarer than every one that is; then by
 * their place in the query), `excluded`, those none holds, and `phrase`, the tsquery's text
 * when it holds a phrase (`<->`, `<N>`), to test on the words' positions. All three null when
 * the postings cannot answer: the tsquery is not words joined by AND and phrases (allWordsSql),
 * holds no word that is not negated, or a word too long for the postings.
 */
export const postedWordsSql = (text: string): string => `
  with w as (
    select l.lexeme, l.negated, min(l.i) as i
      from (${tsqueryLexemesSql(text)}) l
     where ${allWordsSql(text)}
     group by l.lexeme, l.negated),
  -- Read only to order two or more required words.
  f as (
    select c.e as lexeme, c.f
      from (${commonWordsSql(['news'], '(select array_agg(lexeme) from w where not negated)')}) c
     where (select count(*) from w where not negated) > 1),
  posted as (
    select exists (select 1 from w where not negated)
           and not exists (select 1 from w where octet_length(lexeme) > ${MAX_POSTED_LEXEME_BYTES})
           as yes)
  select case when posted.yes then (
           select array_agg(w.lexeme order by coalesce(f.f, 0), w.i)
             from w left join f on f.lexeme = w.lexeme where not w.negated) end as required,
         case when posted.yes then (
           select coalesce(array_agg(lexeme order by i), '{}') from w where negated) end
           as excluded,
         case when posted.yes and ${text} ~ ' <' then ${text} end as phrase
    from posted`;

/**
 * SQL of a search's newest `limit` news matches in the list's order (publication date, then
 * id, newest first), numbered `n`, from the postings alone (index-only): the rarest required
 * word's postings are walked, and each is probed once for every other word's entry and for
 * the excluded words; a phrase is tested on a vector of the query's words alone, each with its
 * positions in the item (the tsquery names no other word, so it matches that vector exactly
 * when it matches the item's). `words` is an expression of a row of postedWordsSql. A word
 * both required and excluded finds nothing, without walking its postings.
 * At a million news: `payroll -compliance` 1 ms, `"cloud migration"` 2 ms, where the walk
 * through the newest rows, each row's vector read, took 6–10 ms.
 * `within`: a condition each posting `p` must meet too (a product's news: its link, probed),
 * and `scanned`: at most this many of the rarest word's newest postings are read (the caller
 * tells when they held too few matches: postedScanFellShortSql).
 */
export const postedWindowSql = (
  words: string,
  limit: number,
  { within, scanned }: { within?: string; scanned?: number } = {},
): string => `
  select p.news_id as id,
         row_number() over (order by p.publication_date desc, p.news_id desc) as n
    from ${
      scanned === undefined
        ? 'news_terms'
        : `(select * from news_terms p where p.lexeme = (select required[1] from ${words})
             order by p.publication_date desc, p.news_id desc limit ${scanned})`
    } p
   cross join lateral (
     -- Each other required word's entry for this item: one probe each (OFFSET 0 keeps them
     -- out of the conditions, so none runs twice).
     select array(
       select o.entry::text
         from unnest((select required from ${words})[2:]) r(lexeme),
              lateral (select o.entry from news_terms o
                        where o.lexeme = r.lexeme and o.publication_date = p.publication_date
                          and o.news_id = p.news_id limit 1) o) as entries
     offset 0) e
   where p.lexeme = (select required[1] from ${words})${
     within
       ? `
     and ${within}`
       : ''
   }
     and not coalesce((select required && excluded from ${words}), true)
     and cardinality(e.entries) = cardinality((select required from ${words})) - 1
     and (select 1 from news_terms o
           where o.lexeme = any((select excluded from ${words})::text[])
             and o.publication_date = p.publication_date and o.news_id = p.news_id limit 1) is null
     and ((select phrase from ${words}) is null
          or (p.entry::text || ' ' || array_to_string(e.entries, ' '))::tsvector
             @@ (select phrase from ${words})::tsquery)
   order by p.publication_date desc, p.news_id desc
   limit ${limit}`;

/**
 * SQL of whether a window of postedWindowSql read with `scanned` (the CTE `window`) fell short:
 * it holds fewer than `limit` matches and the rarest word has more postings than were read.
 */
export const postedScanFellShortSql = (
  words: string,
  window: string,
  limit: number,
  scanned: number,
): string => `(select count(*) from ${window}) < ${limit}
  and (select count(*) from (select 1 from news_terms p
                              where p.lexeme = (select required[1] from ${words})
                              limit ${scanned + 1}) x) > ${scanned}`;

/** SQL of whether posting `p` is an item of the product `product` (news_products' key, probed). */
export const postingOfProductSql = (product: string): string =>
  `exists (select 1 from news_products np where np.product_id = ${product} and np.news_id = p.news_id)`;

/**
 * SQL of whether a product's news window is read from the postings (postingOfProductSql)
 * rather than from the product's newest items, each item's vector read (ADR 0066, session 41):
 * when `limit` of the product's items holding the rarest required word are expected within
 * `scanned` of the word's newest postings, as the word's items in all news (ANALYZE's
 * frequency) and in the product's news (product_term_counts) tell. False when a count is
 * unknown (a word ANALYZE has not listed, no product item holding the word). The product's
 * count is read first: it is one row of an index.
 */
export const productPostingsPaySql = (
  words: string,
  product: string,
  { limit, scanned }: { limit: number; scanned: number },
): string => `coalesce((
    select w.items * ${limit} <= counted.items * ${scanned}
      from product_term_counts counted
           cross join lateral (
             select x.items from (${commonWordsSql(['news'], 'array[counted.lexeme]')}) x) w
     where counted.source = 'news' and counted.product_id = ${product}
       and counted.lexeme = (select required[1] from ${words}) and counted.items > 0), false)`;
