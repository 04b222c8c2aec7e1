// Issue 38: the search answers (hits, counts, suggestions, spelling corrections) are read
// caches of every instance (ADR 0043, ADR 0066 addendum), dropped on commit of any change to
// what a search reads. News ('news', migration 016) and product documents ('documents',
// migration 024) already announce themselves; 'search' is every other searchable table and
// the products a search names. 'callers' is a change of the products users are connected to,
// which the search's gates read beside the user's account, permissions and employee flag
// (those are 'user <id>', migration 029). Once per statement: a bulk load is one notification.
const SEARCHED = [
  'news_products',
  'product_document_texts',
  'product_content',
  'community_posts',
  'knowledge_articles',
  'support_cases',
  'service_catalog_items',
  'university_courses',
  'products',
];

export const sql = /* sql */ `
create function portico_notify_search_changed() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('portico_changes', tg_table_schema || ' search');
  return null;
end
$fn$;
${SEARCHED.map(
  (table) => `create trigger ${table}_search_changed
  after insert or update or delete or truncate on ${table}
  for each statement execute function portico_notify_search_changed();`,
).join('\n')}

create function portico_notify_callers_changed() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('portico_changes', tg_table_schema || ' callers');
  return null;
end
$fn$;
create trigger user_products_callers_changed
  after insert or update or delete or truncate on user_products
  for each statement execute function portico_notify_callers_changed();
`;
