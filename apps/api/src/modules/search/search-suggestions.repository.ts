import type { SearchHitSource } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import {
  clean,
  type SourceSql,
  fewMatchesSql,
  newestRowsWalk,
  PROBE_POSTINGS,
  PROBE_ROWS,
  scopedWhere,
  SOURCES,
  TITLE_OPTIONS,
} from './search-hit-sources.repository.js';

// As-you-type suggestions (issue 38, ADR 0066): titles that begin words with what was typed,
// read from each searchable title's own vector (title_search, migration 037), per source.

/** The words typed so far: letters and digits, lower case. */
const typedWords = (typed: string): string[] => typed.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The words typed so far as a tsquery of prefixes: `'invo':* & 'rem':*` (each word may go
 * on), matched against the titles' own vectors (`title_search`, migration 037). Null when
 * nothing searchable was typed. Words are letters and digits only, so nothing needs quoting
 * inside the quotes. `prefixes` false: the same words without `:*`, for the index of every
 * title word's prefixes (migration 043), where a typed word is one entry.
 */
export function titlePrefixQuery(typed: string, prefixes = true): string | null {
  const words = typedWords(typed);
  if (words.length === 0) return null;
  return words.map((w) => `'${w}'${prefixes ? ':*' : ''}`).join(' & ');
}

/**
 * How many of a source's newest rows a frequent prefix's suggestions are looked for in before
 * the GIN index is asked. A walk of the date index with the match as a filter reads until it
 * has enough, and the planner, which guesses a few hundred matches for any prefix, would
 * rather read every match from the index and sort them (200 ms for "cloud m" at a million
 * news, 40 000 matches); two frequent words that seldom meet would walk the whole table.
 */
export const SUGGESTION_WALK_ROWS = 2_000;

/** A title found: what its link is built from, and the title. */
export interface SuggestionRow {
  ref: string;
  /** Marked with MATCH_START / MATCH_END where a typed prefix matched. */
  title: string;
}

/** One source a caller may search, with what scopes it (a product's or an account's id). */
export interface SuggestionSource {
  source: SearchHitSource;
  scope?: string | undefined;
}

export interface SourceSuggestionRow extends SuggestionRow {
  source: SearchHitSource;
}

export interface Suggestions {
  rows: SourceSuggestionRow[];
  /** The typed words stand in at most `rareTitles` titles: every source read its index. */
  rare: boolean;
}

/**
 * The plan's knobs; tests turn them to prove each path gives the same titles. `rareTitles`: a
 * prefix whose words stand in at most this many titles (search_words) is rare, its matches
 * read from the GIN index and sorted (the planner cannot tell: it guesses about 5 000
 * matches for any prefix, and a walk of the date index for a prefix in no title reads every
 * row, 3.3 s at a million news). `walkRows`: SUGGESTION_WALK_ROWS.
 */
export interface SuggestionKnobs {
  rareTitles?: number;
  walkRows?: number;
  /** Several typed words with at most this many titles in a source: its index at once (0: off). */
  probeRows?: number;
}

/** The index of a source's title word prefixes (migration 043), whose statistics tell. */
const prefixIndex = (s: SourceSql) =>
  `${(s.indexed?.from ?? s.from).split(' ')[0]}_title_prefixes_idx`;

/**
 * For each source's prefix index: how many titles its rarest typed word begins a word of, as
 * ANALYZE last saw it (the word's frequency among the index's common entries, else the least
 * frequent one's, times the table's rows). A source with no statistics has no row.
 */
const prefixItems = (indexes: readonly string[]) => `prefix_items as (
  select p.tablename::text as idx, e.f * c.reltuples as items
    from pg_stats p
    join pg_class ic on ic.relname = p.tablename and ic.relnamespace = current_schema()::regnamespace
    join pg_index i on i.indexrelid = ic.oid
    join pg_class c on c.oid = i.indrelid,
         lateral (
           select (select min(coalesce(p.most_common_elem_freqs[array_position(x.elems, w)], x.least))
                     from unnest((select $3::text[])) w) as f
             from (select p.most_common_elems::text::text[] as elems,
                          (select min(f) from unnest(p.most_common_elem_freqs) f) as least
                   offset 0) x
         ) e
   where p.schemaname = current_schema() and p.attname = 'search_title_prefixes'
     and p.tablename = any(array[${indexes.map((x) => `'${x}'`).join(', ')}]::name[])
)`;

export const RARE_PREFIX_TITLES = 2_000;

/**
 * Titles of each source that begin words with what was typed (titlePrefixQuery), newest first
 * in the source's own order, at most `limit` a source, in ONE statement (issue 38: a round
 * trip per source and plan step cost more than the reads). Per source: when the prefix is
 * rare, the matches from the index of title word prefixes (migration 043; a MATERIALIZED set
 * the order cannot reach into), sorted; else the newest `walkRows` rows are looked through,
 * and the index only when they hold fewer than `limit` and are not all the rows there are.
 * PostgreSQL runs a branch only when its one-time condition holds, so each source reads one
 * path (two when the walk falls short). Cases take the same path: the vocabulary holds no case
 * titles, so its rare test may send them to the index at once, which gives the same titles;
 * walking all of an account's cases cost 12–14 ms at 25 000 of them. ts_headline marks the
 * chosen rows only.
 */
export async function findSuggestions(
  db: Queryable,
  sources: readonly SuggestionSource[],
  typed: string,
  limit: number,
  knobs: SuggestionKnobs = {},
): Promise<Suggestions> {
  const statement = suggestionsStatement(sources, typed, limit, knobs);
  if (statement === null) return { rows: [], rare: false };
  const { rows } = await db.query<{ i: number; ref: string; title: string; rare: boolean }>(
    statement.text,
    statement.params,
    { prepare: true },
  );
  return {
    rows: rows.map((r) => ({
      source: sources[r.i]?.source ?? 'news',
      ref: r.ref,
      title: r.title,
    })),
    rare: rows[0]?.rare ?? false,
  };
}

/** The statement of findSuggestions and its parameters; null when nothing searchable was typed. */
export function suggestionsStatement(
  sources: readonly SuggestionSource[],
  typed: string,
  limit: number,
  knobs: SuggestionKnobs = {},
): { text: string; params: unknown[] } | null {
  const tsquery = titlePrefixQuery(typed);
  if (tsquery === null || sources.length === 0) return null;
  const walkRows = knobs.walkRows ?? SUGGESTION_WALK_ROWS;
  const probeRows = knobs.probeRows ?? PROBE_ROWS;
  // Several typed words: each may be common while the titles holding all are few.
  const probe = probeRows > 0 && walkRows > 0 && typedWords(typed).length > 1;
  const params: unknown[] = [
    tsquery,
    TITLE_OPTIONS,
    typedWords(typed),
    knobs.rareTitles ?? RARE_PREFIX_TITLES,
    titlePrefixQuery(typed, false),
  ];
  // The limit is written into the statement: a generic plan does not know a parameter's, and
  // costs every LIMIT as a tenth of the rows, so PostgreSQL would keep planning each call.
  const top = String(Math.max(0, Math.trunc(limit)));
  // The typed words parsed once (a CTE, read as InitPlans), so no plan depends on them and
  // the statement is kept prepared with a generic plan, as the hits' (ADR 0066, session 38).
  const q = '(select q from tsq)';
  const matches = `t.title_search @@ ${q}`;
  // The same match through the index of the titles' word prefixes (migration 043).
  const indexMatches = `search_title_prefixes(t.title_search) @@ (select prefixes from tsq)`;
  const ctes: string[] = [
    `tsq as materialized (
       select to_tsquery('english', $1) as q, to_tsquery('english', $5) as prefixes)`,
    // The rarest typed word's titles: for each word, the titles of the vocabulary's words
    // (migration 031, folded) that begin with it.
    // The typed words as an InitPlan: a constant array's length sets the custom plans' row
    // counts, a parameter's is a guess, and PostgreSQL kept planning every call over the gap.
    `rare as (select coalesce(min(n), 0) <= $4 as yes
       from (select (select coalesce(sum(titles), 0) from search_words
                      where word like search_fold(w) || '%') as n
               from unnest((select $3::text[])) w) x)`,
    ...(probe
      ? [prefixItems([...new Set(sources.map(({ source }) => prefixIndex(SOURCES[source])))])]
      : []),
  ];
  const parts = sources.map(({ source, scope }, i) => {
    const s = SOURCES[source];
    const { where } = scopedWhere(source, scope, params);
    const select = `select ${s.ref} as ref, t.title`;
    const ordered = (from: string) =>
      `${select}, row_number() over (order by ${s.order}) as n from ${from} order by ${s.order} limit ${top}`;
    // The prefix index's matches in the source's scope: a product's news and documents are
    // read with their product in the same index (migration 043), not from a join of every
    // link of the product or beside the product's B-tree, which the planner ANDed into the
    // bitmap (every row of the product read for a prefix in a few titles: news 30 ms,
    // documents 14 ms at a million).
    const indexed = `(${ordered(`m${i} t`)})`;
    ctes.push(
      `m${i} as materialized (select t.* from ${s.indexed?.from ?? s.from} ${where([indexMatches], true)})`,
    );
    // The probe (as the hits'): where the rarest typed word's titles are few enough for the
    // index's bitmap to be cheap, its first matches tell whether the walk would find any.
    if (probe) {
      ctes.push(`few${i} as (select coalesce((select p.items from prefix_items p
            where p.idx = '${prefixIndex(s)}'), ${PROBE_POSTINGS + 1}) <= ${PROBE_POSTINGS}
          and ${fewMatchesSql(`m${i}`, probeRows)} as yes)`);
    }
    // The newest rows first: a frequent prefix has its few titles in a few dozen of them.
    ctes.push(
      ...newestRowsWalk(
        s,
        where,
        { walk: `w${i}`, fills: `fills${i}` },
        {
          columns: `${s.ref} as ref, t.title`,
          outputs: 'ref, title, n',
          vector: 't.title_search',
          match: matches,
          limit: top,
        },
        walkRows,
      ),
    );
    // The index is read when the prefix is rare, when the probe found its matches few, or
    // when the walk fell short of the limit and did not see every row of the scope.
    const index = `(select yes from rare) ${probe ? `or (select yes from few${i})` : ''}
        or ((select count(*) from w${i}) < ${top} and (select yes from fills${i}))`;
    return `select ${i} as i, * from w${i} where not (${index})
      union all
      select ${i} as i, * from ${indexed} x where ${index}`;
  });
  const text = `with ${ctes.join(',\n')}
     select p.i, p.ref, ts_headline('english', ${clean('p.title')}, ${q}, $2) as title,
            (select yes from rare) as rare
       from (${parts.join('\n union all \n')}) p
      order by p.i, p.n`;
  return { text, params };
}
