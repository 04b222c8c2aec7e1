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

const NOTIFIED: readonly (readonly [table: string, what: string])[] = [
  ...SEARCHED.map((table) => [table, 'search'] as const),
  ['user_products', 'callers'],
];

// One function for every table: what it announces is the trigger's argument.
export const sql = /* sql */ `
create function portico_notify_changed() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('portico_changes', tg_table_schema || ' ' || tg_argv[0]);
  return null;
end
$fn$;
${NOTIFIED.map(
  ([table, what]) => `create trigger ${table}_${what}_changed
  after insert or update or delete or truncate on ${table}
  for each statement execute function portico_notify_changed('${what}');`,
).join('\n')}
`;
