import {
  DOCUMENT_FACETS,
  DOCUMENTS_PAGE_SIZE,
  DOCUMENTS_SEARCH_WINDOW,
  type DocumentSort,
} from '@portico/contracts';
import { firstValue, type Queryable } from '../../db/db.js';

/** The facet columns of product_documents: the contract's §9 facets in snake case (facet index = position). */
export const FACET_COLUMNS = DOCUMENT_FACETS.map((facet) =>
  facet.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`),
);

export interface VocabularyRow {
  facet: number;
  code: number;
  value_key: string;
  label: string;
}

export function listVocabulary(db: Queryable): Promise<{ rows: VocabularyRow[] }> {
  return db.query<VocabularyRow>(
    'select facet, code, value_key, label from product_document_facet_values order by facet, code',
    [],
    { prepare: true },
  );
}

/** The product's id from its id or its contentId (the web names products by contentId, §3). */
export async function findProductId(db: Queryable, idOrContentId: string): Promise<string | null> {
  return (
    (await firstValue<string>(
      db,
      'select id from products where id = $1 or content_id = $1 limit 1',
      [idOrContentId],
      { prepare: true },
    )) ?? null
  );
}

export interface CountRow {
  facet: number;
  code: number;
  n: number;
}

export interface SearchResult {
  total: number;
  windowed: boolean;
  ids: number[];
  counts: CountRow[];
}

const columns = FACET_COLUMNS.map((c) => `d.${c}`).join(', ');
const mColumns = FACET_COLUMNS.map((c) => `m.${c}`).join(', ');

/**
 * No query, no selection (the most frequent request): counts from the trigger-kept table,
 * the page from the date index. Nothing is counted.
 */
export async function browseDocuments(
  db: Queryable,
  productId: string,
  page: number,
): Promise<SearchResult> {
  const [counts, ids] = await Promise.all([
    db.query<CountRow>(
      `select facet, code, documents as n from product_document_facet_counts
        where product_id = $1 and documents > 0`,
      [productId],
      { prepare: true },
    ),
    db.query<{ id: number | string }>(
      `select id from product_documents where product_id = $1
        order by published_on desc, id desc limit ${DOCUMENTS_PAGE_SIZE} offset $2`,
      [productId, (page - 1) * DOCUMENTS_PAGE_SIZE],
      { prepare: true },
    ),
  ]);
  const total = counts.rows.filter((r) => r.facet === 0).reduce((sum, r) => sum + r.n, 0);
  return {
    total,
    windowed: false,
    ids: ids.rows.map((r) => Number(r.id)),
    counts: counts.rows,
  };
}

/**
 * No query, one facet selected (one or more of its values): everything from stored counts
 * (ADR 0055). The selected facet's own counts are the per-value ones; every other facet's are
 * the pair counts with a selected value; the total is the selected values' counts (a document
 * has one value per facet, so they add up). The page walks the date index until it has 20.
 */
export async function filterByOneFacet(
  db: Queryable,
  productId: string,
  facet: number,
  codes: readonly number[],
  page: number,
): Promise<SearchResult> {
  const column = FACET_COLUMNS[facet];
  if (column === undefined) throw new Error(`no facet ${facet}`);
  const [own, pairs, ids] = await Promise.all([
    db.query<CountRow>(
      `select facet, code, documents as n from product_document_facet_counts
        where product_id = $1 and facet = $2 and documents > 0`,
      [productId, facet],
      { prepare: true },
    ),
    db.query<CountRow>(
      `select facet, code, sum(n)::integer as n from (
         select facet_b as facet, code_b as code, documents as n
           from product_document_facet_pairs
          where product_id = $1 and facet_a = $2 and code_a = any($3::smallint[])
         union all
         select facet_a, code_a, documents from product_document_facet_pairs
          where product_id = $1 and facet_b = $2 and code_b = any($3::smallint[])
       ) p group by facet, code having sum(n) > 0`,
      [productId, facet, codes],
      { prepare: true },
    ),
    db.query<{ id: number | string }>(
      `select id from product_documents
        where product_id = $1 and ${column} = any($2::smallint[])
        order by published_on desc, id desc limit ${DOCUMENTS_PAGE_SIZE} offset $3`,
      [productId, codes, (page - 1) * DOCUMENTS_PAGE_SIZE],
    ),
  ]);
  const selected = new Set(codes);
  const total = own.rows.filter((r) => selected.has(r.code)).reduce((sum, r) => sum + r.n, 0);
  return {
    total,
    windowed: false,
    ids: ids.rows.map((r) => Number(r.id)),
    counts: [...own.rows, ...pairs.rows],
  };
}

export interface SearchShape {
  productId: string;
  query: string;
  sort: DocumentSort;
  page: number;
  /** Facet index → selected codes (only selected facets). */
  selected: ReadonlyMap<number, readonly number[]>;
}

/**
 * A search or a filtered list in one statement (ADR 0034). `m` holds the product's documents
 * matching the query (the newest DOCUMENTS_SEARCH_WINDOW matches) or, without a query, all of
 * them. A facet's counts apply every OTHER facet's selection (so a facet keeps offering its
 * alternatives); the list and the total apply all of them. Rows that fail two selections
 * count nowhere and are dropped first. Without a query and with one facet selected, that
 * facet's counts are the stored ones (`precomputed`), and only the rows it selects are read.
 */
export async function searchDocuments(
  db: Queryable,
  shape: SearchShape,
  precomputed: number | null,
): Promise<SearchResult> {
  const params: unknown[] = [shape.productId];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const ok = new Map<number, string>();
  for (const [facet, codes] of shape.selected) {
    ok.set(facet, `(m.${FACET_COLUMNS[facet]} = any(${add(codes)}::smallint[]))`);
  }
  const allOk = ok.size === 0 ? 'true' : [...ok.values()].join(' and ');
  const otherOk = (facet: number): string =>
    [...ok]
      .filter(([f]) => f !== facet)
      .map(([, sql]) => sql)
      .join(' and ') || 'true';
  const misses = [...ok.values()].map((sql) => `(not ${sql})::int`).join(' + ') || '0';
  const maxMisses = precomputed === null ? 1 : 0;

  let base: string;
  let windowSql = '';
  if (shape.query) {
    const q = `websearch_to_tsquery('english', ${add(shape.query)})`;
    // Sorted by date, the rank orders nothing: neither read the vectors nor rank them.
    const ranked = shape.sort === 'relevance';
    // Bounded: the newest matches, up to the window (+1 to tell that it is full).
    windowSql = `hits as materialized (
        select t.document_id as id, t.published_on${ranked ? ', t.search' : ''}
          from product_document_texts t
         where t.product_id = $1 and t.search @@ ${q}
         order by t.published_on desc, t.document_id desc
         limit ${DOCUMENTS_SEARCH_WINDOW + 1}),`;
    // The window's rows by primary key, one lookup each (OFFSET 0 keeps the subquery from
    // being flattened): as a plain join the planner merged the window with the whole primary
    // key index from its start, and the newest documents have the highest ids, so a frequent
    // term read every document's index entry (166 663 at 166 667 documents, 22 ms).
    base = `select m.id, m.published_on, ${ranked ? `ts_rank_cd(h.search, ${q})` : '0::real'} as rank,
                   ${mColumns}
              from (select id${ranked ? ', search' : ''} from hits
                     order by published_on desc, id desc
                     limit ${DOCUMENTS_SEARCH_WINDOW}) h
              cross join lateral (select * from product_documents d where d.id = h.id offset 0) m
             where (${misses}) <= ${maxMisses}`;
  } else {
    // Filtered here, not after: only rows that count somewhere are kept.
    base = `select m.id, m.published_on, 0::real as rank, ${mColumns}
              from product_documents m
             where m.product_id = $1 and (${misses}) <= ${maxMisses}`;
  }
  const order =
    shape.sort === 'relevance'
      ? 'm.rank desc, m.published_on desc, m.id desc'
      : 'm.published_on desc, m.id desc';
  const counted = FACET_COLUMNS.map((c, i) => [c, i] as const).filter(([, i]) => i !== precomputed);
  // One pass, one hash table per facet (grouping sets). A facet's count is the aggregate of
  // its scope: every other selection applied. Unselected facets share one scope (all applied).
  const scopes = [
    `count(*) filter (where ${allOk}) as n_all`,
    ...[...ok.keys()].map((f) => `count(*) filter (where ${otherOk(f)}) as n_${f}`),
  ].join(',\n             ');
  const facetOf = `case ${counted.map(([c, i]) => `when grouping(m.${c}) = 0 then ${i}`).join(' ')} end`;
  const codeOf = `coalesce(${counted.map(([c]) => `m.${c}`).join(', ')})`;
  const countOf =
    ok.size === 0
      ? 'g.n_all'
      : `case g.facet ${[...ok.keys()].map((f) => `when ${f} then g.n_${f}`).join(' ')} else g.n_all end`;
  const sets = counted.map(([c]) => `(m.${c})`).join(', ');
  const offset = add((shape.page - 1) * DOCUMENTS_PAGE_SIZE);

  const sql = /* sql */ `
    with ${windowSql}
    m as materialized (${base})
    select 0 as kind, g.facet::smallint, g.code::smallint, (${countOf})::int as n, null::bigint as id
      from (select ${facetOf} as facet, ${codeOf} as code,
             ${scopes}
              from m group by grouping sets (${sets})) g
    union all
    select 1, null, null, count(*)::int, null from m where ${allOk}
    union all
    select 2, null, null, ${shape.query ? '(select count(*)::int from hits)' : '0'}, null
    union all
    select 3, null, null, p.n, p.id from (
      select m.id, (row_number() over (order by ${order}))::int as n
        from m where ${allOk} order by ${order}
       limit ${DOCUMENTS_PAGE_SIZE} offset ${offset}) p`;

  const { rows } = await db.query<{
    kind: number;
    facet: number | null;
    code: number | null;
    n: number;
    id: number | string | null;
  }>(sql, params);

  const counts: CountRow[] = [];
  let total = 0;
  let hits = 0;
  const page: { id: number; n: number }[] = [];
  for (const row of rows) {
    if (row.kind === 0 && row.facet !== null && row.code !== null)
      counts.push({ facet: row.facet, code: row.code, n: row.n });
    else if (row.kind === 1) total = row.n;
    else if (row.kind === 2) hits = row.n;
    else if (row.kind === 3 && row.id !== null) page.push({ id: Number(row.id), n: row.n });
  }
  if (precomputed !== null) {
    const stored = await db.query<CountRow>(
      `select facet, code, documents as n from product_document_facet_counts
        where product_id = $1 and facet = $2 and documents > 0`,
      [shape.productId, precomputed],
      { prepare: true },
    );
    counts.push(...stored.rows);
  }
  page.sort((a, b) => a.n - b.n);
  return {
    total,
    windowed: hits > DOCUMENTS_SEARCH_WINDOW,
    ids: page.map((p) => p.id),
    counts,
  };
}

export interface DocumentRow {
  id: number;
  product_id: string;
  published_on: string;
  title: string;
  summary: string;
  content: string;
  codes: number[];
}

/** The documents of a page (or one document), with their facet codes in §9 order. */
export async function findDocuments(
  db: Queryable,
  productId: string,
  ids: readonly number[],
  withContent: boolean,
): Promise<DocumentRow[]> {
  const { rows } = await db.query<Omit<DocumentRow, 'id'> & { id: number | string }>(
    `select d.id, d.product_id, to_char(d.published_on, 'YYYY-MM-DD') as published_on,
            t.title, t.summary, ${withContent ? 't.content' : "'' as content"},
            array[${columns}]::int[] as codes
       from product_documents d
       join product_document_texts t on t.document_id = d.id
      where d.product_id = $1 and d.id = any($2::bigint[])`,
    [productId, ids],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * The product's documents in the list's order, packed by PostgreSQL into two byte strings
 * (one round trip, no row objects): 8 bytes of id and 2 bytes per facet for each document.
 */
export async function findPackedFacets(
  db: Queryable,
  productId: string,
): Promise<{ ids: Uint8Array; codes: Uint8Array }> {
  const codes = FACET_COLUMNS.map((c) => `int2send(${c}::smallint)`).join(' || ');
  const { rows } = await db.query<{ ids: Uint8Array | null; codes: Uint8Array | null }>(
    `select string_agg(int8send(id), ''::bytea order by published_on desc, id desc) as ids,
            string_agg(${codes}, ''::bytea order by published_on desc, id desc) as codes
       from product_documents where product_id = $1`,
    [productId],
  );
  const row = rows[0];
  return { ids: row?.ids ?? new Uint8Array(), codes: row?.codes ?? new Uint8Array() };
}
