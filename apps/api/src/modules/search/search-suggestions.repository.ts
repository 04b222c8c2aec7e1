import type { SearchHitSource } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { clean, SOURCES, TITLE_OPTIONS, type SuggestionRow } from './search-hits.repository.js';

// As-you-type suggestions (issue 38, ADR 0066): titles that begin words with what was typed,
// read from each searchable title's own vector (title_search, migration 037), per source.

/**
 * The words typed so far as a tsquery of prefixes: `'invo':* & 'rem':*` (each word may go
 * on), matched against the titles' own vectors (`title_search`, migration 037). Null when
 * nothing searchable was typed. Words
 * are letters and digits only, so nothing needs quoting inside the quotes.
 */
export function titlePrefixQuery(typed: string): string | null {
  const words = typed.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.map((w) => `'${w}':*`).join(' & ');
}

/**
 * A typed prefix whose words stand in at most this many titles (search_words) is rare: its
 * suggestions are read from the GIN index and sorted, not found by walking the source's date
 * index newest first (which, for a prefix in no title, reads every row: 3.3 s at a million
 * news). The planner cannot tell: it guesses about 5 000 matches for any prefix.
 */
export const RARE_PREFIX_TITLES = 2_000;

/**
 * How many titles at the most begin words with the rarest of the typed words: for each
 * word, the titles of the vocabulary's words (migration 031, folded) that begin with it.
 */
export async function titlePrefixBound(db: Queryable, typed: string): Promise<number> {
  const words = typed.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return 0;
  const { rows } = await db.query<{ bound: string | number | null }>(
    `select min(n) as bound
       from (select (select coalesce(sum(titles), 0) from search_words
                      where word like search_fold(w) || '%') as n
               from unnest($1::text[]) w) x`,
    [words],
  );
  return Number(rows[0]?.bound ?? 0);
}

/**
 * How many of a source's newest rows a frequent prefix's suggestions are looked for in before
 * the GIN index is asked. A walk of the date index with the match as a filter reads until it
 * has enough, and the planner, which guesses a few hundred matches for any prefix, would
 * rather read every match from the index and sort them (200 ms for "cloud m" at a million
 * news, 40 000 matches); two frequent words that seldom meet would walk the whole table.
 */
export const SUGGESTION_WALK_ROWS = 2_000;

/** Whether the source has at least `rows` rows in the caller's scope (else a walk saw them all). */
async function scopeFills(
  db: Queryable,
  source: SearchHitSource,
  scope: string | undefined,
  rows: number,
): Promise<boolean> {
  const s = SOURCES[source];
  const scoped = s.scope.map((c) => c.replace('$4', '$1'));
  const { rows: found } = await db.query<{ n: number | string }>(
    `select count(*) as n from (select 1 from ${s.from}
      ${scoped.length > 0 ? `where ${scoped.join(' and ')}` : ''} limit ${rows}) x`,
    s.scope.some((c) => c.includes('$4')) ? [scope] : [],
  );
  return Number(found[0]?.n ?? 0) >= rows;
}

/**
 * Titles of one source that begin words with what was typed (titlePrefixQuery), newest first
 * in the source's own order, at most `limit`; ts_headline marks those rows only. `rare`
 * (titlePrefixBound ≤ RARE_PREFIX_TITLES): the matches are taken from the GIN index (a
 * MATERIALIZED set the order cannot reach into) and sorted. Else the newest `walkRows` rows
 * are looked through first, and the index only when they hold fewer than `limit` and are not
 * all the rows there are. Cases are walked within the caller's account, whose cases are few:
 * the vocabulary holds no case titles.
 */
export async function findSourceSuggestions(
  db: Queryable,
  source: SearchHitSource,
  tsquery: string,
  limit: number,
  scope?: string,
  rare = false,
  walkRows = SUGGESTION_WALK_ROWS,
): Promise<SuggestionRow[]> {
  const s = SOURCES[source];
  const q = `to_tsquery('english', $1)`;
  const matches = `t.title_search @@ ${q}`;
  const params: unknown[] = [tsquery, TITLE_OPTIONS, limit];
  if (s.scope.some((c) => c.includes('$4'))) params.push(scope);
  const select = `select ${s.ref} as ref, ${clean('t.title')} as title`;
  const marked = async (rows: string) =>
    (
      await db.query<SuggestionRow>(
        `select p.ref, ts_headline('english', p.title, ${q}, $2) as title from (${rows}) p`,
        params,
      )
    ).rows;
  if (source === 'cases') {
    return marked(
      `${select} from ${s.from} where ${[...s.scope, matches].join(' and ')} order by ${s.order} limit $3`,
    );
  }
  if (!rare) {
    const newest = `select t.* from ${s.from} ${s.scope.length > 0 ? `where ${s.scope.join(' and ')}` : ''} order by ${s.order} limit ${walkRows}`;
    const walked = await marked(
      `${select} from (${newest}) t where ${matches} order by ${s.order} limit $3`,
    );
    if (walked.length >= limit || !(await scopeFills(db, source, scope, walkRows))) return walked;
  }
  return marked(
    `with t as materialized (select t.* from ${s.from} where ${[...s.scope, matches].join(' and ')})
     ${select} from t order by ${s.order} limit $3`,
  );
}
