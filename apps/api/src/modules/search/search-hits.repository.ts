import { SEARCH_HITS_PER_SOURCE, type SearchHitSource } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import {
  postedScanFellShortSql,
  postedWindowSql,
  postingOfProductSql,
  productPostingsPaySql,
} from '../news/index.js';
import {
  clean,
  HIT_WALK_ROWS,
  HIT_WINDOW,
  newestRowsWalk,
  fewMatchesSql,
  PROBE_POSTINGS,
  PROBE_ROWS,
  scopedWhere,
  SNIPPET_OPTIONS,
  SOURCES,
  TITLE_OPTIONS,
} from './search-hit-sources.repository.js';
import {
  indexedTable,
  PAIRS_MATCH,
  PHRASE_PAIRS,
  POSTED,
  POSTINGS_WINDOW,
  QUERY,
  QUERY_CTE,
  QUERY_WORDS,
  rareWord,
  wordFrequency,
} from './search-hit-words.repository.js';

// The hits under the search page's cards (issue 38, ADR 0066). Each source answers its best
// few matches: the newest HIT_WINDOW matches in the source's own date order (the plan of ADR
// 0004: the date index for frequent words, GIN for rare ones, never every match ranked),
// then ranked with title matches first (the title's own vector), then ts_rank_cd, then newest.
// Titles and snippets come from ts_headline with control characters as match markers; the
// texts they cut never contain those (the input and the editors refuse control characters,
// and translate() drops any that a row written by hand holds).

/**
 * One source's part of the hits statement: its CTEs (named with `i`) and its rows. `where` is
 * the source's scope (scopedWhere), `scopeParam` that scope's parameter where it has one.
 */
function sourceHitsSql(
  i: number,
  source: SearchHitSource,
  where: (extra: string[], indexed?: boolean) => string,
  {
    walkRows,
    postings,
    rareByIndex,
    pairs,
    probeRows,
    productPostings,
    linkedScan,
  }: Required<HitPlan>,
  scopeParam: string | undefined,
): { ctes: string[]; rows: string } {
  const s = SOURCES[source];
  const table = s.from.split(' ')[0];
  const match = `t.search @@ ${QUERY}`;
  const windowOf = (from: string) =>
    `select t.${s.key} as id, row_number() over (order by ${s.order}) as n from ${from}
      order by ${s.order} limit ${HIT_WINDOW}`;
  // Words (and phrases) joined by AND, some negated, in news: the newest matches from their
  // postings are the window; the walk and the index are not run.
  const byPostings = postings && s.postings === 'all';
  // A product's news from the postings too, each posting's link probed, where that pays
  // (productPostingsPaySql); their first `linkedScan` postings holding too few matches, the index.
  const linkedScope =
    postings && s.postings === 'linked' && productPostings !== 'never' ? scopeParam : undefined;
  const linked = linkedScope === undefined ? null : `(select yes from pp${i})`;
  // A query whose rarest word is too rare to fill the window in the newest rows skips them
  // for the index (news too, when its postings do not answer: OR, a negated phrase).
  const rare = rareByIndex ? `(select yes from rare${i})` : null;
  // Several words, each common, that the index finds in at most probeRows items of the scope
  // (words often apart: `"cloud migration"` in one product's documents): the index's first
  // probeRows + 1 matches tell, and the walk, which would find none of them, is not run.
  const few = rare && probeRows > 0 ? `(select yes from few${i})` : null;
  // The matches from the GIN index, sorted (a MATERIALIZED set the order cannot reach into),
  // when the word is too rare for the walk, the query's matches are few, or the newest rows
  // held fewer than the window and were not all the scope's rows. The tests run in that order
  // and stop at the first that holds: PostgreSQL evaluates nothing after it, and the walk,
  // whose rows are then not asked for, never runs.
  const walkFellShort = `(select count(*) from walk${i}) < ${HIT_WINDOW} and (select yes from fills${i})`;
  // Chosen but their postings fell short: the index (ppshort).
  const index = `(${[linked, rare, few, walkFellShort].filter((t) => t !== null).join(' or ')})`;
  const otherwise = byPostings
    ? 'not (select yes from posted) and'
    : linked
      ? `not (${linked} and not (select yes from ppshort${i})) and`
      : '';
  // What the index branch keeps of each match: the key and the columns of the order.
  const matchColumns = [
    ...new Set([s.key, ...[...s.order.matchAll(/\bt\.(\w+)/g)].map((m) => m[1] ?? '')]),
  ]
    .map((column) => `t.${column}`)
    .join(', ');
  // The matches from the index, unsorted; a phrase's from the side-by-side words' index (046)
  // when it has one (`queryPairs`: whether the query's pairs are null), its words' otherwise.
  // PostgreSQL plans a CTE for all its rows (the bitmap of the index) and reads it only as far
  // as it is asked: the probe's first rows, then the rest when the index answers.
  const matched = (condition: string, queryPairs?: 'is null' | 'is not null') =>
    `select ${matchColumns} from ${s.indexed?.from ?? s.from} ${where(
      [condition, ...(queryPairs ? [`(select pairs from phrase_pairs) ${queryPairs}`] : [])],
      true,
    )}`;
  const matches =
    pairs && s.pairs === true
      ? `${matched(match, 'is null')} union all ${matched(PAIRS_MATCH, 'is not null')}`
      : matched(match);
  return {
    ctes: [
      ...(linkedScope !== undefined
        ? [
            `pp${i} as materialized (select (select yes from posted)
               and (select phrase from posted) is null and ${
                 productPostings === 'always'
                   ? 'true'
                   : productPostingsPaySql('posted', linkedScope, {
                       limit: HIT_WINDOW,
                       scanned: linkedScan,
                     })
               } as yes)`,
            `ppw${i} as materialized (${postedWindowSql('posted', HIT_WINDOW, {
              within: postingOfProductSql(linkedScope),
              scanned: linkedScan,
            })})`,
            `ppshort${i} as (select ${postedScanFellShortSql('posted', `ppw${i}`, HIT_WINDOW, linkedScan)} as yes)`,
          ]
        : []),
      ...(rare ? [`rare${i} as (select ${rareWord(s, walkRows)} as yes)`] : []),
      `m${i} as materialized (${matches})`,
      ...(few
        ? [
            `few${i} as (select (select several from query_words)
               and coalesce((select min(x.items) from word_frequency x
                              where x.tbl = '${indexedTable(s)}'), 0) <= ${PROBE_POSTINGS}
               and ${fewMatchesSql(`m${i}`, probeRows)} as yes)`,
          ]
        : []),
      // The newest rows first: a frequent word fills the window in a few hundred of them.
      ...newestRowsWalk(
        s,
        where,
        { walk: `walk${i}`, fills: `fills${i}` },
        {
          columns: `t.${s.key} as id`,
          outputs: 'id, n',
          vector: 't.search',
          match,
          limit: String(HIT_WINDOW),
        },
        walkRows,
      ),
      // MATERIALIZED so the ranking's ORDER BY … LIMIT is not pushed into it.
      `w${i} as materialized (
        ${byPostings ? `(${POSTINGS_WINDOW}) union all` : ''}
        ${linked ? `select id, n from ppw${i} where ${linked} and not (select yes from ppshort${i}) union all` : ''}
        select id, n from walk${i} where ${otherwise} not ${index}
        union all
        select id, n from (${windowOf(`m${i} t`)}) x where ${otherwise} ${index}
      )`,
      // A title hit: the title alone matches, read from its own small vector (migration 037).
      // The same as a cover of the query in the A-weighted part of `search` (the title's, at
      // the same positions), which a second ts_rank_cd over every window row computed.
      `top${i} as (
        select t.*, t.title_search @@ ${QUERY} as title_hit,
               ts_rank_cd(t.search, ${QUERY}) as rank, w.n
          from w${i} w join ${table} t on t.${s.key} = w.id
         order by title_hit desc, rank desc, w.n
         limit ${SEARCH_HITS_PER_SOURCE}
      )`,
    ],
    rows: `select ${i} as i, (select count(*) from w${i}) as found, h.*
      from (select 1) one
      left join (
        select t.${s.key}::text as id, ${s.ref} as ref,
               ts_headline('english', ${clean('t.title')}, ${QUERY}, $2) as title,
               ts_headline('english', ${clean(s.text)}, ${QUERY}, $3) as snippet,
               (${s.date})::text as date, (${s.type})::text as type, t.title_hit, t.rank, t.n
          from top${i} t
      ) h on true`,
  };
}

/** How findHits may find the window; the defaults are the product's (tests compare the ways). */
export interface HitPlan {
  /** The newest rows looked through first (0: every source asks its index). */
  walkRows?: number;
  /** Words joined by AND in news: their postings (news_terms). */
  postings?: boolean;
  /** A query whose rarest word cannot fill the window in the newest rows: the index at once. */
  rareByIndex?: boolean;
  /** A phrase's matches from the side-by-side words' index (migration 046), where one is. */
  pairs?: boolean;
  /**
   * Several words whose matches in a source are at most this many: the index at once (0: the
   * walk first). Needs rareByIndex.
   */
  probeRows?: number;
  /**
   * A product's news from the postings (with `postings`): where that pays ('auto'), for every
   * search the postings answer, or never.
   */
  productPostings?: 'auto' | 'always' | 'never';
  /** The most postings of the rarest word a product's news window reads before the index. */
  linkedScan?: number;
}

export interface HitRow {
  id: string;
  /** What the link is built from: a news item's or a document's id, a case's number … */
  ref: string;
  /** Marked with MATCH_START / MATCH_END. */
  title: string;
  snippet: string;
  date: string | null;
  type: string | null;
}

export interface SourceHitRows {
  /** Matches, up to HIT_WINDOW. */
  found: number;
  rows: HitRow[];
}

/** A source the caller may search, with what scopes it (a product's or an account's id). */
export interface HitSource {
  source: SearchHitSource;
  scope?: string | undefined;
}

/** The statement of findHits and its parameters (the tests read its plan). */
export function hitsStatement(
  sources: readonly HitSource[],
  query: string,
  plan: HitPlan = {},
): { text: string; params: unknown[] } {
  const walkRows = plan.walkRows ?? HIT_WALK_ROWS;
  const ways: Required<HitPlan> = {
    walkRows,
    postings: plan.postings ?? true,
    rareByIndex: (plan.rareByIndex ?? true) && walkRows > 0,
    pairs: plan.pairs ?? true,
    probeRows: plan.probeRows ?? PROBE_ROWS,
    productPostings: plan.productPostings ?? 'auto',
    linkedScan: plan.linkedScan ?? HIT_WALK_ROWS,
  };
  const params: unknown[] = [query, TITLE_OPTIONS, SNIPPET_OPTIONS];
  const parts = sources.map(({ source, scope }, i) => {
    const { where, param } = scopedWhere(source, scope, params);
    return sourceHitsSql(i, source, where, ways, param);
  });
  const posted = ways.postings && sources.some(({ source }) => SOURCES[source].postings);
  // The sources whose rare query may skip the walk.
  const rareTables = ways.rareByIndex
    ? [...new Set(sources.map(({ source }) => indexedTable(SOURCES[source])))]
    : [];
  const rare = rareTables.length > 0;
  const text = `with ${[
    QUERY_CTE,
    ...(posted ? [POSTED] : []),
    ...(ways.pairs && sources.some(({ source }) => SOURCES[source].pairs === true)
      ? [PHRASE_PAIRS]
      : []),
    ...(rare ? [QUERY_WORDS, wordFrequency(rareTables)] : []),
    ...parts.flatMap((p) => p.ctes),
  ].join(',\n')}
     select * from (${parts.map((p) => p.rows).join('\n union all \n')}) r
      order by r.i, r.title_hit desc, r.rank desc, r.n`;
  return { text, params };
}

/**
 * Each source's best hits for a query, in the order of `sources`, in ONE statement (issue
 * 38: a statement per source cost a round trip and a pooled connection each, seven a call).
 * `scope` is the product id (product sources) or the caller's account id (knowledge articles,
 * cases); none for news and the service catalogue.
 */
export async function findHits(
  db: Queryable,
  sources: readonly HitSource[],
  query: string,
  plan: HitPlan = {},
): Promise<SourceHitRows[]> {
  if (sources.length === 0) return [];
  const { text, params } = hitsStatement(sources, query, plan);
  const { rows } = await db.query<{
    i: number;
    found: number | string;
    id: string | null;
    ref: string | null;
    title: string | null;
    snippet: string | null;
    date: string | null;
    type: string | null;
  }>(text, params, { prepare: true });
  const answers: SourceHitRows[] = sources.map(() => ({ found: 0, rows: [] }));
  for (const row of rows) {
    const answer = answers[row.i];
    if (!answer) continue;
    answer.found = Number(row.found);
    if (row.id === null || row.ref === null) continue;
    answer.rows.push({
      id: row.id,
      ref: row.ref,
      title: row.title ?? '',
      snippet: row.snippet ?? '',
      date: row.date,
      type: row.type,
    });
  }
  return answers;
}
