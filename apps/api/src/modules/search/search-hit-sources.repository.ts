import type { SearchHitSource } from '@portico/contracts';

// Each hit source in SQL (issue 38, ADR 0066): its table, text, title, date, link and scope,
// the match markers of ts_headline, and the walk through a source's newest rows that the
// hits (search-hits.repository.ts) and the suggestions (search-suggestions.repository.ts)
// share.

/** Matches ranked per source; `found` counts them up to this bound. */
export const HIT_WINDOW = 100;

export const TSQUERY = `websearch_to_tsquery('english', $1)`;
/** Match markers of ts_headline: STX and ETX are never part of a stored text. */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';
export const TITLE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, HighlightAll=true`;
export const SNIPPET_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=28, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

export const clean = (expr: string) => `translate(${expr}, E'\\x02\\x03', '')`;
/** Markup out of an HTML body: its text only (entities are decoded with the snippet). */
const textOf = (html: string) => `regexp_replace(${html}, '<[^>]*>', ' ', 'g')`;
const isoTime = (expr: string) =>
  `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface SourceSql {
  /** The rows to search, aliased t; may join others. */
  from: string;
  /** The primary key of t. */
  key: string;
  /** Conditions of this caller besides the match ($4 is the scope parameter). */
  scope: string[];
  /** The order the window is taken in (the source's list order, newest first). */
  order: string;
  date: string;
  text: string;
  type: string;
  /** What the link needs besides id and title (a case's number, a news item's id). */
  ref: string;
  /** When an item became findable, for saved searches' news; null: the source has no date. */
  since: string | null;
  /**
   * The same order as `order`, in columns of the scope's table where its index gives it
   * (a product's news: news_products, migration 040): the walk through the newest rows.
   */
  walkOrder?: string;
  /**
   * Where the matches are read from the GIN index, when not from `from` under `scope` (a
   * product's news: `from` walks the product's links in date order, while the item's products
   * are on its row, migration 042, in the news GIN index beside its words; a document's
   * product is in its GIN index as a one-element array, migration 044, and a case's account,
   * migration 047; each beside the title prefixes too, migration 043).
   */
  indexed?: { from: string; scope: string[] };
  /**
   * A window of words joined by AND from their postings (news_terms, migration 028): news
   * (`all`), or a product's news, each posting's link to the product probed (`linked`).
   */
  postings?: 'all' | 'linked';
  /** The indexed table has the side-by-side words' index (migration 046): news, documents. */
  pairs?: true;
}

/** The news list's window; product news is the same list narrowed to one product. */
const NEWS_SQL: SourceSql = {
  from: 'news t',
  key: 'id',
  scope: [],
  order: 't.publication_date desc, t.id desc',
  date: isoTime('t.publication_date'),
  text: `coalesce(t.introduction, '') || ' ' || ${textOf('t.content')}`,
  type: 'null',
  ref: 't.id::text',
  pairs: true,
  // An item went live at its publication date, or when it was published if that was later:
  // an editor often dates an item earlier than the moment it goes out (this morning, a
  // backdated release), and a check between the two must not make it never new.
  since: `greatest(t.publication_date, (select e.announced_at from news_editorial e where e.id = t.id))`,
};

export const SOURCES: Record<SearchHitSource, SourceSql> = {
  news: { ...NEWS_SQL, postings: 'all' },
  productNews: {
    ...NEWS_SQL,
    from: 'news t join news_products np on np.news_id = t.id',
    scope: ['np.product_id = $4'],
    walkOrder: 'np.publication_date desc, np.news_id desc',
    indexed: { from: 'news t', scope: ['t.product_ids @> array[$4::text]'] },
    postings: 'linked',
  },
  productDocumentation: {
    from: 'product_document_texts t',
    pairs: true,
    key: 'document_id',
    scope: ['t.product_id = $4'],
    // The product beside the words in one GIN index (migration 044).
    indexed: {
      from: 'product_document_texts t',
      scope: ['array[t.product_id] @> array[$4::text]'],
    },
    order: 't.product_id, t.published_on desc, t.document_id desc',
    date: `to_char(t.published_on, 'YYYY-MM-DD')`,
    text: `t.summary || ' ' || ${textOf('t.content')}`,
    type: 'null',
    ref: 't.document_id::text',
    since: '(t.published_on + 1)::timestamptz',
  },
  productSoftwareDownloads: {
    from: 'product_content t',
    key: 'id',
    scope: ['t.product_id = $4', `t.kind = 'software'`],
    order: 't.published_at desc, t.id desc',
    date: isoTime('t.published_at'),
    text: 't.body',
    type: 'null',
    ref: 't.id::text',
    since: 't.published_at',
  },
  knowledgeArticles: {
    from: 'knowledge_articles t',
    key: 'id',
    scope: ['(t.account_id is null or t.account_id = $4)'],
    order: 't.id desc',
    date: 'null',
    text: 't.body',
    type: 't.number',
    ref: 't.number',
    since: null,
  },
  cases: {
    from: 'support_cases t',
    key: 'id',
    scope: ['t.account_id = $4'],
    // The account beside the words and the title prefixes in their GIN indexes (migration 047).
    indexed: { from: 'support_cases t', scope: ['array[t.account_id] @> array[$4::text]'] },
    order: 't.opened_at desc, t.id desc',
    date: isoTime('t.opened_at'),
    text: 't.description',
    type: 't.status',
    ref: 't.number',
    since: 't.opened_at',
  },
  serviceCatalog: {
    from: 'service_catalog_items t',
    key: 'id',
    scope: [],
    order: 't.id',
    date: 'null',
    text: 't.description',
    type: 't.category',
    ref: 't.id::text',
    since: null,
  },
};

/**
 * How many of a source's newest rows the hits' window is looked for in first. A word in at
 * least one item in twenty fills the window there (a few ms at a million news); the planner,
 * which cannot tell, read every match of two frequent words from the GIN index and sorted
 * them (`invoice automation` in one product's news: 200 ms), or walked the whole date index
 * for a word in no item (the service catalogue: 35 ms).
 */
export const HIT_WALK_ROWS = 2_000;

/**
 * Several common words are often seldom together (`"cloud migration"` in one product's
 * documents, `cloud m` typed for a title): a walk through 2 000 newest rows finding none cost
 * 2–5 ms a source at a million items, while the index's bitmap of their few common items
 * costs about 1 ms. Reading up to this many matches from the index tells which (the hits'
 * and the suggestions' probe), and sorting that many costs about what a walk does.
 */
export const PROBE_ROWS = 300;

/**
 * The probe reads the index's bitmap of the query's items, about as long as the postings of
 * its rarest word: 1–2 ms for 20 000 of them, 17 ms for 80 000 (and rows rechecked where the
 * bitmap went lossy). Where the rarest word is in more items (ANALYZE's frequency times the
 * table's rows), the newest rows are walked first, as before.
 */
export const PROBE_POSTINGS = 25_000;

/** Whether a MATERIALIZED CTE of index matches holds at most `probeRows`: it reads one more. */
export const fewMatchesSql = (cte: string, probeRows: number): string =>
  `(select count(*) from (select 1 from ${cte} limit ${probeRows + 1}) x) <= ${probeRows}`;

/**
 * A source's scope for one statement: its scope parameter (if it has one) pushed onto
 * `params` and renumbered there (`param`, typed text); and `where`, its WHERE with any `extra`
 * conditions, `indexed`: the scope of the source's GIN reads (SourceSql.indexed) where it has
 * one of its own.
 */
export function scopedWhere(
  source: SearchHitSource,
  scope: string | undefined,
  params: unknown[],
): { where: (extra: string[], indexed?: boolean) => string; param?: string } {
  const s = SOURCES[source];
  const scopes = [s.scope, s.indexed?.scope ?? s.scope];
  let [walked, indexedScope] = scopes;
  let param: string | undefined;
  if (scopes.flat().some((c) => c.includes('$4'))) {
    params.push(scope);
    const number = `$${params.length}`;
    param = `${number}::text`;
    [walked, indexedScope] = scopes.map((list) => list.map((c) => c.replace('$4', number)));
  }
  const where = (extra: string[], indexed = false) => {
    const all = [...((indexed ? indexedScope : walked) ?? []), ...extra];
    return all.length > 0 ? `where ${all.join(' and ')}` : '';
  };
  return param === undefined ? { where } : { where, param };
}

/**
 * Two CTEs over a source's newest `walkRows` rows in its index's order: `walk`, the first
 * `limit` of them that `match` (numbered `n` as the index gives them, no sort, so the scan
 * stops there), with the `columns` (aliased, on `t`) and the `vector` the match reads; and
 * `fills`, whether the scope holds more rows than the walk saw (read once, only when asked).
 */
export function newestRowsWalk(
  s: SourceSql,
  where: (extra: string[]) => string,
  names: { walk: string; fills: string },
  walk: { columns: string; outputs: string; vector: string; match: string; limit: string },
  walkRows: number,
): string[] {
  const order = s.walkOrder ?? s.order;
  return [
    `${names.walk} as (
      select ${walk.outputs} from (
        select ${walk.columns}, ${walk.vector}, row_number() over (order by ${order}) as n
          from ${s.from} ${where([])} order by ${order} limit ${walkRows}
      ) t where ${walk.match} limit ${walk.limit}
    )`,
    `${names.fills} as (
      select count(*) > ${walkRows} as yes
        from (select 1 from ${s.from} ${where([])} limit ${walkRows + 1}) x
    )`,
  ];
}
