// Issue 38: "this product's news that match these words" from one index. An item's products
// (its news_products rows) are copied onto it as `product_ids`, kept by statement-level
// triggers on news_products, and the news GIN index covers both columns: a product news
// count or window is one index scan that intersects the words' postings with the product's.
// Joined to news_products, the planner built a hash of every news match for correlated words
// it underestimated tenfold (`invoice automation` in one product's news: 444 ms at a million
// items, ADR 0066 addenda of sessions 24, 25 and 31).
//
// The copy changes neither an item's words nor its date, so the one-time fill below runs
// without the two update triggers that keep the postings (028) and the vocabulary (031): each
// captures every updated row, old and new, and at a million items they spilled 45 GB.
const wordTriggers = ['news_terms_update', 'news_words_update'];

/** Sets product_ids of the items in `changed` (a transition table of news_products). */
const copyProducts = (changed: string) => /* sql */ `
  update news n set product_ids = coalesce(l.ids, '{}')
    from (select distinct news_id from ${changed}) c
    left join lateral (select array_agg(np.product_id order by np.product_id) as ids
                         from news_products np where np.news_id = c.news_id) l on true
   where n.id = c.news_id and n.product_ids is distinct from coalesce(l.ids, '{}');`;

/** The trigger of one kind of change of the links, and its function. */
const onChange = (
  event: 'insert' | 'delete' | 'update',
  changed: string,
  tables: string,
) => /* sql */ `
create function news_products_to_news_${event}() returns trigger language plpgsql as $fn$
begin
  ${copyProducts(changed)}
  return null;
end
$fn$;
create trigger news_products_to_news_${event} after ${event} on news_products
  referencing ${tables} for each statement execute function news_products_to_news_${event}();`;

export const sql = /* sql */ `
alter table news add column product_ids text[] not null default '{}';
drop index news_search_idx;
${wordTriggers.map((t) => `alter table news disable trigger ${t};`).join('\n')}
update news n set product_ids = l.ids
  from (select news_id, array_agg(product_id order by product_id) as ids
          from news_products group by news_id) l
 where l.news_id = n.id;
${wordTriggers.map((t) => `alter table news enable trigger ${t};`).join('\n')}
create index news_search_idx on news using gin (search, product_ids);

${onChange('insert', 'new_rows', 'new table as new_rows')}
${onChange('delete', 'old_rows', 'old table as old_rows')}
${onChange(
  'update',
  '(select news_id from old_rows union all select news_id from new_rows) u',
  'old table as old_rows new table as new_rows',
)}
create function news_products_to_news_truncate() returns trigger language plpgsql as $fn$
begin
  update news set product_ids = '{}' where product_ids <> '{}';
  return null;
end
$fn$;

create trigger news_products_to_news_truncate after truncate on news_products
  for each statement execute function news_products_to_news_truncate();
`;
