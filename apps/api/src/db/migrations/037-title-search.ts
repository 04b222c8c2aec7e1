// Issue 38, suggestions at a million items: a vector of each searchable title alone, with its
// own GIN index. Suggestions match title prefixes; on the whole-item vector that took weight
// A, which the GIN index does not hold, so every candidate row's vector (title and body,
// TOASTed) was read to re-check it: 240 ms for a prefix found only in bodies. A title vector
// is small and needs no re-check.
const tables = [
  'news',
  'product_document_texts',
  'product_content',
  'knowledge_articles',
  'support_cases',
  'service_catalog_items',
] as const;

export const sql = tables
  .map(
    (table) => /* sql */ `
alter table ${table} add column title_search tsvector
  generated always as (to_tsvector('english', coalesce(title, ''))) stored;
create index ${table}_title_search_idx on ${table} using gin (title_search);`,
  )
  .join('\n');
