import type { Db } from '../src/db/db.js';

/**
 * The (source, product, word) counts of product_term_counts (migration 045) that differ from
 * the rows they count, news and documents: none when the triggers keep them. At most five.
 */
export async function termCountsDrift(db: Db): Promise<unknown[]> {
  const { rows } = await db.query(`
    with counted as (
      select 'news' as source, p as product_id, l as lexeme, count(*)::int as items
        from news n, unnest(n.product_ids) p, unnest(tsvector_to_array(n.search)) l
       group by p, l
      union all
      select 'documents', d.product_id, l, count(*)::int
        from product_document_texts d, unnest(tsvector_to_array(d.search)) l
       group by d.product_id, l),
    kept as (select source, product_id, lexeme collate "default" as lexeme, items
               from product_term_counts where items <> 0)
    (select 'missing' as what, * from (select * from counted except select * from kept) a)
    union all
    (select 'extra', * from (select * from kept except select * from counted) b)
    limit 5`);
  return rows;
}
