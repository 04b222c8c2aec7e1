// Issue 38: how many of a product's news items and documents hold each word, kept by
// statement-level triggers. A product card's count (and its tab's total, up to the window)
// of one word is then one row, and of words joined by OR one row per word when any of them
// fills the window: the GIN index of words and products built the bitmap of every match
// (149 000 rows for `customers` in one product's news at a million items) to count 1 000 of
// them, 10–50 ms a count; the rows' count reads 0.1 ms. Other searches (several words, a
// phrase, a negation) keep counting over the index.
//
// News hold their products in product_ids (migration 042), documents one product_id. The
// update triggers count only rows whose words or products changed; each writes its changes
// in the key's order, so two writers of the same words wait for each other instead of
// deadlocking.
const sources = [
  {
    source: 'news',
    table: 'news',
    key: 'id',
    products: (r: string) =>
      `lateral (select distinct x from unnest(${r}.product_ids) x) p(product_id)`,
    columns: 'search, product_ids',
  },
  {
    source: 'documents',
    table: 'product_document_texts',
    key: 'document_id',
    products: (r: string) => `lateral (select ${r}.product_id) p(product_id)`,
    columns: 'search, product_id',
  },
] as const;

type Source = (typeof sources)[number];

/** Each (product, lexeme) of the rows `from` (aliased r), with `sign` (1 or -1). */
const pairs = (s: Source, from: string, sign: string, where = 'true') =>
  `select p.product_id, l.lexeme, ${sign} as d
     from ${from}, ${s.products('r')}, unnest(tsvector_to_array(r.search)) l(lexeme)
    where ${where}`;

/** The rows of `a` whose words or products differ in `b`, the same row after or before. */
const changed = (s: Source, a: string, b: string) =>
  `row(${s.columns.replace(/(\w+)/g, `${a}.$1`)}) is distinct from row(${s.columns.replace(/(\w+)/g, `${b}.$1`)})`;

/** Adds the summed changes of `changes` (product_id, lexeme, d) to the counts. */
const apply = (s: Source, changes: string) => /* sql */ `
  insert into product_term_counts (source, product_id, lexeme, items)
  select '${s.source}', c.product_id, c.lexeme, sum(c.d)::integer
    from (${changes}) c
   group by c.product_id, c.lexeme having sum(c.d) <> 0
   order by c.product_id, c.lexeme
  on conflict (source, product_id, lexeme)
  do update set items = product_term_counts.items + excluded.items;`;

/** A statement-level trigger of `event` on the source's table, and its function doing `body`. */
const onEvent = (
  s: Source,
  event: 'insert' | 'update' | 'delete' | 'truncate',
  tables: string,
  body: string,
) => /* sql */ `
create function ${s.table}_term_counts_${event}() returns trigger language plpgsql as $fn$
begin
  ${body}
  return null;
end
$fn$;
create trigger ${s.table}_term_counts_${event} after ${event} on ${s.table}
  ${tables} for each statement execute function ${s.table}_term_counts_${event}();`;

const triggers = (s: Source) =>
  [
    onEvent(
      s,
      'insert',
      'referencing new table as new_rows',
      apply(s, pairs(s, 'new_rows r', '1')),
    ),
    onEvent(
      s,
      'update',
      'referencing old table as old_rows new table as new_rows',
      apply(
        s,
        `${pairs(s, `new_rows r join old_rows o on o.${s.key} = r.${s.key}`, '1', changed(s, 'r', 'o'))}
         union all
         ${pairs(s, `old_rows r join new_rows n on n.${s.key} = r.${s.key}`, '-1', changed(s, 'r', 'n'))}`,
      ),
    ),
    onEvent(
      s,
      'delete',
      'referencing old table as old_rows',
      apply(s, pairs(s, 'old_rows r', '-1')),
    ),
    onEvent(s, 'truncate', '', `delete from product_term_counts where source = '${s.source}';`),
  ].join('\n');

export const sql = /* sql */ `
create table product_term_counts (
  -- 'news' or 'documents'
  source text not null,
  product_id text not null,
  -- Byte order: only equality is asked, and "C" compares fastest.
  lexeme text collate "C" not null,
  items integer not null,
  primary key (source, product_id, lexeme)
);
${sources.map(triggers).join('\n')}

-- Every count again from the rows: here, and after a bulk load that ran without the triggers
-- (the search bench's fill of a million items).
create function product_term_counts_rebuild() returns void language plpgsql as $fn$
begin
  truncate product_term_counts;
  ${sources.map((s) => apply(s, pairs(s, `${s.table} r`, '1'))).join('\n  ')}
end
$fn$;
select product_term_counts_rebuild();
analyze product_term_counts;
`;
