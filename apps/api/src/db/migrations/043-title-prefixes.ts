// Issue 38, suggestions at a million items: every prefix of every title word, indexed. A typed
// prefix (`'tr':*`) made the title index (037) visit each word that begins with it and gather
// their rows into one bitmap before the other typed words could narrow it: "audit tr" and
// "cloud m", two frequent prefixes that never meet in a product's documents, took 60–200 ms
// and 33–55 ms at a million. Indexed by its prefixes (edge n-grams), a typed word is one
// entry, and the words' entries are intersected in the index: 4 ms and 0.1 ms. The index is
// on an expression of the title vector, so no column is added and no table rewritten; about
// five times the size of the title index (55 MB against 10 MB for a million documents, 61 MB
// against 11 MB for a million news).
// A product's news and documents hold their product beside the prefixes (as the words' indexes
// of migrations 042 and 044 do), so the index gives one product's matches: a prefix frequent
// in other products' titles and rare in this one's reads only this one's.
const indexes = [
  ['news', 'product_ids'],
  ['product_document_texts', '(array[product_id])'],
  ['product_content', null],
  ['knowledge_articles', null],
  ['support_cases', null],
  ['service_catalog_items', null],
] as const;

export const sql = /* sql */ `
-- Each lexeme of a vector with every prefix of it ('troubl' gives 't', 'tr' … 'troubl'): a
-- lexeme s is in the result exactly when some lexeme of v begins with s, so the plain query
-- s matches it where the prefix query s:* matches v. Only catalogue functions inside, so it
-- resolves under any search_path (ANALYZE and autovacuum run with pg_catalog alone). Its cost
-- keeps the planner from running it over a table's rows instead of reading its index.
create function search_title_prefixes(v tsvector) returns tsvector
language sql immutable parallel safe strict cost 1000 as $fn$
  select array_to_tsvector(array(
    select distinct left(l, n) from unnest(tsvector_to_array(v)) l, generate_series(1, length(l)) n))
$fn$;
${indexes
  .map(
    ([table, product]) =>
      `create index ${table}_title_prefixes_idx on ${table}
         using gin (search_title_prefixes(title_search)${product ? `, ${product}` : ''});`,
  )
  .join('\n')}
`;
