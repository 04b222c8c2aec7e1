import { rowsBy } from '../../db/db.js';

// The spelling correction's one read (issue 38, ADR 0066): the title vocabulary's nearest words.

/**
 * For each word (1-based `i`), the nearest word of the title vocabulary (migration 031) when
 * the word is unknown there or in `rarerFactor` times fewer titles than that neighbour: pg_trgm
 * similarity over the folded word, then the more frequent; never another form of the word itself
 * (its stem is the same, so it finds the same items). `best` null: none near enough.
 */
export const nearestTitleWords = rowsBy<
  { i: number | string; best: string | null },
  [words: readonly string[], rarerFactor: number]
>(
  `select a.i, (
      select s.word from search_words s
       where s.word operator(portico_ext.%) f.word and s.word <> f.word
         and s.titles > $2 * coalesce(k.titles, 0)
         -- Another form of the same word ("customer" for "customers") finds the same items.
         and ts_lexize('english_stem', s.word) is distinct from ts_lexize('english_stem', f.word)
       order by portico_ext.similarity(s.word, f.word) desc, s.titles desc, s.word
       limit 1) as best
     from unnest($1::text[]) with ordinality as a(raw, i)
     cross join lateral (select search_fold(a.raw) as word) f
     left join search_words k on k.word = f.word`,
);
