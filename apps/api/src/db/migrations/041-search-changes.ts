// Issue 38: the search answers (hits, counts, suggestions, spelling corrections) are read
// caches of every instance (ADR 0043, ADR 0066 addendum), dropped on commit of any change to
// what a search reads. News ('news', migration 016) and product documents ('documents',
// migration 024) already announce themselves; these are the other searchable tables. Once
// per statement: a bulk load is one notification.
const TABLES = [
  'news_products',
  'product_document_texts',
  'product_content',
  'community_posts',
  'knowledge_articles',
  'support_cases',
  'service_catalog_items',
  'university_courses',
];

export const sql = /* sql */ `
create function portico_notify_search_changed() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('portico_changes', tg_table_schema || ' search');
  return null;
end
$fn$;
${TABLES.map(
  (table) => `create trigger ${table}_search_changed
  after insert or update or delete or truncate on ${table}
  for each statement execute function portico_notify_search_changed();`,
).join('\n')}
`;
